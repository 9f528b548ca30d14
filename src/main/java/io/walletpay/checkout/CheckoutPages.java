package io.walletpay.checkout;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Set;

/**
 * The HTML the customer sees during a sandbox checkout: the payment form, the receipt and the problem page.
 * Pages are self-contained (inline CSS, no scripts, no external assets) so they work on a slow phone and leak
 * nothing to third parties. Every value that is not a literal of this class goes through {@link #escape}.
 */
public final class CheckoutPages {

    /** What the payment page shows; {@code description}, {@code referenceId} and {@code phone} may be null. */
    public record PageModel(
            String merchantName,
            String amount,
            String description,
            String referenceId,
            String formAction,
            String phone) {}

    private static final Set<String> KNOWN_STATUSES = Set.of("completed", "failed", "cancelled", "expired");

    private static final String STYLE =
            """
      *{box-sizing:border-box}
      body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;line-height:1.45}
      main{max-width:28rem;margin:0 auto;padding:1.25rem}
      .card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
      h1{font-size:1.25rem;margin:0 0 .25rem}
      .amount{font-size:2rem;font-weight:700;margin:.5rem 0}
      .muted{color:#4b5563;font-size:.9rem;word-wrap:break-word}
      label{display:block;font-weight:600;margin:1rem 0 .35rem}
      input{width:100%;font-size:1.15rem;padding:.7rem;border:1px solid #9ca3af;border-radius:.5rem}
      .buttons{display:flex;gap:.75rem;margin-top:1rem}
      button{flex:1;font-size:1.05rem;padding:.8rem;border-radius:.5rem;border:0;cursor:pointer}
      #pay{background:#047857;color:#fff}
      #cancel{background:#e5e7eb;color:#111827}
      #error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.6rem}
      .note{font-size:.8rem;color:#6b7280;margin-top:1rem}
      dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem .75rem;margin:1rem 0 0}
      dt{color:#4b5563}dd{margin:0;word-break:break-all}
      .status{display:inline-block;font-weight:700;padding:.2rem .6rem;border-radius:999px;background:#e5e7eb}
      .status-completed{background:#d1fae5;color:#065f46}
      .status-failed,.status-expired{background:#fee2e2;color:#991b1b}
      """;

    private CheckoutPages() {}

    /** The checkout form; {@code error} (nullable) is shown above the form after a rejected submit. */
    public static String paymentPage(PageModel model, String error) {
        StringBuilder body = new StringBuilder(2048);
        body.append("<div class=\"card\">\n")
                .append("<p class=\"muted\">Pay</p>\n")
                .append("<h1 id=\"merchant\">")
                .append(escape(model.merchantName()))
                .append("</h1>\n")
                .append("<p class=\"amount\" id=\"amount\">")
                .append(escape(formatAmount(model.amount())))
                .append("</p>\n");
        if (present(model.description())) {
            body.append("<p class=\"muted\" id=\"description\">")
                    .append(escape(model.description()))
                    .append("</p>\n");
        }
        if (present(model.referenceId())) {
            body.append("<p class=\"muted\" id=\"reference\">Reference: ")
                    .append(escape(model.referenceId()))
                    .append("</p>\n");
        }
        boolean hasError = present(error);
        if (hasError) {
            body.append("<p id=\"error\" role=\"alert\">").append(escape(error)).append("</p>\n");
        }
        body.append("<form method=\"post\" action=\"")
                .append(escape(model.formAction()))
                .append("\">\n")
                .append("<label for=\"phone\">Wallet phone number</label>\n")
                .append("<input id=\"phone\" name=\"phone\" type=\"tel\" inputmode=\"numeric\" pattern=\"509[0-9]{8}\"")
                .append(" autocomplete=\"tel\" maxlength=\"11\" placeholder=\"509XXXXXXXX\" required")
                .append(" title=\"509 followed by 8 digits\"");
        if (present(model.phone())) {
            body.append(" value=\"").append(escape(model.phone())).append('"');
        }
        if (hasError) {
            body.append(" aria-invalid=\"true\" aria-describedby=\"error\"");
        }
        body.append(">\n")
                .append("<div class=\"buttons\">\n")
                .append("<button id=\"pay\" type=\"submit\" name=\"action\" value=\"pay\">Pay</button>\n")
                .append(
                        "<button id=\"cancel\" type=\"submit\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button>\n")
                .append("</div>\n")
                .append("</form>\n")
                .append("<p class=\"note\">Sandbox: 50900000002 is declined; any other 509 number pays.</p>\n")
                .append("</div>\n");
        return page("Pay " + model.merchantName(), body.toString());
    }

    /** The result of a checkout, shown when the merchant has no Return URL. {@code referenceId} may be null. */
    public static String receiptPage(
            String merchantName, String amount, String status, String transactionId, String referenceId) {
        String statusClass = KNOWN_STATUSES.contains(status) ? "status-" + status : "status-unknown";
        StringBuilder body = new StringBuilder(1024);
        body.append("<div class=\"card\">\n")
                .append("<h1>")
                .append(escape(headline(status)))
                .append("</h1>\n")
                .append("<p class=\"amount\" id=\"amount\">")
                .append(escape(formatAmount(amount)))
                .append("</p>\n")
                .append("<p><span id=\"status\" class=\"status ")
                .append(escape(statusClass))
                .append("\">")
                .append(escape(status))
                .append("</span></p>\n")
                .append("<dl>\n")
                .append("<dt>Merchant</dt><dd id=\"merchant\">")
                .append(escape(merchantName))
                .append("</dd>\n")
                .append("<dt>Transaction</dt><dd id=\"transaction\">")
                .append(escape(transactionId))
                .append("</dd>\n");
        if (present(referenceId)) {
            body.append("<dt>Reference</dt><dd id=\"reference\">")
                    .append(escape(referenceId))
                    .append("</dd>\n");
        }
        body.append("</dl>\n")
                .append("<p class=\"note\">You can close this page.</p>\n")
                .append("</div>\n");
        return page(headline(status), body.toString());
    }

    /** An unknown (404) or finished/expired (410) checkout. */
    public static String problemPage(String title, String message) {
        String body = "<div class=\"card\">\n"
                + "<h1 id=\"problem\">" + escape(title) + "</h1>\n"
                + "<p class=\"muted\" id=\"message\">" + escape(message) + "</p>\n"
                + "</div>\n";
        return page(title, body);
    }

    /**
     * The one escaping function for text and attribute values: after it, a value can neither close an element
     * or attribute nor start an entity of its own. Null becomes the empty string.
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement =
                    switch (c) {
                        case '&' -> "&amp;";
                        case '<' -> "&lt;";
                        case '>' -> "&gt;";
                        case '"' -> "&quot;";
                        case '\'' -> "&#39;";
                        case '`' -> "&#96;";
                        default -> null;
                    };
            if (replacement == null) {
                if (out != null) {
                    out.append(c);
                }
            } else {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(replacement);
            }
        }
        return out == null ? text : out.toString();
    }

    /** "2500.00" → "2,500.00 HTG"; anything that is not a decimal number is shown as given. */
    public static String formatAmount(String amount) {
        if (amount == null) {
            return "";
        }
        try {
            BigDecimal value = new BigDecimal(amount.strip());
            DecimalFormatSymbols symbols = new DecimalFormatSymbols();
            symbols.setGroupingSeparator(',');
            symbols.setDecimalSeparator('.');
            symbols.setMinusSign('-');
            DecimalFormat format = new DecimalFormat("#,##0.00", symbols); // not thread-safe: one per call
            return format.format(value) + " HTG";
        } catch (NumberFormatException e) {
            return amount + " HTG";
        }
    }

    private static String headline(String status) {
        if (status == null) {
            return "Payment";
        }
        return switch (status) {
            case "completed" -> "Payment completed";
            case "failed" -> "Payment declined";
            case "cancelled" -> "Payment cancelled";
            case "expired" -> "Payment expired";
            default -> "Payment " + status;
        };
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html>\n"
                + "<html lang=\"en\">\n"
                + "<head>\n"
                + "<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\">\n"
                + "<meta name=\"referrer\" content=\"no-referrer\">\n"
                + "<title>" + escape(title) + "</title>\n"
                + "<style>\n" + STYLE + "</style>\n"
                + "</head>\n"
                + "<body>\n<main>\n" + body + "</main>\n</body>\n"
                + "</html>\n";
    }
}
