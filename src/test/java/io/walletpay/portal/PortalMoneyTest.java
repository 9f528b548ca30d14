package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Money out in the portal, as a merchant clicks through it: the balance, a refund, the payout number, a payout. */
@BehaviourTest
class PortalMoneyTest {

    static RunningService service;
    static JsonObject merchant;
    static String token;
    static PortalClient portal;

    @BeforeAll
    static void start() throws Exception {
        service = RunningService.start();
        merchant = service.createMerchant(new JsonObject()
                .put("name", "Boutik Pòtay")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        token = service.tokenFor(merchant);
        portal = new PortalClient("http://localhost:" + service.config.http().port());
        portal.logIn(merchant);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aRefundIsAskedForOnThePaymentsPageConfirmedAndShownThere() throws Exception {
        String id = paid(800);
        HttpResponse<String> page = portal.get("/portal/payments/" + id + "?lang=en");
        assertThat(page.body()).contains("id=\"refund\"").doesNotContain("id=\"refund-form\"");

        HttpResponse<String> confirm = portal.get("/portal/payments/" + id + "?confirm=refund&lang=en");
        assertThat(confirm.body()).contains("id=\"refund-form\"", "value=\"800.00\"", "509****1234", "fee is not");
        HttpResponse<String> tooMuch = portal.submit(
                confirm, "/portal/payments/" + id + "/refund", Map.of("amount", "900", "form_key", key(confirm)));
        assertThat(tooMuch.body()).contains("more than what is left");
        // the next form is sent from the page the last one answered, as a browser sends it
        HttpResponse<String> asked = portal.submit(
                tooMuch,
                "/portal/payments/" + id + "/refund",
                Map.of("amount", "250,50", "reason", "one item missing", "form_key", key(confirm)));
        // on to a page of its own, so a reload shows the outcome again rather than sending the form
        assertThat(asked.statusCode()).isEqualTo(303);
        assertThat(asked.headers().firstValue("Location")).contains("/portal/payments/" + id + "?done=refund");
        HttpResponse<String> done = portal.follow(asked);
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.body()).contains("The refund is on its way", "250.50", "one item missing");
        assertThat(portal.follow(asked).body()).contains("The refund is on its way");
        // the same form sent again makes no second refund
        portal.submit(
                done,
                "/portal/payments/" + id + "/refund",
                Map.of("amount", "250,50", "reason", "one item missing", "form_key", key(confirm)));
        assertThat(service.sql("SELECT count(*) FROM transfers WHERE payment_id = $1::uuid", id)
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(1);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        portal.get("/portal/payments/" + id + "?lang=en").body().contains("status-succeeded"));
    }

    /**
     * A refund's reason goes out in webhooks and reports, so the portal holds it to the API's rules: a character
     * that reorders text or breaks the line is refused with a notice, and no refund is made. A NUL (which PostgreSQL
     * cannot store) in a search finds nothing rather than failing.
     */
    @Test
    void aReasonTheApiWouldRefuseMakesNoRefundAndSaysWhy() throws Exception {
        String id = paid(300);
        HttpResponse<String> confirm = portal.get("/portal/payments/" + id + "?confirm=refund&lang=en");

        HttpResponse<String> reordered = portal.submit(
                confirm,
                "/portal/payments/" + id + "/refund",
                Map.of("amount", "100", "reason", "\u202Eevila", "form_key", key(confirm)));
        HttpResponse<String> twoLines = portal.submit(
                reordered,
                "/portal/payments/" + id + "/refund",
                Map.of("amount", "100", "reason", "one\u2028two", "form_key", key(confirm)));

        assertThat(reordered.statusCode()).isEqualTo(200);
        assertThat(reordered.body()).contains("invisible characters");
        assertThat(twoLines.body()).contains("invisible characters");
        assertThat(service.sql("SELECT count(*) FROM transfers WHERE payment_id = $1::uuid", id)
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
        HttpResponse<String> search = portal.get("/portal/payments?reference=%00&lang=en");
        assertThat(search.statusCode()).isEqualTo(200);
    }

    @Test
    void thePayoutNumberNeedsThePersonsPasswordAndThenTheBalanceIsPaidOut() throws Exception {
        paid(500);
        HttpResponse<String> overview = portal.get("/portal/?lang=en");
        assertThat(overview.body()).contains("id=\"balance\"", "id=\"to-payouts\"");

        HttpResponse<String> page = portal.get("/portal/payouts?lang=en");
        assertThat(page.body()).contains("No payout number yet").doesNotContain("id=\"payout-form\"");
        HttpResponse<String> wrong = portal.submit(
                page,
                "/portal/payouts/phone",
                Map.of("payout_phone", "3712 3456", "password", portal.person.password() + "x"));
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(wrong.body()).contains("That is not your password.");
        // the API's secret key is not the person's password
        HttpResponse<String> key = portal.submit(
                wrong,
                "/portal/payouts/phone",
                Map.of("payout_phone", "3712 3456", "password", merchant.getString("secret_key")));
        assertThat(key.statusCode()).isEqualTo(403);
        assertThat(key.body()).contains("That is not your password.");
        assertThat(payoutPhoneOf(merchant)).isNull();
        HttpResponse<String> landline = portal.submit(
                wrong,
                "/portal/payouts/phone",
                Map.of("payout_phone", "2812 3456", "password", portal.person.password()));
        assertThat(landline.body()).contains("8 digits starting with 3, 4 or 5");
        HttpResponse<String> saved = portal.follow(portal.submit(
                landline,
                "/portal/payouts/phone",
                Map.of("payout_phone", "3712 3456", "password", portal.person.password())));
        assertThat(saved.body()).contains("The payout number is saved", "509****3456", "id=\"payout-form\"");

        HttpResponse<String> tooMuch =
                portal.submit(saved, "/portal/payouts", Map.of("amount", "999999", "form_key", key(saved)));
        assertThat(tooMuch.body()).contains("not enough");
        // two thousand, as the English portal writes its balance: more than there is, never two gourdes
        HttpResponse<String> grouped =
                portal.submit(tooMuch, "/portal/payouts", Map.of("amount", "2,000", "form_key", key(tooMuch)));
        assertThat(grouped.body()).contains("not enough");
        HttpResponse<String> asked =
                portal.submit(grouped, "/portal/payouts", Map.of("amount", "100", "form_key", key(saved)));
        assertThat(asked.statusCode()).isEqualTo(303);
        HttpResponse<String> sent = portal.follow(asked);
        assertThat(sent.body()).contains("The payout is on its way", "id=\"payout-list\"");
        // reloading the page the payout led to sends nothing again
        assertThat(portal.follow(asked).body()).contains("The payout is on its way");
        assertThat(service.sql(
                                "SELECT count(*) FROM transfers WHERE kind = 'payout' AND merchant_id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(1);
        HttpResponse<String> kreyol = portal.get("/portal/payouts?lang=ht");
        assertThat(kreyol.body()).contains("Retrè", "Nimewo pou retrè");
    }

    @Test
    void afterTooManyWrongPasswordsTheRightOneIsAskedToWaitNotCalledWrong() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Tann");
        PortalClient browser =
                new PortalClient("http://localhost:" + service.config.http().port());
        browser.logIn(shop);
        HttpResponse<String> page = browser.get("/portal/payouts?lang=en");
        for (int i = 0; i < service.config.logins().failuresPerAccount(); i++) {
            page = browser.submit(
                    page,
                    "/portal/payouts/phone",
                    Map.of("payout_phone", "3712 3456", "password", browser.person.password() + "x"));
            assertThat(page.statusCode()).isEqualTo(403);
            assertThat(page.body()).contains("That is not your password.");
        }

        HttpResponse<String> right = browser.submit(
                page,
                "/portal/payouts/phone",
                Map.of("payout_phone", "3712 3456", "password", browser.person.password()));

        assertThat(right.statusCode()).isEqualTo(429);
        assertThat(right.headers().firstValue("Retry-After")).isPresent();
        assertThat(right.body()).contains("Too many attempts").doesNotContain("That is not your password.");
        assertThat(service.sql("SELECT payout_phone FROM merchants WHERE id = $1::uuid", shop.getString("merchant_id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isNull();
    }

    @Test
    void olderPayoutsAreOnTheNextPages() throws Exception {
        JsonObject busy = service.createMerchant(new JsonObject()
                .put("name", "Boutik Chak Jou")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        String busyToken = service.tokenFor(busy);
        paid(busyToken, 500);
        assertThat(service.http
                        .patch(
                                "/api/admin/merchants/" + busy.getString("merchant_id"),
                                io.walletpay.support.TestConfig.ADMIN_TOKEN,
                                new JsonObject().put("payout_phone", "3712 3456"))
                        .status())
                .isEqualTo(200);
        List<String> made = new ArrayList<>();
        for (int i = 0; i <= MoneyPages.PAYOUTS_PER_PAGE; i++) {
            var payout = service.http.send(
                    "POST",
                    "/api/merchant/payouts",
                    busyToken,
                    new JsonObject().put("amount", 1).encode(),
                    Map.of("Content-Type", "application/json"));
            assertThat(payout.status()).as(payout.body()).isEqualTo(201);
            made.add(payout.data().getString("id"));
        }
        PortalClient owner =
                new PortalClient("http://localhost:" + service.config.http().port());
        owner.logIn(busy);

        HttpResponse<String> newest = owner.get("/portal/payouts?lang=en");
        assertThat(rowIds(newest)).hasSize(MoneyPages.PAYOUTS_PER_PAGE).doesNotContain(made.get(0));
        assertThat(rowIds(newest).get(0)).isEqualTo(made.get(made.size() - 1));
        Matcher next = Pattern.compile("id=\"next\" href=\"([^\"]+)\"").matcher(newest.body());
        assertThat(next.find()).isTrue();

        HttpResponse<String> older = owner.get(next.group(1).replace("&amp;", "&"));
        assertThat(rowIds(older)).containsExactly(made.get(0));
        assertThat(older.body()).doesNotContain("id=\"next\"");
        assertThat(owner.get("/portal/payouts?after=nope").statusCode()).isEqualTo(400);
    }

    private static String payoutPhoneOf(JsonObject shop) {
        return service.sql("SELECT payout_phone FROM merchants WHERE id = $1::uuid", shop.getString("merchant_id"))
                .iterator()
                .next()
                .getString(0);
    }

    private static List<String> rowIds(HttpResponse<String> page) {
        Matcher row = Pattern.compile("<tr data-id=\"([^\"]+)\"").matcher(page.body());
        List<String> ids = new ArrayList<>();
        while (row.find()) {
            ids.add(row.group(1));
        }
        return ids;
    }

    static String paid(int amount) {
        return paid(token, amount);
    }

    static String paid(String token, int amount) {
        return paidThrough(service, token, amount);
    }

    /** A payment of {@code amount} paid at the sandbox checkout from 3700 1234, on {@code service}. */
    static String paidThrough(RunningService service, String token, int amount) {
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", amount));
        String redirect = payment.getString("redirect_url");
        service.http.send(
                "POST",
                "/checkout/" + redirect.substring(redirect.lastIndexOf('/') + 1),
                null,
                "phone=3700+1234&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        return payment.getString("id");
    }

    static String key(HttpResponse<String> page) {
        Matcher m = Pattern.compile("name=\"form_key\" value=\"([^\"]+)\"").matcher(page.body());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
