package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.webhook.EventType;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The portal names every event in words, in each of its languages: a new event type fails here until it does. */
class EventWordsTest {

    @Test
    void everyEventTypeHasItsWordsInEveryLanguage() throws IOException {
        for (String language : new String[] {"ht", "fr", "en"}) {
            Properties words = new Properties();
            try (Reader reader = Files.newBufferedReader(
                    Path.of("src/main/resources/portal/portal_" + language + ".properties"), StandardCharsets.UTF_8)) {
                words.load(reader);
            }
            for (EventType type : EventType.values()) {
                assertThat(words.getProperty("event." + type.wireName()))
                        .as(language + ": event." + type.wireName())
                        .isNotBlank();
            }
        }
    }
}
