package io.walletpay.page;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * What every page template gets besides its own model: the words in the page's language, amounts and times
 * written as people there read them, and the links to the other two languages.
 */
public final class PageText {

    /** Customers are in Haiti: times are shown in its zone, whatever the server's. */
    public static final ZoneId HAITI = ZoneId.of("America/Port-au-Prince");

    /** A link to the same page in another language. */
    public record LanguageLink(String tag, String name, String href) {}

    private final Messages messages;
    private final List<LanguageLink> otherLanguages;

    /**
     * {@code queryWithoutLang} is the request's query string without its {@code lang} parameters (may be empty),
     * so a language link keeps the rest of the address (the provider's {@code transactionId}, say).
     */
    public PageText(Language language, String queryWithoutLang) {
        this.messages = Messages.of(language);
        String prefix = queryWithoutLang == null || queryWithoutLang.isEmpty() ? "?" : "?" + queryWithoutLang + "&";
        this.otherLanguages = java.util.Arrays.stream(Language.values())
                .filter(other -> other != language)
                .map(other -> new LanguageLink(other.tag(), other.ownName(), prefix + "lang=" + other.tag()))
                .toList();
    }

    public Language language() {
        return messages.language();
    }

    /** The {@code <html lang>} value. */
    public String lang() {
        return messages.language().tag();
    }

    public String get(String key, Object... arguments) {
        return messages.get(key, arguments);
    }

    public List<LanguageLink> otherLanguages() {
        return otherLanguages;
    }

    /** {@code 2 500,00 HTG} in Kreyòl and French, {@code HTG 2,500.00} in English. */
    public String amount(BigDecimal amount) {
        return formatAmount(amount, messages.language());
    }

    public static String formatAmount(BigDecimal amount, Language language) {
        DecimalFormatSymbols symbols = new DecimalFormatSymbols(Locale.ROOT);
        boolean english = language == Language.EN;
        symbols.setGroupingSeparator(english ? ',' : ' ');
        symbols.setDecimalSeparator(english ? '.' : ',');
        symbols.setMinusSign('-');
        DecimalFormat format = new DecimalFormat("#,##0.00", symbols); // not thread-safe: one per call
        format.setRoundingMode(RoundingMode.HALF_UP);
        String number = format.format(amount);
        return english ? "HTG " + number : number + " HTG";
    }

    /** A moment in Haiti's time, e.g. {@code 23/11/2026 a 08:30} (ht), {@code Nov 23, 2026, 8:30 AM} (en). */
    public String dateTime(OffsetDateTime moment) {
        if (moment == null) {
            return "";
        }
        Locale locale = messages.language() == Language.EN ? Locale.ENGLISH : Locale.FRENCH;
        return DateTimeFormatter.ofPattern(messages.get("format.date_time"), locale)
                .format(moment.atZoneSameInstant(HAITI));
    }

    /** The name of a payment status in the page's language; an unknown status is shown as it is. */
    public String status(String status) {
        String key =
                switch (status == null ? "" : status) {
                    case "pending" -> "status.pending";
                    case "completed" -> "status.completed";
                    case "failed" -> "status.failed";
                    case "cancelled" -> "status.cancelled";
                    case "expired" -> "status.expired";
                    default -> null;
                };
        return key == null ? String.valueOf(status) : messages.get(key);
    }

    /** The receipt's headline for a status. */
    public String headline(String status) {
        String key =
                switch (status == null ? "" : status) {
                    case "completed" -> "receipt.completed";
                    case "failed" -> "receipt.failed";
                    case "cancelled" -> "receipt.cancelled";
                    case "expired" -> "receipt.expired";
                    default -> "receipt.other";
                };
        return messages.get(key);
    }
}
