package io.walletpay.portal;

import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The words of the merchant portal, one bundle per language ({@code portal/portal_<tag>.properties}, UTF-8),
 * kept apart from the customer pages' bundles. A missing key fails loudly rather than showing a key.
 */
public final class PortalText {

    private static final Map<Language, Map<String, String>> BUNDLES = load();
    private final Language language;

    PortalText(Language language) {
        this.language = language;
    }

    public String lang() {
        return language.tag();
    }

    public Language language() {
        return language;
    }

    public String get(String key, Object... arguments) {
        String text = BUNDLES.get(language).get(key);
        if (text == null) {
            throw new IllegalStateException("no portal message '" + key + "' in " + language.tag());
        }
        if (arguments.length == 0) {
            return text;
        }
        return new MessageFormat(text.replace("'", "''"), Locale.ROOT).format(arguments);
    }

    public String amount(BigDecimal amount) {
        return PageText.formatAmount(amount, language);
    }

    public String moment(OffsetDateTime moment) {
        return moment == null ? "" : moment.atZoneSameInstant(PageText.HAITI).format(PageText.DATE_TIME);
    }

    public String status(String status) {
        return get("status." + status);
    }

    static java.util.Set<String> keys(Language language) {
        return new java.util.TreeSet<>(BUNDLES.get(language).keySet());
    }

    private static Map<Language, Map<String, String>> load() {
        Map<Language, Map<String, String>> bundles = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            String path = "portal/portal_" + language.tag() + ".properties";
            try (InputStream in = PortalText.class.getClassLoader().getResourceAsStream(path)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + path);
                }
                Properties properties = new Properties();
                properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
                Map<String, String> texts = new java.util.HashMap<>();
                properties.forEach((k, v) -> texts.put((String) k, (String) v));
                bundles.put(language, Map.copyOf(texts));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bundles;
    }
}
