package io.walletpay.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The words of the customer pages, one bundle per language ({@code page/messages_<tag>.properties}, UTF-8),
 * loaded once. A key missing from a bundle fails loudly rather than showing a key to a customer; a test checks
 * that every bundle has exactly the keys the pages use.
 */
public final class Messages {

    private static final Map<Language, Map<String, String>> BUNDLES = load();

    private final Language language;
    private final Map<String, String> texts;

    private Messages(Language language) {
        this.language = language;
        this.texts = BUNDLES.get(language);
    }

    public static Messages of(Language language) {
        return new Messages(language);
    }

    public Language language() {
        return language;
    }

    /** The text of {@code key}; {@code {0}}-style arguments are filled in when given. */
    public String get(String key, Object... arguments) {
        String text = texts.get(key);
        if (text == null) {
            throw new IllegalStateException("no message '" + key + "' in " + language.tag());
        }
        if (arguments.length == 0) {
            return text;
        }
        return new MessageFormat(text.replace("'", "''"), Locale.ROOT).format(arguments);
    }

    /** The keys of one bundle, for the test that keeps the bundles and the pages in step. */
    public static Set<String> keys(Language language) {
        return new TreeSet<>(BUNDLES.get(language).keySet());
    }

    private static Map<Language, Map<String, String>> load() {
        Map<Language, Map<String, String>> bundles = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            String name = "page/messages_" + language.tag() + ".properties";
            Properties properties = new Properties();
            try (InputStream in = Messages.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("missing message bundle " + name);
                }
                properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Map<String, String> texts = new java.util.HashMap<>();
            properties.forEach((key, value) -> texts.put((String) key, (String) value));
            bundles.put(language, Map.copyOf(texts));
        }
        return bundles;
    }
}
