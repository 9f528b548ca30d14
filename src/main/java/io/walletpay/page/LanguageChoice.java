package io.walletpay.page;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which language a customer page speaks: the one asked for with {@code ?lang=}, else the one remembered in the
 * cookie from an earlier {@code ?lang=}, else the merchant's {@code locale}, else the browser's first
 * {@code Accept-Language} we write, else the service's {@code checkout.default_locale} (Kreyòl as shipped). The
 * merchant comes before the browser because most phones in Haiti are set to French or English without their
 * owners preferring it, while a shop that chose Kreyòl knows its customers.
 */
public final class LanguageChoice {

    /** The cookie that remembers a {@code ?lang=} choice. */
    public static final String COOKIE = "walletpay_lang";

    private static final int MAX_ACCEPT_LANGUAGE = 512;

    private LanguageChoice() {}

    /** Every argument may be null or malformed; a malformed one is passed over like an absent one. */
    public static Language choose(
            String queryLang, String cookieLang, String acceptLanguage, String merchantLocale, Language fallback) {
        return Language.fromTag(queryLang)
                .or(() -> Language.fromTag(cookieLang))
                .or(() -> Language.fromTag(merchantLocale))
                .or(() -> fromAcceptLanguage(acceptLanguage))
                .orElse(fallback);
    }

    /** The browser's most preferred language among ours ({@code fr-HT} counts as {@code fr}), by q-value. */
    static Optional<Language> fromAcceptLanguage(String header) {
        if (header == null || header.isBlank() || header.length() > MAX_ACCEPT_LANGUAGE) {
            return Optional.empty();
        }
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(header); // sorted by q, highest first; q=0 dropped
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        for (Locale.LanguageRange range : ranges) {
            String primary = range.getRange().split("-", 2)[0];
            Optional<Language> ours = Language.fromTag(primary);
            if (ours.isPresent()) {
                return ours;
            }
        }
        return Optional.empty();
    }
}
