package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.page.Language;
import io.walletpay.page.PageError;
import io.walletpay.page.PageText;
import io.walletpay.page.PaymentView;
import io.walletpay.page.Problem;
import io.walletpay.page.ProblemView;
import io.walletpay.page.ReceiptView;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The precompiled jte templates, rendered as the service renders them, in each language. */
class CustomerPagesTest {

    private static final String HOSTILE = "<script>alert(\"x\")</script> O'Neil & Co";
    private static final OffsetDateTime PAID_AT = OffsetDateTime.parse("2026-11-23T13:30:00Z"); // 08:30 in Haiti

    private static String render(io.vertx.core.Future<io.vertx.core.buffer.Buffer> page) {
        assertThat(page.succeeded()).as("%s", page.cause()).isTrue();
        return page.result().toString(StandardCharsets.UTF_8);
    }

    private static String payment(Language language, PaymentView view) {
        return render(PageTemplates.payment(new PageText(language, ""), view));
    }

    private static String receipt(Language language, ReceiptView view) {
        return render(PageTemplates.receipt(new PageText(language, ""), view));
    }

    private static String problem(Language language, Problem problem, String returnUrl) {
        return render(PageTemplates.problem(new PageText(language, ""), new ProblemView(problem, returnUrl)));
    }

    private static PaymentView view() {
        return new PaymentView(
                "Boutik Jakmel", new BigDecimal("2500.00"), "2 sak kafe", "ORD-42", "tok123?lang=ht", null, null);
    }

    @Test
    void everyValueIsEscapedInTextAndAttributes() {
        String html = payment(
                Language.HT,
                new PaymentView(
                        HOSTILE, BigDecimal.TEN, HOSTILE, HOSTILE, "t", "\"><script>x</script>", PageError.PHONE));
        // text: no element can start; attributes: no quote can close them
        assertThat(html)
                .doesNotContain("<script")
                .contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; O'Neil &amp; Co");
        assertThat(html).contains("value=\"&#34;>&lt;script>x&lt;/script>\"").doesNotContain("\"><script");

        String receipt = receipt(
                Language.FR, new ReceiptView(HOSTILE, BigDecimal.ONE, "\"><b>", "<tx>", HOSTILE, PAID_AT, null));
        assertThat(receipt).doesNotContain("<script").doesNotContain("<tx>").doesNotContain("<b>");
        assertThat(receipt).contains("<dd id=\"transaction\">&lt;tx&gt;</dd>");
    }

    @Test
    void amountsAreWrittenAsPeopleInHaitiReadThem() {
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.HT))
                .isEqualTo("2 500,00 HTG");
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.FR))
                .isEqualTo("2 500,00 HTG");
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.EN))
                .isEqualTo("HTG 2,500.00");
        assertThat(PageText.formatAmount(new BigDecimal("1234567.5"), Language.FR))
                .isEqualTo("1 234 567,50 HTG");
        assertThat(PageText.formatAmount(new BigDecimal("0.10"), Language.EN)).isEqualTo("HTG 0.10");
        assertThat(PageText.formatAmount(new BigDecimal("999.99"), Language.HT)).isEqualTo("999,99 HTG");
        assertThat(payment(Language.HT, view())).contains("<p class=\"amount\" id=\"amount\">2 500,00 HTG</p>");
        assertThat(payment(Language.EN, view())).contains("<p class=\"amount\" id=\"amount\">HTG 2,500.00</p>");
    }

    @Test
    void datesAndTimesAreHaitisOwn() {
        ReceiptView paid = new ReceiptView("Boutik", new BigDecimal("75.00"), "completed", "tx-9", null, PAID_AT, null);
        assertThat(receipt(Language.HT, paid)).contains("<dd id=\"date\">23/11/2026 a 08:30</dd>");
        assertThat(receipt(Language.FR, paid)).contains("<dd id=\"date\">23/11/2026 à 08:30</dd>");
        assertThat(receipt(Language.EN, paid)).contains("<dd id=\"date\">Nov 23, 2026, 8:30 AM</dd>");
    }

    @Test
    void thePaymentFormSpeaksKreyol() {
        String html = payment(Language.HT, view());
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<html lang=\"ht\">");
        assertThat(html).contains("<form method=\"post\" action=\"tok123?lang=ht\">");
        assertThat(html).contains("<label for=\"phone\">Nimewo telefòn</label>");
        assertThat(html).contains("<button id=\"pay\" type=\"submit\" name=\"action\" value=\"pay\">Peye</button>");
        assertThat(html).contains("value=\"cancel\">Anile</button>");
        assertThat(html).contains("Montan").contains("Boutik Jakmel", "2 sak kafe", "ORD-42");
        assertThat(html).doesNotContain("id=\"phone-error\"").doesNotContain("aria-invalid=");
    }

    @Test
    void thePhoneFieldTakesWhatPeopleTypeAndNoStricterPattern() {
        String html = payment(Language.FR, view());
        assertThat(html)
                .contains("<input id=\"phone\" name=\"phone\" type=\"tel\" inputmode=\"tel\" autocomplete=\"tel\"")
                .doesNotContain("pattern=")
                .doesNotContain(" required");
        assertThat(html).contains("<label for=\"phone\">Numéro de téléphone</label>");
        assertThat(html).contains(">Payer</button>").contains(">Annuler</button>");
    }

    @Test
    void aRefusedNumberIsExplainedNextToTheFieldInThePagesLanguage() {
        PaymentView refused = new PaymentView("M", new BigDecimal("5.00"), null, null, "t", "509123", PageError.PHONE);
        String html = payment(Language.HT, refused);
        assertThat(html)
                .contains("value=\"509123\"", "aria-invalid=\"true\"", "aria-describedby=\"phone-error phone-hint\"");
        assertThat(html)
                .contains("<p class=\"error\" id=\"phone-error\" role=\"alert\">"
                        + "Mete yon nimewo telefòn ayisyen ki gen 8 chif, pa egzanp 3700\u00A01234.</p>");
        assertThat(html.indexOf("id=\"phone-error\"")).isGreaterThan(html.indexOf("<input id=\"phone\""));
        assertThat(html).doesNotContain("id=\"description\"").doesNotContain("id=\"reference\"");
        assertThat(payment(Language.EN, refused)).contains("Enter a Haitian phone number of 8 digits");
    }

    @Test
    void theReceiptShowsMerchantAmountStatusTransactionDateAndTime() {
        for (String status : List.of("completed", "failed", "cancelled", "expired")) {
            String html = receipt(
                    Language.EN,
                    new ReceiptView("Boutik", new BigDecimal("2500.00"), status, "tx-9", "ORD-1", PAID_AT, null));
            assertThat(html).contains("data-status=\"" + status + "\"", "class=\"status status-" + status + "\"");
            assertThat(html).contains("tx-9", "ORD-1", "Boutik", "HTG 2,500.00", "Nov 23, 2026, 8:30 AM");
        }
        assertThat(receipt(
                        Language.HT,
                        new ReceiptView("Boutik", new BigDecimal("1.00"), "completed", "tx", null, PAID_AT, null)))
                .contains("Peman an fèt", ">Reyisi<");
    }

    @Test
    void failedCancelledAndExpiredPagesLeadBackToTheShop() {
        String shop = "https://shop.example.ht/thanks?o=1";
        for (String status : List.of("failed", "cancelled")) {
            assertThat(receipt(Language.HT, new ReceiptView("B", BigDecimal.ONE, status, "tx", null, PAID_AT, shop)))
                    .contains("<a class=\"back\" id=\"back\" href=\"https://shop.example.ht/thanks?o=1\">"
                            + "Retounen sou sit machann nan</a>");
        }
        assertThat(receipt(Language.HT, new ReceiptView("B", BigDecimal.ONE, "completed", "tx", null, PAID_AT, shop)))
                .doesNotContain("id=\"back\"");
        assertThat(problem(Language.FR, Problem.EXPIRED, shop))
                .contains("Ce paiement a expiré", "href=\"https://shop.example.ht/thanks?o=1\"");
        assertThat(problem(Language.EN, Problem.EXPIRED, null)).doesNotContain("id=\"back\"");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void everyPageSaysItsLanguageAndLinksToTheOtherTwo(Language language) {
        PageText text = new PageText(language, "transactionId=T-1&x=%3C");
        String html = render(PageTemplates.problem(text, new ProblemView(Problem.PROVIDER_UNKNOWN, null)));
        assertThat(html).contains("<html lang=\"" + language.tag() + "\">");
        for (Language other : Language.values()) {
            String link = "href=\"?transactionId=T-1&amp;x=%3C&amp;lang=" + other.tag() + "\"";
            if (other == language) {
                assertThat(html).doesNotContain(link);
            } else {
                assertThat(html).contains(link + " hreflang=\"" + other.tag() + "\"");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void pagesAreSmallAndSelfContained(Language language) {
        List<String> pages = new ArrayList<>();
        pages.add(payment(
                language,
                new PaymentView("Boutik", new BigDecimal("2500.00"), "d", "r", "t", "3700", PageError.ACTION)));
        pages.add(receipt(
                language, new ReceiptView("Boutik", new BigDecimal("2500.00"), "failed", "tx", "ref", PAID_AT, null)));
        for (Problem problem : Problem.values()) {
            pages.add(problem(language, problem, null));
        }
        for (String html : pages) {
            assertThat(html)
                    .doesNotContain("http://")
                    .doesNotContain("https://")
                    .doesNotContain("<script")
                    .doesNotContain("<link")
                    .doesNotContain("<img")
                    .doesNotContain("@import")
                    .doesNotContain("url(");
            assertThat(html).contains("<style>", "<meta name=\"viewport\"", "<meta charset=\"utf-8\">");
            assertThat(html.getBytes(StandardCharsets.UTF_8).length).as(html).isLessThan(6 * 1024);
        }
    }
}
