package io.walletpay.page;

import java.util.Locale;
import java.util.Optional;

/**
 * The languages customer pages are written in. Kreyòl ayisyen first: most people who pay through walletpay read
 * it before French.
 */
public enum Language {
    HT("ht", "Kreyòl"),
    FR("fr", "Français"),
    EN("en", "English");

    private final String tag;
    private final String ownName;

    Language(String tag, String ownName) {
        this.tag = tag;
        this.ownName = ownName;
    }

    /** The BCP 47 tag, as in {@code <html lang>}, {@code ?lang=} and the merchant's {@code locale} setting. */
    public String tag() {
        return tag;
    }

    /** The language's name in itself, as its link on every page reads. */
    public String ownName() {
        return ownName;
    }

    /** {@code ht}, {@code fr} or {@code en} (any case); anything else is empty. */
    public static Optional<Language> fromTag(String tag) {
        if (tag == null) {
            return Optional.empty();
        }
        String wanted = tag.strip().toLowerCase(Locale.ROOT);
        for (Language language : values()) {
            if (language.tag.equals(wanted)) {
                return Optional.of(language);
            }
        }
        return Optional.empty();
    }
}
