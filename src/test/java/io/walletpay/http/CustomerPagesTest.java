package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.page.Language;
import io.walletpay.page.Messages;
import io.walletpay.page.PageError;
import io.walletpay.page.PageText;
import io.walletpay.page.PaymentView;
import io.walletpay.page.Problem;
import io.walletpay.page.ProblemView;
import io.walletpay.page.ReceiptView;
import io.walletpay.page.RetryView;
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
    private static final OffsetDateTime EXPIRES_AT = OffsetDateTime.parse("2026-11-23T14:00:00Z"); // 09:00
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

    private static PaymentView refused(String phone, PageError error) {
        return new PaymentView(
                "M", new BigDecimal("5.00"), null, null, EXPIRES_AT, "t", "t?cancel", false, false, 3, phone, error);
    }

    private static PaymentView view() {
        return new PaymentView(
                "Boutik Jakmel",
                new BigDecimal("2500.00"),
                "2 sak kafe",
                "ORD-42",
                EXPIRES_AT,
                "tok123?lang=ht",
                "tok123?lang=ht&cancel",
                false,
                false,
                3,
                null,
                null);
    }

    @Test
    void everyValueIsEscapedInTextAndAttributes() {
        String html = payment(
                Language.HT,
                new PaymentView(
                        HOSTILE,
                        BigDecimal.TEN,
                        HOSTILE,
                        HOSTILE,
                        EXPIRES_AT,
                        "t",
                        "t&cancel",
                        false,
                        false,
                        3,
                        "\"><script>x</script>",
                        PageError.PHONE_NOT_DIGITS));
        // text: no element can start; attributes: no quote can close them
        assertThat(html)
                .doesNotContain("<script")
                .contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; O'Neil &amp; Co");
        assertThat(html).contains("value=\"&#34;>&lt;script>x&lt;/script>\"").doesNotContain("\"><script");

        String receipt = receipt(
                Language.FR, new ReceiptView(HOSTILE, BigDecimal.ONE, "\"><b>", "<tx>", HOSTILE, PAID_AT, null));
        assertThat(receipt).doesNotContain("<script").doesNotContain("<tx>").doesNotContain("<b>");
        assertThat(receipt).contains("<dd id=\"code\" class=\"code\">&lt;tx&gt;</dd>");
    }

    @Test
    void amountsAreWrittenAsPeopleInHaitiReadThem() {
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.HT))
                .isEqualTo("2\u00A0500,00\u00A0HTG");
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.FR))
                .isEqualTo("2\u00A0500,00\u00A0HTG");
        assertThat(PageText.formatAmount(new BigDecimal("2500.00"), Language.EN))
                .isEqualTo("HTG\u00A02,500.00");
        assertThat(PageText.formatAmount(new BigDecimal("1234567.5"), Language.FR))
                .isEqualTo("1\u00A0234\u00A0567,50\u00A0HTG");
        assertThat(PageText.formatAmount(new BigDecimal("0.10"), Language.EN)).isEqualTo("HTG\u00A00.10");
        assertThat(PageText.formatAmount(new BigDecimal("999.99"), Language.HT)).isEqualTo("999,99\u00A0HTG");
        assertThat(payment(Language.HT, view()))
                .contains("<p class=\"amount\" id=\"amount\">2\u00A0500,00\u00A0HTG</p>");
        assertThat(payment(Language.EN, view())).contains("<p class=\"amount\" id=\"amount\">HTG\u00A02,500.00</p>");
    }

    @Test
    void datesAndTimesAreHaitisOwnAndTheSameInEveryLanguage() {
        ReceiptView paid = new ReceiptView("Boutik", new BigDecimal("75.00"), "completed", "tx-9", null, PAID_AT, null);
        for (Language language : Language.values()) {
            assertThat(receipt(language, paid)).contains("<dd id=\"date\">23/11/2026\u00A008:30</dd>");
        }
    }

    @Test
    void theCheckoutSaysOnWhichDayAndAtWhatTimeThePaymentStopsBeingValid() {
        assertThat(payment(Language.HT, view()))
                .contains("<p class=\"muted\" id=\"valid-until\">Ou gen jiska 23/11/2026\u00A009:00 pou w peye.</p>");
        assertThat(payment(Language.FR, view())).contains("Vous avez jusqu’au 23/11/2026\u00A009:00 pour payer.");
        assertThat(payment(Language.EN, view())).contains("You have until 23/11/2026\u00A009:00 to pay.");

        // 03:30 in UTC on the 24th is still the evening of the 23rd in Haiti
        OffsetDateTime lateEvening = OffsetDateTime.parse("2026-11-24T03:30:00Z");
        RetryView retry =
                new RetryView("Boutik", new BigDecimal("75.00"), null, lateEvening, null, 2, "/retry", "p-1", null);
        for (Language language : Language.values()) {
            assertThat(render(PageTemplates.retry(new PageText(language, ""), retry)))
                    .contains(Messages.of(language).get("pay.valid_until", "23/11/2026\u00A022:30"))
                    .contains("<p id=\"no-money\">" + Messages.of(language).get("page.no_money") + "</p>");
        }
    }

    @Test
    void thePaymentFormSpeaksKreyolNamesTheWalletAndPutsTheAmountOnTheButton() {
        String html = payment(Language.HT, view());
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<html lang=\"ht\">");
        assertThat(html.indexOf("id=\"merchant\">Boutik Jakmel</h1>")).isLessThan(html.indexOf("W ap peye"));
        assertThat(html).contains("<form method=\"post\" action=\"tok123?lang=ht\">");
        assertThat(html).contains("<h2 class=\"wallet\">Peye ak MonCash</h2>");
        assertThat(html).contains("<label for=\"phone\">Nimewo MonCash ou</label>");
        assertThat(html)
                .contains("<button id=\"pay\" type=\"submit\" name=\"action\" value=\"pay\">"
                        + "Peye 2\u00A0500,00\u00A0HTG</button>");
        assertThat(html).contains("2 sak kafe", "ORD-42");
        assertThat(html).doesNotContain("id=\"phone-error\"").doesNotContain("aria-invalid=");
    }

    @Test
    void cancellingIsASmallLinkThatAsksBeforeItCancels() {
        String html = payment(Language.HT, view());
        assertThat(html)
                .contains("<a id=\"cancel\" href=\"tok123?lang=ht&amp;cancel\">Anile peman an</a>")
                .doesNotContain("value=\"cancel\"");
        assertThat(html.indexOf("id=\"cancel\"")).isGreaterThan(html.indexOf("id=\"pay\""));

        PaymentView asking = new PaymentView(
                "Boutik Jakmel",
                new BigDecimal("2500.00"),
                null,
                null,
                EXPIRES_AT,
                "tok123?lang=ht",
                "tok123?lang=ht&cancel",
                true,
                false,
                3,
                null,
                null);
        String confirm = payment(Language.HT, asking);
        assertThat(confirm)
                .contains("Ou vle anile peman sa a?", "Pa gen kòb ki ap sòti nan kont ou.")
                .contains("<button id=\"cancel-confirm\" type=\"submit\" name=\"action\" value=\"cancel\">"
                        + "Wi, anile l</button>")
                .contains("<a class=\"keep\" id=\"keep-paying\" href=\"tok123?lang=ht\">Non, m ap peye</a>")
                .doesNotContain("id=\"pay\"")
                .doesNotContain("id=\"phone\"");
    }

    @Test
    void afterADeclineThePageSaysWhyThatNoMoneyWasTakenAndHowManyTriesAreLeft() {
        PaymentView declined = new PaymentView(
                "Boutik Jakmel",
                new BigDecimal("2500.00"),
                null,
                null,
                EXPIRES_AT,
                "tok123?lang=ht",
                "tok123?lang=ht&cancel",
                false,
                true,
                2,
                null,
                null);
        String html = payment(Language.HT, declined);
        assertThat(html)
                .contains("<div class=\"declined\" id=\"declined\" role=\"alert\">")
                .contains("MonCash refize peman an.", "Pa gen ase kòb sou kont MonCash sa a.")
                .contains("Pa gen kòb ki sòti nan kont ou.", "Ou ka eseye 2 fwa ankò.");
        assertThat(html.indexOf("id=\"declined\"")).isLessThan(html.indexOf("id=\"phone\""));
        assertThat(payment(Language.FR, declined)).contains("Il vous reste 2 essais.", "Aucun argent n’a été débité");
        assertThat(payment(Language.EN, declined)).contains("2 tries left.");
        assertThat(payment(Language.HT, view())).doesNotContain("id=\"declined\"");
    }

    @Test
    void thePhoneFieldTakesWhatPeopleTypeAndNoStricterPattern() {
        String html = payment(Language.FR, view());
        assertThat(html)
                .contains("<input id=\"phone\" name=\"phone\" type=\"tel\" inputmode=\"tel\" autocomplete=\"tel\"")
                .doesNotContain("pattern=")
                .doesNotContain(" required");
        assertThat(html).contains("<label for=\"phone\">Votre numéro MonCash</label>");
        assertThat(html).contains(">Payer 2\u00A0500,00\u00A0HTG</button>").contains(">Annuler le paiement</a>");
    }

    @Test
    void aRefusedNumberIsExplainedNextToTheFieldSayingWhatIsWrong() {
        PaymentView refused = refused("22223333", PageError.PHONE_LANDLINE);
        String html = payment(Language.HT, refused);
        assertThat(html)
                .contains("value=\"22223333\"", "aria-invalid=\"true\"", "aria-describedby=\"phone-error phone-hint\"");
        assertThat(html)
                .contains("<p class=\"error\" id=\"phone-error\" role=\"alert\">"
                        + "Sa se yon nimewo fiks. Tape nimewo selilè MonCash ou a, li kòmanse ak 3, 4 oswa 5.</p>");
        assertThat(html.indexOf("id=\"phone-error\"")).isGreaterThan(html.indexOf("<input id=\"phone\""));
        assertThat(html).doesNotContain("id=\"description\"").doesNotContain("id=\"reference\"");
        assertThat(payment(Language.EN, refused("509123", PageError.PHONE_TOO_SHORT)))
                .contains("Some digits are missing.");
        assertThat(payment(Language.FR, refused("33 44 55 66 77", PageError.PHONE_TOO_LONG)))
                .contains("Ce numéro a trop de chiffres.");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void everyPhoneProblemHasItsOwnMessage(Language language) {
        List<String> messages = new ArrayList<>();
        for (PageError error : PageError.values()) {
            String html = payment(language, refused("x", error));
            int start = html.indexOf("role=\"alert\">") + "role=\"alert\">".length();
            messages.add(html.substring(start, html.indexOf("</p>", start)));
        }
        assertThat(messages).doesNotHaveDuplicates().allSatisfy(m -> assertThat(m)
                .isNotBlank());
    }

    @Test
    void theReceiptShowsMerchantAmountStatusTransactionDateAndTime() {
        for (String status : List.of("completed", "failed", "cancelled", "expired")) {
            String html = receipt(
                    Language.EN,
                    new ReceiptView("Boutik", new BigDecimal("2500.00"), status, "tx-9", "ORD-1", PAID_AT, null));
            assertThat(html).contains("data-status=\"" + status + "\"", "class=\"status status-" + status + "\"");
            assertThat(html).contains("tx-9", "ORD-1", "Boutik", "HTG\u00A02,500.00", "23/11/2026\u00A008:30");
        }
        assertThat(receipt(
                        Language.HT,
                        new ReceiptView("Boutik", new BigDecimal("1.00"), "completed", "tx", null, PAID_AT, null)))
                .contains("Mèsi! Peman an pase", ">Peye<");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void aPaymentThatEndedUnpaidSaysNoMoneyWasTakenInTheDeclineBannersWords(Language language) {
        String noMoney =
                "<p class=\"muted\" id=\"no-money\">" + Messages.of(language).get("page.no_money") + "</p>";
        for (String status : List.of("failed", "cancelled", "expired")) {
            assertThat(receipt(language, new ReceiptView("B", BigDecimal.ONE, status, "tx", null, PAID_AT, null)))
                    .as(status)
                    .contains(noMoney);
        }
        assertThat(receipt(language, new ReceiptView("B", BigDecimal.ONE, "completed", "tx", null, PAID_AT, null)))
                .doesNotContain("id=\"no-money\"");
        assertThat(problem(language, Problem.EXPIRED, null)).contains(noMoney);
        assertThat(problem(language, Problem.PROVIDER_NOT_PAID, null)).contains(noMoney);
        assertThat(problem(language, Problem.NOT_FOUND, null)).doesNotContain("id=\"no-money\"");
        PaymentView declined = new PaymentView(
                "B", BigDecimal.ONE, null, null, EXPIRES_AT, "t", "t?cancel", false, true, 2, null, null);
        assertThat(payment(language, declined))
                .contains("<p id=\"no-money\">" + Messages.of(language).get("page.no_money") + "</p>");
    }

    @Test
    void aCancelledReceiptAFailedOneAndTheExpiredPageEachSayNoMoneyWasTaken() {
        assertThat(receipt(Language.HT, new ReceiptView("B", BigDecimal.ONE, "cancelled", "tx", null, PAID_AT, null)))
                .contains("Peman an anile", "Pa gen kòb ki sòti nan kont ou.");
        assertThat(receipt(Language.FR, new ReceiptView("B", BigDecimal.ONE, "failed", "tx", null, PAID_AT, null)))
                .contains("Paiement refusé", "Aucun argent n’a été débité de votre compte.");
        assertThat(problem(Language.EN, Problem.EXPIRED, null))
                .contains("This payment has expired", "No money was taken from your account.");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theExpiredPageNamesTheShopAndTheAmountInThePagesLanguage(Language language) {
        String html = render(PageTemplates.problem(
                new PageText(language, ""),
                new ProblemView(Problem.EXPIRED, "Boutik <Jakmel>", new BigDecimal("2500.00"), null)));
        String amount = PageText.formatAmount(new BigDecimal("2500.00"), language);
        assertThat(html)
                .contains("<p id=\"about\">"
                        + Messages.of(language).get("problem.about", "Boutik &lt;Jakmel&gt;", amount)
                        + "</p>")
                .contains(amount)
                .contains(Messages.of(language).get("problem.expired.title"));
        assertThat(problem(language, Problem.NOT_FOUND, null)).doesNotContain("id=\"about\"");
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
    void everyPageSaysItsLanguageAndOffersAllThreeMarkingTheCurrentOne(Language language) {
        PageText text = new PageText(language, "transactionId=T-1&x=%3C");
        String html = render(PageTemplates.problem(text, new ProblemView(Problem.PROVIDER_UNKNOWN, null)));
        assertThat(html).contains("<html lang=\"" + language.tag() + "\">");
        for (Language other : Language.values()) {
            String link = "href=\"?transactionId=T-1&amp;x=%3C&amp;lang=" + other.tag() + "\"";
            if (other == language) {
                assertThat(html).doesNotContain(link).contains("aria-current=\"true\" lang=\"" + other.tag() + "\"");
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
                new PaymentView(
                        "Boutik",
                        new BigDecimal("2500.00"),
                        "d",
                        "r",
                        EXPIRES_AT,
                        "t",
                        "t?cancel",
                        false,
                        false,
                        3,
                        "3700",
                        PageError.ACTION)));
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
