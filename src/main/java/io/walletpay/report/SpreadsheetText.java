package io.walletpay.report;

/**
 * Text a merchant or customer typed, made inert for a spreadsheet: one a spreadsheet could take for a formula gets a
 * leading apostrophe, so opening an export never runs it (OWASP "CSV injection"). That is a start of {@code = + - @}
 * or their full-width forms {@code ＝ ＋ － ＠} (which spreadsheets also read as operators), after any leading spaces,
 * or a start of tab, CR or line feed. Every CSV the service writes passes its text through here.
 */
public final class SpreadsheetText {

    private static final String FORMULA_STARTS = "=+-@\uFF1D\uFF0B\uFF0D\uFF20";

    private SpreadsheetText() {}

    /** {@code value} as typed, or with a leading apostrophe when it could run as a formula; null is empty. */
    public static String defused(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        char first = value.charAt(0);
        if (first == '\t' || first == '\r' || first == '\n') {
            return "'" + value;
        }
        int i = 0;
        while (i < value.length() && Character.isWhitespace(value.charAt(i))) {
            i++;
        }
        if (i < value.length() && FORMULA_STARTS.indexOf(value.charAt(i)) >= 0) {
            return "'" + value;
        }
        return value;
    }
}
