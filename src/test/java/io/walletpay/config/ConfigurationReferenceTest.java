package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every key the shipped configuration holds is in the deployers' key table, by name or by a documented pattern. */
class ConfigurationReferenceTest {

    /** {@code `provider.*_path`}: one row for a family of keys. */
    private static final Pattern WILDCARD = Pattern.compile("`([a-z_.]*)\\*([a-z_.]*)`");

    @Test
    void everyShippedKeyIsDocumentedForDeployers() throws Exception {
        JsonObject shipped = new JsonObject(Files.readString(Path.of("config/application.json")));
        String reference = Files.readString(Path.of("docs/operate/README.md"));
        List<Pattern> families = new ArrayList<>();
        Matcher wildcard = WILDCARD.matcher(reference);
        while (wildcard.find()) {
            families.add(
                    Pattern.compile(Pattern.quote(wildcard.group(1)) + "[a-z_]+" + Pattern.quote(wildcard.group(2))));
        }

        assertThat(keys(shipped, "")).isNotEmpty().allSatisfy(key -> assertThat(reference.contains("`" + key + "`")
                        || families.stream()
                                .anyMatch(family -> family.matcher(key).matches()))
                .as("docs/operate/README.md documents %s", key)
                .isTrue());
    }

    private static List<String> keys(JsonObject node, String prefix) {
        List<String> keys = new ArrayList<>();
        for (String name : node.fieldNames()) {
            String key = prefix + name;
            if (node.getValue(name) instanceof JsonObject child) {
                keys.addAll(keys(child, key + "."));
            } else {
                keys.add(key);
            }
        }
        return keys;
    }
}
