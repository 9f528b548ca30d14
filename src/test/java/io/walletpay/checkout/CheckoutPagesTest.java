package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.checkout.CheckoutPages.PageModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckoutPagesTest {

    private static final String HOSTILE = "<script>alert(\"x\")</script> O'Neil & Co";
    private static final String HOSTILE_ESCAPED =
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Co";

    private static PageModel model() {
        return new PageModel("Boutik Jakmel", "2500.00", "2 bags of coffee", "ORD-42", "/checkout/tok123", null);
    }

    @Test
    void escapesTheFiveSpecialCharacters() {
        assertThat(CheckoutPages.escape("&<>\"'")).isEqualTo("&amp;&lt;&gt;&quot;&#39;");
        assertThat(CheckoutPages.escape("plain text")).isEqualTo("plain text");
        assertThat(CheckoutPages.escape(null)).isEmpty();
        assertThat(CheckoutPages.escape("&amp;")).isEqualTo("&amp;amp;");
    }

    @Test
    void paymentPageEscapesMerchantNameDescriptionReferenceAndPhone() {
        String html = CheckoutPages.paymentPage(
                new PageModel(HOSTILE, "10.00", HOSTILE, HOSTILE, "/checkout/t", "\"><script>x</script>"), HOSTILE);

        assertThat(html)
                .doesNotContain("<script")
                .doesNotContain("O'Neil")
                .doesNotContain("& Co")
                .doesNotContain("alert(\"x\")");
        assertThat(html).contains("<h1 id=\"merchant\">" + HOSTILE_ESCAPED + "</h1>");
        assertThat(html).contains("<p class=\"muted\" id=\"description\">" + HOSTILE_ESCAPED + "</p>");
        assertThat(html).contains("Reference: " + HOSTILE_ESCAPED + "</p>");
        assertThat(html).contains("<p id=\"error\" role=\"alert\">" + HOSTILE_ESCAPED + "</p>");
        assertThat(html).contains("value=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\"");
        assertThat(html).contains("<title>Pay " + HOSTILE_ESCAPED + "</title>");
    }

    @Test
    void receiptAndProblemPagesEscapeEveryValue() {
        String receipt = CheckoutPages.receiptPage(HOSTILE, "1.00", "completed", "<tx>", HOSTILE);
        assertThat(receipt).doesNotContain("<script").doesNotContain("<tx>");
        assertThat(receipt).contains("<dd id=\"merchant\">" + HOSTILE_ESCAPED + "</dd>");
        assertThat(receipt).contains("<dd id=\"reference\">" + HOSTILE_ESCAPED + "</dd>");
        assertThat(receipt).contains("<dd id=\"transaction\">&lt;tx&gt;</dd>");

        String problem = CheckoutPages.problemPage(HOSTILE, HOSTILE);
        assertThat(problem).doesNotContain("<script");
        assertThat(problem).contains("<h1 id=\"problem\">" + HOSTILE_ESCAPED + "</h1>");

        String oddStatus = CheckoutPages.receiptPage("M", "1.00", "\"><b>", "tx", null);
        assertThat(oddStatus).doesNotContain("<b>").contains("&quot;&gt;&lt;b&gt;");
    }

    @Test
    void formatsAmountsWithThousandsSeparatorsAndTwoDecimals() {
        assertThat(CheckoutPages.formatAmount("2500.00")).isEqualTo("2,500.00 HTG");
        assertThat(CheckoutPages.formatAmount("1234567.5")).isEqualTo("1,234,567.50 HTG");
        assertThat(CheckoutPages.formatAmount("999.99")).isEqualTo("999.99 HTG");
        assertThat(CheckoutPages.formatAmount("0.10")).isEqualTo("0.10 HTG");
        assertThat(CheckoutPages.formatAmount("90071992547409.93")).isEqualTo("90,071,992,547,409.93 HTG");
        assertThat(CheckoutPages.paymentPage(model(), null))
                .contains("<p class=\"amount\" id=\"amount\">2,500.00 HTG</p>");
        assertThat(CheckoutPages.receiptPage("M", "12345.00", "completed", "tx", null))
                .contains("12,345.00 HTG");
    }

    @Test
    void paymentPageHasTheFormFieldsAndIdsABrowserTestUses() {
        String html = CheckoutPages.paymentPage(model(), null);

        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(html).contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        assertThat(html).contains("<form method=\"post\" action=\"/checkout/tok123\">");
        assertThat(html).contains("<label for=\"phone\">");
        assertThat(html)
                .contains("<input id=\"phone\" name=\"phone\" type=\"tel\" inputmode=\"numeric\""
                        + " pattern=\"509[0-9]{8}\"");
        assertThat(html).contains("<button id=\"pay\" type=\"submit\" name=\"action\" value=\"pay\">Pay</button>");
        assertThat(html)
                .contains(
                        "<button id=\"cancel\" type=\"submit\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button>");
        assertThat(html).contains("Sandbox: 50900000002 is declined; any other 509 number pays.");
        assertThat(html).contains("Boutik Jakmel").contains("2 bags of coffee").contains("ORD-42");
        assertThat(html).doesNotContain("id=\"error\"").doesNotContain("value=\"509");
    }

    @Test
    void paymentPageAfterAnErrorShowsItAndRefillsThePhone() {
        String html = CheckoutPages.paymentPage(
                new PageModel("M", "5.00", null, null, "/checkout/t", "509123"), "Enter 509 followed by 8 digits.");

        assertThat(html).contains("<p id=\"error\" role=\"alert\">Enter 509 followed by 8 digits.</p>");
        assertThat(html).contains("value=\"509123\"").contains("aria-describedby=\"error\"");
        assertThat(html).doesNotContain("id=\"description\"").doesNotContain("id=\"reference\"");
    }

    @Test
    void receiptShowsTheStatusWordInTheStatusElement() {
        for (String status : List.of("completed", "failed", "cancelled", "expired")) {
            String html = CheckoutPages.receiptPage("Boutik", "2500.00", status, "tx-9", "ORD-1");
            assertThat(html)
                    .contains("<span id=\"status\" class=\"status status-" + status + "\">" + status + "</span>");
            assertThat(html).contains("tx-9").contains("ORD-1").contains("Boutik");
        }
    }

    @Test
    void pagesAreSelfContained() {
        List<String> pages = List.of(
                CheckoutPages.paymentPage(model(), "Something went wrong"),
                CheckoutPages.receiptPage("Boutik", "2500.00", "completed", "tx", "ref"),
                CheckoutPages.problemPage("Checkout not found", "This payment link is unknown."));
        for (String html : pages) {
            assertThat(html)
                    .doesNotContain("http://")
                    .doesNotContain("https://")
                    .doesNotContain("//cdn")
                    .doesNotContain("<script")
                    .doesNotContain("<link")
                    .doesNotContain("<img")
                    .doesNotContain("@import")
                    .doesNotContain("url(");
            assertThat(html)
                    .contains("<style>")
                    .contains("<meta name=\"viewport\"")
                    .contains("<meta charset=\"utf-8\">");
        }
    }
}
