package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider.Transaction;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service in live mode against {@link FakeWalletProvider} on a real socket: payments are opened at the
 * provider, and neither the customer's return nor a notification changes anything until the provider's retrieve
 * call confirms it.
 */
class LiveCheckoutTest {

    static final String RETURN_URL = "https://shop.example/back";
    static final String CREATE = "/api/merchant/payments/wallet/";

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static String shopToken;
    static String receiptOnlyToken;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(
                fake.liveModeEnvironment(), Map.of("WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS", "1"));
        http = service.http;
        shopToken = service.tokenFor(
                service.createMerchant(new JsonObject().put("name", "Shop").put("return_url", RETURN_URL)));
        receiptOnlyToken = service.tokenFor(service.createMerchant("Kiosk"));
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    void theExpirySweepCompletesAPaymentTheCustomerPaidAtTheProviderInsteadOfExpiringIt() throws Exception {
        JsonObject paid = create(shopToken, new JsonObject().put("amount", 640).put("reference_id", "LATE-PAY"));
        JsonObject unpaid =
                create(shopToken, new JsonObject().put("amount", 641).put("reference_id", "NEVER-PAID"));
        fake.complete(UUID.fromString(paid.getString("id")), new java.math.BigDecimal("640.00"), "TX-LATE");
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id IN ($1::uuid, $2::uuid)",
                paid.getString("id"),
                unpaid.getString("id"));

        for (int i = 0;
                i < 100 && (status(paid).equals("pending") || status(unpaid).equals("pending"));
                i++) {
            Thread.sleep(100);
        }
        assertThat(status(paid)).isEqualTo("completed");
        assertThat(status(unpaid)).isEqualTo("expired");
        assertThat(service.sql("SELECT provider_transaction_id FROM payments WHERE id = $1::uuid", paid.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("TX-LATE");
    }

    @Test
    void cancellingAPaymentTheCustomerAlreadyPaidCompletesItAndAnswers409() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 90).put("reference_id", "PAID-FIRST"));
        fake.complete(UUID.fromString(payment.getString("id")), new java.math.BigDecimal("90.00"), "TX-FIRST");

        Http.Response cancel =
                http.post("/api/merchant/payments/" + payment.getString("id") + "/cancel", shopToken, null);
        assertThat(cancel.status()).isEqualTo(409);
        assertThat(cancel.errorCode()).isEqualTo("invalid_state");
        assertThat(status(payment)).isEqualTo("completed");

        JsonObject unpaid = create(shopToken, new JsonObject().put("amount", 91));
        assertThat(http.post("/api/merchant/payments/" + unpaid.getString("id") + "/cancel", shopToken, null)
                        .status())
                .isEqualTo(200);
        assertThat(status(unpaid)).isEqualTo("cancelled");
    }

    @Test
    void createOpensThePaymentAtTheProviderWithItsAmountAndIdAndSendsTheCustomerToTheGateway() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 2500).put("reference_id", "L-1"));

        UUID id = UUID.fromString(payment.getString("id"));
        var opened = fake.created(id).orElseThrow();
        assertThat(opened.rawAmount()).isEqualTo("2500.00");
        assertThat(payment.getString("redirect_url"))
                .isEqualTo(fake.gatewayBaseUrl() + "/Payment/Redirect?token="
                        + URLEncoder.encode(opened.paymentToken(), StandardCharsets.UTF_8));
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void aProviderFailureAtCreateIs502WithNothingStoredAndTheKeyFreeForARetry() {
        long before = paymentCount();
        fake.failNextCreates(1, 500);
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "live-retry-1");

        Http.Response failed = http.send("POST", CREATE, shopToken, "{\"amount\":100}", headers);

        assertThat(failed.status()).isEqualTo(502);
        assertThat(failed.errorCode()).isEqualTo("provider_error");
        assertThat(paymentCount()).isEqualTo(before);
        Http.Response retried = http.send("POST", CREATE, shopToken, "{\"amount\":100}", headers);
        assertThat(retried.status()).isEqualTo(201);
        assertThat(paymentCount()).isEqualTo(before + 1);
    }

    @Test
    void theReturnCompletesThePaymentOnceTheProviderConfirmsItEvenAfterATokenIsRevoked() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 1500.25).put("reference_id", "L-2"));
        Transaction paid = payAtProvider(payment);
        fake.revokeTokens(); // the adapter gets a 401, fetches a fresh token and retries once

        Http.Response back = customerReturn(paid.transactionId());

        assertThat(back.status()).isEqualTo(303);
        assertThat(back.header("Location"))
                .isEqualTo(RETURN_URL + "?transaction_id=" + payment.getString("id")
                        + "&reference_id=L-2&status=completed");
        assertThat(status(payment)).isEqualTo("completed");
        assertThat(service.sql(
                                "SELECT provider_transaction_id FROM payments WHERE id = $1::uuid",
                                payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo(paid.transactionId());
        assertThat(fake.requests("/api/v1/RetrieveTransactionPayment")).isNotEmpty();
        assertThat(outboxRows(payment)).isEqualTo(1);

        Http.Response again = customerReturn(paid.transactionId());
        assertThat(again.header("Location")).isEqualTo(back.header("Location"));
        assertThat(outboxRows(payment)).isEqualTo(1);
    }

    @Test
    void withoutAReturnUrlTheConfirmedCustomerSeesTheReceipt() {
        JsonObject payment = create(receiptOnlyToken, new JsonObject().put("amount", 60));
        Transaction paid = payAtProvider(payment);

        Http.Response back = customerReturn(paid.transactionId());

        assertThat(back.status()).isEqualTo(200);
        assertThat(back.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(back.body()).contains("data-status=\"completed\"", payment.getString("id"));
    }

    @Test
    void aReturnWhoseAmountDiffersByOneCentChangesNothing() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 2500));
        UUID id = UUID.fromString(payment.getString("id"));
        fake.register(new Transaction("tx-short-" + id, id, new BigDecimal("2499.99"), "50937000000", "successful"));

        Http.Response back = customerReturn("tx-short-" + id);

        assertThat(back.status()).isEqualTo(409);
        assertThat(back.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(back.body()).contains("Nou pa t kapab konfime peman sa a");
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(outboxRows(payment)).isZero();
    }

    @Test
    void aTransactionTheProviderDoesNotCallSuccessfulChangesNothing() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 80));
        UUID id = UUID.fromString(payment.getString("id"));
        fake.register(new Transaction("tx-failed-" + id, id, new BigDecimal("80.00"), "50937000000", "failed"));

        Http.Response back = customerReturn("tx-failed-" + id);

        assertThat(back.status()).isEqualTo(402);
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void anUnknownTransactionOrOneForAnotherOrderChangesNothingWhateverTheQuerySays() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 80));
        fake.complete(UUID.randomUUID(), new BigDecimal("80.00"), "tx-foreign-order");

        Http.Response unknown = http.get(
                "/provider/return?transactionId=tx-nobody-knows&status=completed&orderId=" + payment.getString("id"),
                null);
        Http.Response foreign = customerReturn("tx-foreign-order");
        Http.Response missing = http.get("/provider/return", null);

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("Nou pa t kapab konfime peman sa a");
        Http.Response french = http.get("/provider/return?transactionId=tx-nobody-knows&lang=fr", null);
        assertThat(french.status()).isEqualTo(404);
        assertThat(french.body())
                .contains("<html lang=\"fr\">", "Nous n'avons pas pu confirmer ce paiement")
                .contains("href=\"?transactionId=tx-nobody-knows&amp;lang=en\"");
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void duplicateNotificationsCompleteThePaymentOnce() throws Exception {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 725.5));
        Transaction paid = payAtProvider(payment);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Http.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                boolean json = i % 2 == 0;
                answers.add(pool.submit(() -> json
                        ? notify(
                                "application/json",
                                new JsonObject()
                                        .put("transactionId", paid.transactionId())
                                        .encode())
                        : notify("application/x-www-form-urlencoded", "orderId=" + payment.getString("id"))));
            }
            for (Future<Http.Response> answer : answers) {
                Http.Response response = answer.get();
                assertThat(response.status()).as(response.body()).isEqualTo(200);
                assertThat(response.json().getBoolean("success")).isTrue();
                assertThat(response.data().getString("status")).isEqualTo("completed");
                assertThat(response.data().getString("transaction_id")).isEqualTo(payment.getString("id"));
            }
        } finally {
            pool.shutdown();
        }
        assertThat(status(payment)).isEqualTo("completed");
        assertThat(outboxRows(payment)).isEqualTo(1);
    }

    @Test
    void aNotificationForAnUnknownTransactionChangesNothing() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 45));

        Http.Response answer = notify(
                "application/json",
                new JsonObject()
                        .put("transactionId", "tx-unknown")
                        .put("orderId", payment.getString("id"))
                        .encode());

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.errorCode()).isEqualTo("not_found");
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void aNotificationWithAMismatchedAmountIsAConflictAndChangesNothing() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 45));
        UUID id = UUID.fromString(payment.getString("id"));
        fake.register(new Transaction("tx-more-" + id, id, new BigDecimal("4500.00"), "50937000000", "successful"));

        Http.Response answer = notify(
                "application/json",
                new JsonObject().put("orderId", id.toString()).encode());

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.errorCode()).isEqualTo("provider_mismatch");
        assertThat(status(payment)).isEqualTo("pending");
    }

    @Test
    void aNotificationWithoutAnIdOrOfTheWrongTypeIsRefused() {
        Http.Response empty = notify("application/json", "{}");
        Http.Response broken = notify("application/json", "{\"transactionId\":");
        Http.Response badOrder = notify("application/json", "{\"orderId\":\"not-a-payment\"}");
        Http.Response text = notify("text/plain", "transactionId=1");

        assertThat(empty.status()).isEqualTo(400);
        assertThat(broken.status()).isEqualTo(400);
        assertThat(broken.errorCode()).isEqualTo("malformed_json");
        assertThat(badOrder.status()).isEqualTo(400);
        assertThat(text.status()).isEqualTo(415);
    }

    @Test
    void theSandboxPageIsNotServedInLiveModeSoItsPayButtonCannotCompleteAnything() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 45));
        String providerToken = fake.created(UUID.fromString(payment.getString("id")))
                .orElseThrow()
                .paymentToken();
        String path = "/checkout/" + URLEncoder.encode(providerToken, StandardCharsets.UTF_8);

        Http.Response page = http.get(path, null);
        Http.Response pay = http.send(
                "POST",
                path,
                null,
                "phone=50912345678&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));

        assertThat(page.status()).isEqualTo(404);
        assertThat(pay.status()).isEqualTo(404);
        assertThat(status(payment)).isEqualTo("pending");
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static JsonObject create(String token, JsonObject body) {
        Http.Response response = http.post(CREATE, token, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.data();
    }

    /** The customer pays at the provider's gateway with the token from {@code redirect_url}. */
    static Transaction payAtProvider(JsonObject payment) {
        String query = URI.create(payment.getString("redirect_url")).getRawQuery();
        String token = URLDecoder.decode(query.substring("token=".length()), StandardCharsets.UTF_8);
        return fake.payToken(token, "50937111111").orElseThrow();
    }

    static Http.Response customerReturn(String transactionId) {
        return http.get(
                "/provider/return?transactionId=" + URLEncoder.encode(transactionId, StandardCharsets.UTF_8), null);
    }

    static Http.Response notify(String contentType, String body) {
        return http.send("POST", "/provider/notify", null, body, Map.of("Content-Type", contentType));
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

    static long paymentCount() {
        return service.sql("SELECT count(*) FROM payments").iterator().next().getLong(0);
    }
}
