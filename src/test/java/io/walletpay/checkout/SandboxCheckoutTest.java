package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.openapi.OpenApiContract;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The sandbox checkout page over real HTTP, as the customer's browser and then the merchant see it. */
@BehaviourTest
class SandboxCheckoutTest {

    static final String RETURN_URL = "https://shop.example/return?src=walletpay";
    static final String FORM = "application/x-www-form-urlencoded";

    static RunningService service;
    static Http http;
    static String shopToken;
    static String receiptOnlyToken;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
        shopToken = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Boutique <b>Ti Mari</b> & Fils").put("return_url", RETURN_URL)));
        receiptOnlyToken = service.tokenFor(service.createMerchant("Kiosk"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void thePageShowsMerchantAmountAndDescriptionEscapedWithProtectiveHeaders() {
        JsonObject payment = create(
                shopToken,
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "ORDER-1")
                        .put("description", "<script>alert('x')</script> Diri & pwa"));

        Http.Response page = http.get(path(payment), null);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(page.header("Cache-Control")).isEqualTo("no-store");
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(page.header("Content-Security-Policy"))
                .contains("default-src 'none'", "frame-ancestors 'none'", "form-action 'self' https://shop.example")
                .doesNotContain("script-src");
        assertThat(page.body())
                .contains("Boutique &lt;b&gt;Ti Mari&lt;/b&gt; &amp; Fils")
                .contains("&lt;script&gt;alert('x')&lt;/script&gt; Diri &amp; pwa")
                .contains("2\u00A0500,00\u00A0HTG") // no Accept-Language, no merchant locale: the default, Kreyòl
                .contains("ORDER-1")
                .contains("name=\"phone\"", "value=\"pay\"", "Peye ak MonCash", "id=\"cancel\"")
                .doesNotContain("<script", "<b>");
        OpenApiContract.assertMatches("checkoutPage", 200, page.header("Content-Type"), page.body());
    }

    @Test
    void payingRedirectsToTheReturnUrlWithTheResultAndCompletesThePaymentWithItsWebhookRow() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 1200.5).put("reference_id", "ORDER 2&3"));

        Http.Response answer = submit(payment, "phone=50937123456&action=pay");

        assertThat(answer.status()).isEqualTo(303);
        String location = answer.header("Location");
        assertThat(location).startsWith("https://shop.example/return?src=walletpay&");
        assertThat(query(location))
                .containsExactlyEntriesOf(ordered(
                        "src",
                        "walletpay",
                        "transaction_id",
                        payment.getString("id"),
                        "reference_id",
                        "ORDER 2&3",
                        "status",
                        "completed"));
        assertThat(answer.header("Referrer-Policy")).isEqualTo("no-referrer");
        OpenApiContract.assertMatches("submitCheckout", 303, null, null);

        JsonObject stored = http.get("/api/merchant/payments/" + payment.getString("id"), shopToken)
                .data();
        assertThat(stored.getString("status")).isEqualTo("completed");
        assertThat(stored.getString("completed_at")).isNotNull();
        assertThat(outboxRows(payment)).isEqualTo(1);
        assertThat(service.sql(
                                "SELECT body FROM webhook_deliveries WHERE payment_id = $1::uuid",
                                payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .contains("\"status\":\"completed\"");
    }

    @Test
    void aDeclineLeadsBackToThePageWhichOffersAnotherNumberAndPayingThenSendsOneWebhook() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 300).put("reference_id", "DECLINE-ONCE"));

        Http.Response declined = submit(payment, "phone=" + encode("+509 0000-0002") + "&action=pay");

        assertThat(declined.status()).isEqualTo(303);
        // back to the page in the language the same rules pick, not a ?lang the customer never chose
        assertThat(declined.header("Location"))
                .isEqualTo(payment.getString("redirect_url")
                        .substring(payment.getString("redirect_url").lastIndexOf('/') + 1));
        assertThat(declined.header("Set-Cookie")).isNull();
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(outboxRows(payment))
                .as("a decline is not the end: no webhook")
                .isZero();
        Http.Response page = http.get(path(payment), null);
        assertThat(page.body())
                .contains("id=\"declined\"", "Pa gen kòb ki sòti nan kont ou.", "Ou ka eseye 2 fwa ankò.")
                .contains("name=\"phone\"");

        Http.Response paid = submit(payment, "phone=" + encode("3712 3456") + "&action=pay");
        assertThat(query(paid.header("Location"))).containsEntry("status", "completed");
        assertThat(outboxRows(payment)).isEqualTo(1);
        assertThat(http.get("/api/merchant/payments/" + payment.getString("id"), shopToken)
                        .data()
                        .getString("status"))
                .isEqualTo("completed");
    }

    @Test
    void theThirdDeclineFailsThePaymentWithOneWebhook() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 300).put("reference_id", "DECLINE"));

        submit(payment, "phone=" + encode("0000 0002") + "&action=pay");
        submit(payment, "phone=" + encode("0000 0002") + "&action=pay");
        Http.Response answer = submit(payment, "phone=" + encode("+509 0000-0002") + "&action=pay");

        assertThat(answer.status()).isEqualTo(303);
        assertThat(query(answer.header("Location"))).containsEntry("status", "failed");
        JsonObject stored = http.get("/api/merchant/payments/" + payment.getString("id"), shopToken)
                .data();
        assertThat(stored.getString("status")).isEqualTo("failed");
        assertThat(stored.getString("failure_reason"))
                .isEqualTo("declined by the wallet provider: insufficient funds, 3 tries");
        assertThat(stored.getString("fees")).isEqualTo("0.00");
        assertThat(outboxRows(payment)).isEqualTo(1);
    }

    @Test
    void cancelAsksFirstThenCancelsWithoutAPhoneNumber() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));

        Http.Response asking = http.get(path(payment) + "?lang=fr&cancel", null);
        assertThat(asking.status()).isEqualTo(200);
        assertThat(asking.body())
                .contains("Voulez-vous annuler ce paiement\u00A0?", "value=\"cancel\"", "id=\"keep-paying\"")
                .doesNotContain("name=\"phone\"");
        assertThat(status(payment)).as("asking changes nothing").isEqualTo("pending");

        Http.Response answer = submit(payment, "action=cancel");

        assertThat(answer.status()).isEqualTo(303);
        Map<String, String> result = query(answer.header("Location"));
        assertThat(result).containsEntry("status", "cancelled").doesNotContainKey("reference_id");
        assertThat(status(payment)).isEqualTo("cancelled");
    }

    @Test
    void aMalformedPhoneReshowsThePageWithTheErrorAndTheTypedNumberAndChangesNothing() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));

        Http.Response answer = submit(payment, "phone=" + encode("4091234\"><i>") + "&action=pay");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(answer.body())
                .contains("id=\"phone-error\"", "Tape chif sèlman")
                .contains("value=\"4091234&#34;>&lt;i>\"")
                .doesNotContain("<i>");
        OpenApiContract.assertMatches("submitCheckout", 400, answer.header("Content-Type"), answer.body());
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(outboxRows(payment)).isZero();
    }

    @Test
    void pagesTravelCompressedWhenTheBrowserAsksButThePortalNever() throws Exception {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));
        HttpClient client = HttpClient.newHttpClient();

        HttpResponse<byte[]> page = client.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + service.config.http().port() + path(payment)))
                        .header("Accept-Encoding", "gzip")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(page.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream unzipped = new GZIPInputStream(new ByteArrayInputStream(page.body()))) {
            assertThat(new String(unzipped.readAllBytes(), StandardCharsets.UTF_8))
                    .contains("Peye ak MonCash", "</html>");
        }

        // the portal's pages carry a CSRF token beside text an attacker could choose: compressing them would
        // let the size of a response reveal the token (BREACH)
        HttpResponse<byte[]> portal = client.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + service.config.http().port() + "/portal/login"))
                        .header("Accept-Encoding", "gzip")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(portal.statusCode()).isEqualTo(200);
        assertThat(portal.headers().firstValue("Content-Encoding").orElse("identity"))
                .isEqualTo("identity");
        assertThat(new String(portal.body(), StandardCharsets.UTF_8)).contains("</html>");
    }

    @Test
    void aLandlineIsRefusedSayingItIsALandline() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));

        Http.Response answer = submit(payment, "phone=" + encode("2812 3456") + "&action=pay");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("Sa se yon nimewo fiks.", "value=\"2812 3456\"");
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void anUnknownActionIsRefusedWithThePageAgain() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));

        Http.Response refund = submit(payment, "phone=50937123456&action=refund");
        Http.Response none = submit(payment, "phone=50937123456");

        assertThat(refund.status()).isEqualTo(400);
        assertThat(refund.body()).contains("Chwazi Peye oswa Anile");
        assertThat(none.status()).isEqualTo(400);
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void aSecondSubmitLandsOnTheSameResultAndChangesNothing() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 410).put("reference_id", "TWICE"));

        Http.Response first = submit(payment, "phone=50937123456&action=pay");
        Http.Response again = submit(payment, "phone=50937123456&action=pay");
        Http.Response cancelAfter = submit(payment, "action=cancel");
        Http.Response declineAfter = submit(payment, "phone=50900000002&action=pay");

        assertThat(first.status()).isEqualTo(303);
        assertThat(List.of(again, cancelAfter, declineAfter)).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(303);
            assertThat(answer.header("Location")).isEqualTo(first.header("Location"));
        });
        assertThat(status(payment)).isEqualTo("completed");
        assertThat(outboxRows(payment)).isEqualTo(1);
    }

    @Test
    void aDoubleTapOnPayWithADecliningNumberUsesOneTry() throws Exception {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 98));
        assertThat(page(payment)).contains("name=\"tries_left\" value=\"3\"");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<Http.Response>> taps = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                taps.add(pool.submit(
                        () -> submit(payment, "phone=" + encode("0000 0002") + "&action=pay&tries_left=3")));
            }
            for (Future<Http.Response> tap : taps) {
                assertThat(tap.get().status()).isEqualTo(303);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(page(payment)).contains("name=\"tries_left\" value=\"2\"");
    }

    @Test
    void racingSubmitsDecideOnceAndAllLandOnTheSameResult() throws Exception {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 99));
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            List<Future<Http.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                String body = i % 2 == 0 ? "phone=50937123456&action=pay" : "action=cancel";
                answers.add(pool.submit(() -> submit(payment, body)));
            }
            Set<String> locations = new HashSet<>();
            for (Future<Http.Response> answer : answers) {
                assertThat(answer.get().status()).isEqualTo(303);
                locations.add(answer.get().header("Location"));
            }
            assertThat(locations).hasSize(1);
            assertThat(query(locations.iterator().next()).get("status")).isEqualTo(status(payment));
            assertThat(outboxRows(payment)).isEqualTo(1);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void withoutAReturnUrlTheCustomerSeesAReceiptAndOpeningTheLinkAgainShowsItToo() {
        JsonObject payment =
                create(receiptOnlyToken, new JsonObject().put("amount", 75).put("reference_id", "R-9"));

        Http.Response receipt = submit(payment, "phone=50937123456&action=pay");
        Http.Response reopened = http.get(path(payment), null);

        assertThat(receipt.status()).isEqualTo(200);
        assertThat(receipt.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(receipt.body())
                .contains(
                        "id=\"status\"",
                        "data-status=\"completed\"",
                        payment.getString("short_code"),
                        "R-9",
                        "Kiosk",
                        "75,00\u00A0HTG");
        OpenApiContract.assertMatches("submitCheckout", 200, receipt.header("Content-Type"), receipt.body());
        assertThat(reopened.status()).isEqualTo(200);
        assertThat(reopened.body()).contains("data-status=\"completed\"").doesNotContain("name=\"phone\"");
        assertThat(submit(payment, "action=cancel").body()).isEqualTo(receipt.body());
    }

    @Test
    void openingADecidedPaymentWithAReturnUrlShowsTheReceipt() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 20));
        submit(payment, "action=cancel");

        Http.Response reopened = http.get(path(payment), null);

        assertThat(reopened.status()).isEqualTo(200);
        assertThat(reopened.body())
                .contains("data-status=\"cancelled\"", "Peman an anile", "Pa gen kòb ki sòti nan kont ou.")
                .doesNotContain("<form");
    }

    @Test
    void withoutAReturnUrlTheThirdDeclineShowsAFailedReceiptSayingNoMoneyWasTaken() {
        JsonObject payment = create(receiptOnlyToken, new JsonObject().put("amount", 60));
        submit(payment, "phone=" + encode("0000 0002") + "&action=pay");
        submit(payment, "phone=" + encode("0000 0002") + "&action=pay");
        submit(payment, "phone=" + encode("0000 0002") + "&action=pay");

        Http.Response receipt = http.get(path(payment) + "?lang=fr", null);

        assertThat(receipt.status()).isEqualTo(200);
        assertThat(receipt.body())
                .contains(
                        "data-status=\"failed\"",
                        "Paiement refusé",
                        "<p class=\"muted\" id=\"no-money\">Aucun argent n’a été débité de votre compte.</p>");
    }

    @Test
    void anUnknownTokenIsA404PageOnEveryMethod() {
        for (Http.Response answer : List.of(
                http.get("/checkout/no-such-token", null),
                http.send("POST", "/checkout/no-such-token", null, "action=cancel", Map.of("Content-Type", FORM)),
                http.get("/checkout/" + "x".repeat(300), null),
                http.get("/checkout/a/b", null),
                http.get("/checkout/", null))) {
            assertThat(answer.status()).isEqualTo(404);
            assertThat(answer.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
            assertThat(answer.body()).contains("Nou pa jwenn peman sa a").doesNotContain("\"success\"");
        }
        Http.Response put = http.send("PUT", "/checkout/no-such-token", null, null, Map.of());
        assertThat(put.status()).isEqualTo(405);
        assertThat(put.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
    }

    @Test
    void anExpiredPaymentIsA410PageAndCannotBePaid() {
        JsonObject swept = create(shopToken, new JsonObject().put("amount", 50));
        service.sql(
                "UPDATE payments SET status = 'expired', fees = 0, net_amount = 0 WHERE id = $1::uuid",
                swept.getString("id"));
        JsonObject due = create(shopToken, new JsonObject().put("amount", 50));
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1::uuid",
                due.getString("id"));

        for (JsonObject payment : List.of(swept, due)) {
            Http.Response page = http.get(path(payment), null);
            Http.Response paid = submit(payment, "phone=50937123456&action=pay");
            assertThat(page.status()).isEqualTo(410);
            assertThat(page.body())
                    .contains("Peman sa a ekspire", "Ou pa ka peye l ankò.", "Pa gen kòb ki sòti nan kont ou.");
            OpenApiContract.assertMatches("checkoutPage", 410, page.header("Content-Type"), page.body());
            assertThat(paid.status()).isEqualTo(410);
            assertThat(status(payment)).isIn("expired", "pending");
            assertThat(service.sql(
                                    "SELECT count(*) FROM payments WHERE id = $1::uuid AND status = 'completed'",
                                    payment.getString("id"))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isZero();
        }
    }

    @Test
    void aBodyThatIsNotAFormIsA415PageAndATooLargeOneA413Page() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 50));

        Http.Response json = http.send(
                "POST", path(payment), null, "{\"action\":\"pay\"}", Map.of("Content-Type", "application/json"));
        Http.Response huge = submit(payment, "phone=50937123456&action=pay&pad=" + "x".repeat(70 * 1024));

        assertThat(json.status()).isEqualTo(415);
        assertThat(json.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(huge.status()).isEqualTo(413);
        assertThat(huge.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(status(payment)).isEqualTo("pending");
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static JsonObject create(String token, JsonObject body) {
        Http.Response response = http.post("/api/merchant/payments/wallet/", token, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.data();
    }

    static String path(JsonObject payment) {
        return URI.create(payment.getString("redirect_url")).getRawPath();
    }

    static Http.Response submit(JsonObject payment, String form) {
        return http.send("POST", path(payment), null, form, Map.of("Content-Type", FORM));
    }

    static String page(JsonObject payment) {
        return http.get(path(payment), null).body();
    }

    static String status(JsonObject payment) {
        return service.sql("SELECT status FROM payments WHERE id = $1::uuid", payment.getString("id"))
                .iterator()
                .next()
                .getString(0);
    }

    static long outboxRows(JsonObject payment) {
        return service.sql(
                        "SELECT count(*) FROM webhook_deliveries WHERE payment_id = $1::uuid", payment.getString("id"))
                .iterator()
                .next()
                .getLong(0);
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** The decoded query parameters of {@code url}, in order. */
    static Map<String, String> query(String url) {
        Map<String, String> params = new LinkedHashMap<>();
        String raw = URI.create(url).getRawQuery();
        for (String pair : raw.split("&")) {
            String[] kv = pair.split("=", 2);
            params.put(
                    URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
        }
        return params;
    }

    static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
