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

    private static final char NO_BREAK_SPACE = '\u00A0';

    /**
     * How dates read on every page, whatever the language: {@code 24/11/2026 14:05}, the date and the time joined by
     * a no-break space so a moment never breaks across lines.
     */
    public static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("dd/MM/yyyy'\u00A0'HH:mm");

    /** Customers are in Haiti: times are shown in its zone, whatever the server's. */
    public static final ZoneId HAITI = ZoneId.of("America/Port-au-Prince");

    /** The same page in one of the languages; {@code current} is the one being read. */
    public record LanguageLink(String tag, String name, String href, boolean current) {}

    private final Messages messages;
    private final List<LanguageLink> languages;

    /**
     * {@code queryWithoutLang} is the request's query string without its {@code lang} parameters (may be empty),
     * so a language link keeps the rest of the address (the provider's {@code transactionId}, say).
     */
    public PageText(Language language, String queryWithoutLang) {
        this.messages = Messages.of(language);
        PageAddress here = PageAddress.of("").withRawQuery(queryWithoutLang);
        this.languages = java.util.Arrays.stream(Language.values())
                .map(each -> new LanguageLink(
                        each.tag(),
                        each.ownName(),
                        here.with("lang", each.tag()).href(),
                        each == language))
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

    /** Every language the page speaks, the current one marked, in a fixed order so the switch never moves. */
    public List<LanguageLink> languages() {
        return languages;
    }

    /**
     * {@code 2 500,00 HTG} in Kreyòl and French, {@code HTG 2,500.00} in English; the spaces are no-break spaces, so
     * an amount never breaks across lines.
     */
    public String amount(BigDecimal amount) {
        return formatAmount(amount, messages.language());
    }

    /**
     * The class of a headline amount: {@code amount}, or {@code amount long} for one too wide for a 360 px phone at the
     * headline's size (more than a hundred thousand), which is then set smaller instead of breaking or overflowing.
     */
    public String amountClass(BigDecimal amount) {
        return amount(amount).length() > 14 ? "amount long" : "amount";
    }

    public static String formatAmount(BigDecimal amount, Language language) {
        DecimalFormatSymbols symbols = new DecimalFormatSymbols(Locale.ROOT);
        boolean english = language == Language.EN;
        symbols.setGroupingSeparator(english ? ',' : NO_BREAK_SPACE);
        symbols.setDecimalSeparator(english ? '.' : ',');
        symbols.setMinusSign('-');
        DecimalFormat format = new DecimalFormat("#,##0.00", symbols); // not thread-safe: one per call
        format.setRoundingMode(RoundingMode.HALF_UP);
        String number = format.format(amount);
        return english ? "HTG" + NO_BREAK_SPACE + number : number + NO_BREAK_SPACE + "HTG";
    }

    /** A moment in Haiti's time, {@code 24/11/2026 14:05} in every language. */
    public String dateTime(OffsetDateTime moment) {
        return moment == null ? "" : moment.atZoneSameInstant(HAITI).format(DATE_TIME);
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
