package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The portal's doors over real HTTP: no session sends every page to the login page, a POST without the CSRF token
 * is refused with 403 and changes nothing, a wrong password is refused in the page's language, a good one opens a
 * session cookie that is HttpOnly and SameSite=Lax, and one merchant's pages never show another's payments.
 */
@BehaviourTest
class PortalSessionTest {

    static RunningService service;
    static JsonObject shop;
    static JsonObject other;
    static String base;
    static PortalClient.Person cashier;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
        shop = service.createMerchant("Boutik Portal");
        other = service.createMerchant("Lòt Machann");
        String shopToken = service.tokenFor(shop);
        String otherToken = service.tokenFor(other);
        service.createPayment(shopToken, new JsonObject().put("amount", 1500).put("reference_id", "SHOP-1"));
        service.createPayment(shopToken, new JsonObject().put("amount", 700).put("reference_id", "SHOP-2"));
        JsonObject paid = service.createPayment(
                shopToken, new JsonObject().put("amount", 2000).put("reference_id", "SHOP-3"));
        service.transition(paid.getString("id"), io.walletpay.payment.PaymentStatus.COMPLETED);
        JsonObject othersPaid = service.createPayment(
                otherToken, new JsonObject().put("amount", 999).put("reference_id", "OTHER-SECRET-1"));
        service.transition(othersPaid.getString("id"), io.walletpay.payment.PaymentStatus.COMPLETED);
        try {
            cashier = new PortalClient(base).logIn(shop, "cashier");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void everyPageWithoutASessionRedirectsToTheLoginPage() throws Exception {
        PortalClient browser = new PortalClient(base);
        for (String path : new String[] {"/portal/", "/portal/payments", "/portal/payments?status=pending"}) {
            HttpResponse<String> answer = browser.get(path);
            assertThat(answer.statusCode()).as(path).isEqualTo(303);
            assertThat(answer.headers().firstValue("Location")).as(path).hasValue("/portal/login");
        }
        HttpResponse<String> forged = browser.get("/portal/");
        assertThat(forged.statusCode()).isEqualTo(303);
    }

    @Test
    void aForgedSessionCookieIsNoSession() throws Exception {
        PortalClient browser = new PortalClient(base);
        HttpResponse<String> answer = browser.client.send(
                HttpRequest.newBuilder(URI.create(base + "/portal/payments"))
                        .header("Cookie", "walletpay_portal=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/portal/login");
    }

    @Test
    void aLoginPostWithoutTheCsrfTokenIsRefusedAndOpensNoSession() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.get("/portal/login");
        HttpResponse<String> answer =
                browser.post("/portal/login", Map.of("email", cashier.email(), "password", cashier.password()));
        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(answer.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
        assertThat(answer.headers().allValues("Set-Cookie")).noneMatch(c -> c.startsWith("walletpay_portal="));
        assertThat(browser.get("/portal/").statusCode()).isEqualTo(303);
    }

    @Test
    void aLogoutPostWithoutTheCsrfTokenChangesNothing() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        HttpResponse<String> forged = browser.post("/portal/logout", Map.of());
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(browser.get("/portal/").statusCode()).isEqualTo(200);

        HttpResponse<String> overview = browser.get("/portal/");
        HttpResponse<String> logout =
                browser.post("/portal/logout", Map.of("X-XSRF-TOKEN", browser.csrfFrom(overview)));
        assertThat(logout.statusCode()).isEqualTo(303);
        assertThat(browser.get("/portal/").statusCode()).isEqualTo(303);
    }

    @Test
    void aWrongPasswordIsRefusedInThePagesLanguage() throws Exception {
        PortalClient browser = new PortalClient(base);
        HttpResponse<String> login = browser.get("/portal/login?lang=fr");
        assertThat(login.body()).contains("lang=\"fr\"").contains("Mot de passe");
        HttpResponse<String> answer = browser.post(
                "/portal/login",
                Map.of(
                        "X-XSRF-TOKEN", browser.csrfFrom(login),
                        "email", cashier.email(),
                        "password", cashier.password() + "x"));
        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.body()).contains("E-mail ou mot de passe incorrects");
        assertThat(answer.headers().allValues("Set-Cookie")).noneMatch(c -> c.startsWith("walletpay_portal="));
        assertThat(browser.get("/portal/").statusCode()).isEqualTo(303);
    }

    @Test
    void theSessionCookieIsHttpOnlyAndSameSiteLax() throws Exception {
        PortalClient browser = new PortalClient(base);
        HttpResponse<String> login = browser.get("/portal/login");
        HttpResponse<String> answer = browser.post(
                "/portal/login",
                Map.of(
                        "X-XSRF-TOKEN", browser.csrfFrom(login),
                        "email", cashier.email(),
                        "password", cashier.password()));
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/portal/");
        String cookie = answer.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("walletpay_portal="))
                .findFirst()
                .orElseThrow();
        assertThat(cookie)
                .containsIgnoringCase("HttpOnly")
                .contains("SameSite=Lax")
                .contains("Path=/portal");
        assertThat(cookie).doesNotContain(shop.getString("merchant_id")).doesNotContain(cashier.email());
        assertThat(answer.headers().firstValue("Content-Security-Policy")).isEmpty();
        HttpResponse<String> overview = browser.get("/portal/");
        assertThat(overview.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(
                        v -> assertThat(v).contains("default-src 'none'").doesNotContain("script"));
    }

    @Test
    void aMerchantSeesOnlyItsOwnPaymentsAndFiltersThem() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        HttpResponse<String> all = browser.get("/portal/payments");
        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.body()).contains("SHOP-1").contains("SHOP-2").doesNotContain("OTHER-SECRET-1");

        HttpResponse<String> byOthersReference = browser.get("/portal/payments?reference=OTHER-SECRET-1");
        assertThat(byOthersReference.body())
                .doesNotContain("OTHER-SECRET-1</a>")
                .doesNotContain("data-id=");

        HttpResponse<String> one = browser.get("/portal/payments?reference=SHOP-2");
        assertThat(one.body()).contains("SHOP-2</a>").doesNotContain("SHOP-1</a>");

        HttpResponse<String> completed = browser.get("/portal/payments?status=completed");
        assertThat(completed.body())
                .contains("SHOP-3</a>")
                .doesNotContain("SHOP-1</a>")
                .doesNotContain("OTHER-SECRET-1");
    }

    @Test
    void aBadFilterIsAClear400Page() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        HttpResponse<String> answer = browser.get("/portal/payments?status=paid&lang=ht");
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("lang=\"ht\"").contains("Demann nan pa bon");
        assertThat(browser.get("/portal/payments?after=not-an-id").statusCode()).isEqualTo(400);
    }

    @Test
    void theOverviewCountsOnlyTheMerchantsOwnPaymentsByStatusWithFeesNetAndAChart() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        String page = browser.get("/portal/?lang=en").body();
        // today: one completed (2,000.00), two pending (2,200.00); the other merchant's 999.00 nowhere
        String today = page.substring(page.indexOf("id=\"period-today\""), page.indexOf("id=\"period-week\""));
        assertThat(row(today, "completed")).contains(">1<").contains("HTG\u00A02,000.00");
        assertThat(row(today, "pending")).contains(">2<").contains("HTG\u00A02,200.00");
        assertThat(row(today, "failed")).contains(">0<");
        assertThat(page).doesNotContain("999.00");
        JsonObject stored = service.http
                .get("/api/merchant/payments?reference_id=SHOP-3", service.tokenFor(shop))
                .dataArray()
                .getJsonObject(0);
        assertThat(today)
                .contains("class=\"fees nb\">HTG\u00A0"
                        + String.format(java.util.Locale.ROOT, "%,.2f", Double.parseDouble(stored.getString("fees"))));
        assertThat(page).contains("<svg id=\"chart\"").contains("<rect ");
        assertThat(page.split("<rect ", -1)).hasSize(31);
    }

    private static String row(String table, String status) {
        int start = table.indexOf("data-status=\"" + status + "\"");
        assertThat(start).as(status).isPositive();
        return table.substring(start, table.indexOf("</tr>", start));
    }

    @Test
    void aPaymentOfAnotherMerchantIsNotFoundByItsId() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        String othersId = service.sql("SELECT id FROM payments WHERE reference_id = 'OTHER-SECRET-1'")
                .iterator()
                .next()
                .getUUID("id")
                .toString();
        HttpResponse<String> answer = browser.get("/portal/payments/" + othersId);
        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.body())
                .doesNotContain("OTHER-SECRET-1")
                .doesNotContain("999.00")
                .doesNotContain("999,00");
        HttpResponse<String> cancel = browser.post(
                "/portal/payments/" + othersId + "/cancel",
                Map.of("X-XSRF-TOKEN", browser.csrfFrom(browser.get("/portal/"))));
        assertThat(cancel.statusCode()).isEqualTo(404);
        assertThat(statusOf("OTHER-SECRET-1")).isEqualTo("completed");
        assertThat(browser.get("/portal/payments/not-an-id").statusCode()).isEqualTo(404);
    }

    @Test
    void cancelWithoutTheCsrfTokenChangesNothingAndWithItCancels() throws Exception {
        JsonObject payment = service.createPayment(
                service.tokenFor(shop), new JsonObject().put("amount", 300).put("reference_id", "SHOP-CANCEL"));
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        String path = "/portal/payments/" + payment.getString("id");
        HttpResponse<String> detail = browser.get(path + "?lang=ht");
        assertThat(detail.statusCode()).isEqualTo(200);
        assertThat(detail.body())
                .contains("SHOP-CANCEL")
                .contains("id=\"cancel\"")
                .contains("Anile peman an");

        HttpResponse<String> forged = browser.post(path + "/cancel", Map.of());
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.body()).contains("Anyen pa chanje");
        assertThat(statusOf("SHOP-CANCEL")).isEqualTo("pending");

        HttpResponse<String> cancelled =
                browser.post(path + "/cancel", Map.of("X-XSRF-TOKEN", browser.csrfFrom(detail)));
        assertThat(cancelled.statusCode()).isEqualTo(200);
        assertThat(cancelled.body()).contains("status-cancelled").doesNotContain("id=\"cancel\"");
        assertThat(statusOf("SHOP-CANCEL")).isEqualTo("cancelled");

        HttpResponse<String> again =
                browser.post(path + "/cancel", Map.of("X-XSRF-TOKEN", browser.csrfFrom(cancelled)));
        assertThat(again.statusCode()).isEqualTo(409);
    }

    @Test
    void theFormTokenStaysTheSameForTheWholeSessionAndAnotherSessionsTokenIsRefused() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        String token = browser.csrfFrom(browser.get("/portal/"));
        assertThat(browser.csrfFrom(browser.get("/portal/payments"))).isEqualTo(token);
        JsonObject first = service.createPayment(
                service.tokenFor(shop), new JsonObject().put("amount", 310).put("reference_id", "SHOP-TOKEN-1"));
        JsonObject second = service.createPayment(
                service.tokenFor(shop), new JsonObject().put("amount", 320).put("reference_id", "SHOP-TOKEN-2"));
        // a token that served once serves again in the same session
        assertThat(browser.post(
                                "/portal/payments/" + first.getString("id") + "/cancel",
                                Map.of(PortalClient.CSRF_FIELD, token))
                        .statusCode())
                .isEqualTo(200);
        assertThat(browser.csrfFrom(browser.get("/portal/"))).isEqualTo(token);

        // a session of the same person elsewhere has a token of its own, and neither takes the other's
        PortalClient elsewhere = new PortalClient(base);
        elsewhere.logInAs(browser.person);
        String othersToken = elsewhere.csrfFrom(elsewhere.get("/portal/"));
        assertThat(othersToken).isNotEqualTo(token);
        HttpResponse<String> crossed = elsewhere.post(
                "/portal/payments/" + second.getString("id") + "/cancel", Map.of(PortalClient.CSRF_FIELD, token));
        assertThat(crossed.statusCode()).isEqualTo(403);
        assertThat(statusOf("SHOP-TOKEN-2")).isEqualTo("pending");
        assertThat(browser.post(
                                "/portal/payments/" + second.getString("id") + "/cancel",
                                Map.of(PortalClient.CSRF_FIELD, token))
                        .statusCode())
                .isEqualTo(200);
        assertThat(statusOf("SHOP-TOKEN-2")).isEqualTo("cancelled");

        // after logging out and in again the old token is refused
        browser.post("/portal/logout", Map.of(PortalClient.CSRF_FIELD, token));
        browser.logInAs(browser.person);
        JsonObject third = service.createPayment(
                service.tokenFor(shop), new JsonObject().put("amount", 330).put("reference_id", "SHOP-TOKEN-3"));
        assertThat(browser.post(
                                "/portal/payments/" + third.getString("id") + "/cancel",
                                Map.of(PortalClient.CSRF_FIELD, token))
                        .statusCode())
                .isEqualTo(403);
        assertThat(statusOf("SHOP-TOKEN-3")).isEqualTo("pending");
    }

    private static String statusOf(String reference) {
        return service.sql("SELECT status FROM payments WHERE reference_id = $1", reference)
                .iterator()
                .next()
                .getString("status");
    }
}
