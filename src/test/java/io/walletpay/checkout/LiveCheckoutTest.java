package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider.Transaction;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service in live mode against {@link FakeWalletProvider} on a real socket: payments are opened at the
 * provider, and neither the customer's return nor a notification changes anything until the provider's retrieve
 * call confirms it.
 */
@BehaviourTest
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
                fake.liveModeEnvironment(),
                Map.of("WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS", "1", "WALLETPAY_PROVIDER_MAX_AMOUNT", "75000.00"));
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

        await("the sweep moved both payments out of pending")
                .atMost(Duration.ofSeconds(30))
                .until(() -> !status(paid).equals("pending") && !status(unpaid).equals("pending"));
        assertThat(status(paid)).isEqualTo("completed");
        assertThat(status(unpaid)).isEqualTo("expired");
        assertThat(service.sql("SELECT provider_transaction_id FROM payments WHERE id = $1::uuid", paid.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("TX-LATE");
    }

    @Test
    void theExpirySweepFailsADeclinedPaymentWithItsReasonAndFlagsAMismatchedOneForReview() {
        double flaggedBefore = needsReviewMetric();
        JsonObject declined = create(shopToken, new JsonObject().put("amount", 650));
        JsonObject mismatched = create(shopToken, new JsonObject().put("amount", 651));
        UUID declinedId = UUID.fromString(declined.getString("id"));
        UUID mismatchedId = UUID.fromString(mismatched.getString("id"));
        fake.register(new Transaction("TX-DECLINED", declinedId, new BigDecimal("650.00"), "50937000000", "rejected"));
        fake.register(new Transaction("TX-SHORT", mismatchedId, new BigDecimal("65.10"), "50937000000", "successful"));
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id IN ($1::uuid, $2::uuid)",
                declined.getString("id"),
                mismatched.getString("id"));

        Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .until(() -> !status(declined).equals("pending")
                        && !status(mismatched).equals("pending"));

        JsonObject failed = details(shopToken, declined);
        assertThat(failed.getString("status")).isEqualTo("failed");
        assertThat(failed.getString("failure_reason")).isEqualTo("declined by the wallet provider: rejected");
        assertThat(failed.getString("provider_transaction_id")).isEqualTo("TX-DECLINED");
        JsonObject flagged = details(shopToken, mismatched);
        assertThat(flagged.getString("status")).isEqualTo("expired");
        assertThat(flagged.getBoolean("needs_review")).isTrue();
        // what a person needs to find the money: the provider's transaction, and the alert's metric
        assertThat(flagged.getString("provider_transaction_id")).isEqualTo("TX-SHORT");
        assertThat(needsReviewMetric()).isEqualTo(flaggedBefore + 1);
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
        assertThat(back.body()).contains("data-status=\"completed\"", payment.getString("short_code"));
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
    void aDeclineIsAnAttemptTheCustomerTriesAgainAtTheProviderAndTheSecondTryPays() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 80).put("reference_id", "TRY-AGAIN"));
        String id = payment.getString("id");
        Transaction declined = fake.declineToken(
                        gatewayToken(payment.getString("redirect_url")), "50937004321", "Insufficient balance")
                .orElseThrow();

        Http.Response back = customerReturn(declined.transactionId());

        assertThat(back.status()).isEqualTo(200);
        assertThat(back.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(back.body())
                .contains(
                        "id=\"declined\"",
                        "Insufficient balance",
                        "action=\"retry\"",
                        "name=\"payment\" value=\"" + id + "\"",
                        "id=\"retry\"");
        assertThat(back.header("Content-Security-Policy"))
                .endsWith("form-action 'self' "
                        + URI.create(fake.gatewayBaseUrl())
                                .resolve("/")
                                .toString()
                                .replaceAll("/$", ""));
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(declines(payment)).isEqualTo(1);
        assertThat(outboxRows(payment)).isZero();
        // the same decline reported again (a reload, the Alert URL) is not another try
        assertThat(customerReturn(declined.transactionId()).status()).isEqualTo(200);
        Http.Response notified =
                notify("application/json", new JsonObject().put("orderId", id).encode());
        assertThat(notified.data().getString("status")).isEqualTo("pending");
        assertThat(declines(payment)).isEqualTo(1);

        int createsBefore = fake.createRequests().size();
        Http.Response retried = retry(id);
        assertThat(retried.status()).isEqualTo(303);
        String secondTry = retried.header("Location");
        assertThat(secondTry).startsWith(fake.gatewayBaseUrl()).isNotEqualTo(payment.getString("redirect_url"));
        assertThat(fake.created(id + "-2")).isPresent();
        // a double click opens the same try, once
        assertThat(retry(id).header("Location")).isEqualTo(secondTry);
        assertThat(fake.createRequests()).hasSize(createsBefore + 1);

        Transaction paid = fake.payToken(gatewayToken(secondTry), "50937111111").orElseThrow();
        Http.Response done = customerReturn(paid.transactionId());

        assertThat(done.status()).isEqualTo(303);
        assertThat(done.header("Location"))
                .isEqualTo(RETURN_URL + "?transaction_id=" + id + "&reference_id=TRY-AGAIN&status=completed");
        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getString("status")).isEqualTo("completed");
        assertThat(shown.getString("provider_transaction_id")).isEqualTo(paid.transactionId());
        assertThat(shown.getBoolean("needs_review")).isFalse();
        assertThat(outboxRows(payment)).isEqualTo(1);
        assertThat(tries(payment))
                .containsExactly(id + " declined " + declined.transactionId(), id + "-2 paid " + paid.transactionId());
    }

    @Test
    void aTryOpenedNearTheEndKeepsThePaymentOpenWhileItsPaymentTokenLives() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 82).put("reference_id", "LAST-MINUTE"));
        String id = payment.getString("id");
        customerReturn(fake.declineToken(gatewayToken(payment.getString("redirect_url")), "509", "Insufficient balance")
                .orElseThrow()
                .transactionId());
        // the first try's window all but over when the customer tries again
        service.sql("UPDATE payments SET expires_at = now() + interval '2 seconds' WHERE id = $1::uuid", id);

        String secondTry = gatewayToken(retry(id).header("Location"));

        // the second try's token lives ten minutes (the fake's), so the payment stays open as long
        assertThat(OffsetDateTime.parse(details(shopToken, payment).getString("expires_at")))
                .isAfter(OffsetDateTime.now().plusMinutes(9));
        // the sweeps (every second) pass the first try's end and leave the payment to be paid
        await("the payment stays pending past the first try's end")
                .during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10))
                .until(() -> status(payment).equals("pending"));
        Transaction paid = fake.payToken(secondTry, "50937111111").orElseThrow();
        assertThat(customerReturn(paid.transactionId()).status()).isEqualTo(303);
        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getString("status")).isEqualTo("completed");
        assertThat(shown.getBoolean("needs_review")).isFalse();
    }

    @Test
    void theThirdDeclineFailsThePaymentWithTheProvidersReasonAndOneWebhook() {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 90).put("reference_id", "DECLINED"));
        String id = payment.getString("id");
        String gateway = payment.getString("redirect_url");
        Transaction last = null;
        for (int attempt = 1; attempt <= 3; attempt++) {
            if (attempt > 1) {
                Http.Response retried = retry(id);
                assertThat(retried.status()).isEqualTo(303);
                gateway = retried.header("Location");
            }
            last = fake.declineToken(gatewayToken(gateway), "50937004321", "Insufficient balance")
                    .orElseThrow();
            Http.Response back = customerReturn(last.transactionId());
            if (attempt < 3) {
                assertThat(back.status()).isEqualTo(200);
                assertThat(back.body()).contains("id=\"retry\"");
                assertThat(status(payment)).isEqualTo("pending");
            } else {
                assertThat(back.status()).isEqualTo(303);
                assertThat(back.header("Location"))
                        .isEqualTo(RETURN_URL + "?transaction_id=" + id + "&reference_id=DECLINED&status=failed");
            }
        }

        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getString("status")).isEqualTo("failed");
        assertThat(shown.getString("failure_reason"))
                .isEqualTo("declined by the wallet provider: Insufficient balance");
        assertThat(shown.getString("provider_transaction_id")).isEqualTo(last.transactionId());
        assertThat(shown.getString("payer")).isEqualTo("509****4321");
        assertThat(shown.getBoolean("needs_review")).isFalse();
        assertThat(outboxRows(payment)).isEqualTo(1);
        assertThat(tries(payment)).hasSize(3);
        // a decided payment opens no more tries: the customer sees its result
        Http.Response after = retry(id);
        assertThat(after.status()).isEqualTo(303);
        assertThat(after.header("Location")).startsWith(RETURN_URL).endsWith("status=failed");
    }

    @Test
    void aTryPaidAfterAnotherCompletedThePaymentIsFlaggedForReviewNeverCompletedTwice() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 95));
        String id = payment.getString("id");
        String firstTry = gatewayToken(payment.getString("redirect_url"));
        customerReturn(fake.declineToken(firstTry, "50937004321", "Insufficient balance")
                .orElseThrow()
                .transactionId());
        Transaction paid = fake.payToken(gatewayToken(retry(id).header("Location")), "50937111111")
                .orElseThrow();
        assertThat(customerReturn(paid.transactionId()).status()).isEqualTo(303);
        double flaggedBefore = needsReviewMetric();

        // back in the first try's gateway page, the customer paid it too, from another account
        Transaction again = fake.payToken(firstTry, "50937222222").orElseThrow();
        Http.Response notified = notify(
                "application/json",
                new JsonObject().put("transactionId", again.transactionId()).encode());

        assertThat(notified.status()).isEqualTo(200);
        assertThat(notified.data().getString("status")).isEqualTo("completed");
        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getString("status")).isEqualTo("completed");
        assertThat(shown.getString("provider_transaction_id")).isEqualTo(paid.transactionId());
        assertThat(shown.getBoolean("needs_review")).isTrue();
        assertThat(service.sql("SELECT review_reason FROM payments WHERE id = $1::uuid", id)
                        .iterator()
                        .next()
                        .getString(0))
                .contains("paid twice", again.transactionId(), paid.transactionId(), "money to give back");
        assertThat(outboxRows(payment)).isEqualTo(1);
        assertThat(needsReviewMetric()).isEqualTo(flaggedBefore + 1);
    }

    @Test
    void oneSweepReachesEveryDuePaymentEvenWhenTheProviderCannotAnswerForTheOldest() {
        // more payments the provider cannot answer for than a sweep's batch, all due before the others
        List<String> unanswered = new ArrayList<>();
        for (int i = 0; i < 55; i++) {
            unanswered.add(
                    create(shopToken, new JsonObject().put("amount", 300 + i)).getString("id"));
        }
        List<String> due = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            due.add(create(shopToken, new JsonObject().put("amount", 400 + i)).getString("id"));
        }
        fake.failLookUpsOf(unanswered);
        try {
            service.sql(
                    "UPDATE payments SET expires_at = now() - interval '1 hour' WHERE id = ANY($1::uuid[])",
                    (Object) uuids(unanswered));
            service.sql(
                    "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])",
                    (Object) uuids(due));

            await("the sweep expired the payments after the ones it could not settle")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> statusCount(due, "expired") == due.size());
            // the provider could not say for the others: they stay pending, never expired blind
            assertThat(statusCount(unanswered, "pending")).isEqualTo(unanswered.size());
        } finally {
            fake.answerLookUps();
        }
        await("the rest expire once the provider answers")
                .atMost(Duration.ofSeconds(30))
                .until(() -> statusCount(unanswered, "expired") == unanswered.size());
    }

    private static UUID[] uuids(List<String> ids) {
        return ids.stream().map(UUID::fromString).toArray(UUID[]::new);
    }

    private static long statusCount(List<String> ids, String status) {
        return service.sql(
                        "SELECT count(*) FROM payments WHERE id = ANY($1::uuid[]) AND status = $2", uuids(ids), status)
                .iterator()
                .next()
                .getLong(0);
    }

    @Test
    void theExpirySweepAsksTheProviderAboutTheCurrentTry() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 96));
        String id = payment.getString("id");
        customerReturn(fake.declineToken(gatewayToken(payment.getString("redirect_url")), "509", "Insufficient balance")
                .orElseThrow()
                .transactionId());
        // paid at the provider, but the customer never came back
        Transaction paid = fake.payToken(gatewayToken(retry(id).header("Location")), "50937111111")
                .orElseThrow();
        service.sql("UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1::uuid", id);

        await("the sweep settled the payment").atMost(Duration.ofSeconds(30)).until(() -> !status(payment)
                .equals("pending"));
        assertThat(status(payment)).isEqualTo("completed");
        assertThat(details(shopToken, payment).getString("provider_transaction_id"))
                .isEqualTo(paid.transactionId());
    }

    @Test
    void aRetryForNoPaymentOrWithoutAFormIsAPageNotAFailure() {
        Http.Response unknown = retry(UUID.randomUUID().toString());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(retry("not-a-payment").status()).isEqualTo(404);
        Http.Response json =
                http.send("POST", "/provider/retry", null, "{}", Map.of("Content-Type", "application/json"));
        assertThat(json.status()).isEqualTo(415);
        // a payment nobody declined: the first try is still the one to pay
        JsonObject fresh = create(shopToken, new JsonObject().put("amount", 97));
        Http.Response first = retry(fresh.getString("id"));
        assertThat(first.status()).isEqualTo(303);
        assertThat(first.header("Location")).isEqualTo(fresh.getString("redirect_url"));
    }

    @Test
    void anAmountMismatchNeverCompletesAndFlagsThePaymentForReviewWithAMetric() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 300));
        UUID id = UUID.fromString(payment.getString("id"));
        fake.register(new Transaction("tx-less-" + id, id, new BigDecimal("30.00"), "50937000000", "successful"));
        double before = needsReviewMetric();

        Http.Response answer = http.get("/provider/notify?transactionId=tx-less-" + id, null);

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.errorCode()).isEqualTo("provider_mismatch");
        assertThat(status(payment)).isEqualTo("pending");
        assertThat(outboxRows(payment)).isZero();
        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getBoolean("needs_review")).isTrue();
        assertThat(shown.getString("status")).isEqualTo("pending");
        assertThat(shown.getString("failure_reason")).isNull();
        assertThat(needsReviewMetric()).isEqualTo(before + 1);
        Http.Response repeated = notify(
                "application/json",
                new JsonObject().put("orderId", id.toString()).encode());
        assertThat(repeated.status()).isEqualTo(409);
        assertThat(needsReviewMetric()).isEqualTo(before + 1); // one payment to look at, counted once
        assertThat(service.sql("SELECT review_reason FROM payments WHERE id = $1::uuid", id.toString())
                        .iterator()
                        .next()
                        .getString(0))
                .contains("amount mismatch", "30.00", "300.00");
    }

    @Test
    void monCashsGetToTheAlertUrlCompletesThePaymentAndTheApiShowsTheProvidersDetails() throws Exception {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 1250.75).put("reference_id", "ALERT-GET"));
        String token = URLDecoder.decode(
                URI.create(payment.getString("redirect_url")).getRawQuery().substring("token=".length()),
                StandardCharsets.UTF_8);
        fake.alertUrl("http://localhost:" + service.config.http().port() + "/provider/notify");
        try {
            // the customer pays on the provider's gateway page; the provider then calls our Alert URL with GET
            HttpResponse<String> paid = java.net.http.HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(fake.gatewayBaseUrl() + "/Payment/Pay"))
                                    .header("Content-Type", "application/x-www-form-urlencoded")
                                    .POST(HttpRequest.BodyPublishers.ofString("token="
                                            + URLEncoder.encode(token, StandardCharsets.UTF_8)
                                            + "&phone=50937121234"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(paid.statusCode()).isEqualTo(200);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> !fake.alertAnswers()
                    .isEmpty());
        } finally {
            fake.alertUrl(null);
        }

        assertThat(fake.alertAnswers()).containsExactly(200);
        assertThat(status(payment)).isEqualTo("completed");
        JsonObject shown = details(shopToken, payment);
        assertThat(shown.getString("provider_transaction_id")).isNotBlank();
        assertThat(shown.getString("payer")).isEqualTo("509****1234");
        assertThat(shown.getString("failure_reason")).isNull();
        assertThat(shown.getBoolean("needs_review")).isFalse();
        assertThat(service.sql("SELECT payer FROM payments WHERE id = $1::uuid", payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("50937121234");
    }

    @Test
    void aPostedNotificationWithTheIdInTheQueryStringOnlyIsConfirmedLikeAnyOther() {
        JsonObject payment = create(shopToken, new JsonObject().put("amount", 99));
        Transaction paid = payAtProvider(payment);

        Http.Response answer = http.send(
                "POST",
                "/provider/notify?transactionId=" + URLEncoder.encode(paid.transactionId(), StandardCharsets.UTF_8),
                null,
                null,
                Map.of());

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.data().getString("status")).isEqualTo("completed");
        assertThat(status(payment)).isEqualTo("completed");
    }

    @Test
    void aLivePaymentExpiresWithTheProvidersPaymentTokenWhenThatComesFirst() {
        fake.paymentTokenLife(Duration.ofMinutes(2));
        try {
            JsonObject payment = create(shopToken, new JsonObject().put("amount", 70));
            assertThat(Duration.between(
                            OffsetDateTime.parse(payment.getString("created_at")),
                            OffsetDateTime.parse(payment.getString("expires_at"))))
                    .isEqualTo(Duration.ofMinutes(2));
        } finally {
            fake.paymentTokenLife(Duration.ofMinutes(10));
        }
        JsonObject longer = create(shopToken, new JsonObject().put("amount", 71));
        assertThat(Duration.between(
                        OffsetDateTime.parse(longer.getString("created_at")),
                        OffsetDateTime.parse(longer.getString("expires_at"))))
                .isEqualTo(Duration.ofMinutes(10)); // shorter than the configured 30 minutes
    }

    @Test
    void aCreateAboveTheProvidersMaxAmountIsA400NamingTheLimitAndNeverReachesTheProvider() {
        int creates = fake.createRequests().size();

        Http.Response refused =
                http.post(CREATE, shopToken, new JsonObject().put("amount", new BigDecimal("75000.01")));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().getJsonObject("error").getString("message")).contains("75000.00 HTG");
        assertThat(fake.createRequests()).hasSize(creates);
        assertThat(create(shopToken, new JsonObject().put("amount", new BigDecimal("75000.00")))
                        .getString("status"))
                .isEqualTo("pending");
    }

    @Test
    void theSettlementReportListsEveryPaymentCompletedThatDayInHaitiWithTotalsAsJsonAndCsv() {
        String token = service.tokenFor(service.createMerchant(new JsonObject()
                .put("name", "Ledger")
                .put("fee_percent", "2.50")
                .put("fee_fixed", "5.00")));
        JsonObject first = create(token, new JsonObject().put("amount", 1000).put("reference_id", "=SUM(A1)"));
        JsonObject second = create(
                token, new JsonObject().put("amount", new BigDecimal("250.50")).put("reference_id", "S-2"));
        JsonObject declined = create(token, new JsonObject().put("amount", 40));
        JsonObject yesterday = create(token, new JsonObject().put("amount", 60));
        JsonObject midnight = create(token, new JsonObject().put("amount", 70));
        Transaction firstPaid = payAtProvider(first);
        for (JsonObject paid : List.of(second, yesterday, midnight)) {
            payAtProvider(paid);
        }
        UUID declinedId = UUID.fromString(declined.getString("id"));
        fake.register(new Transaction("tx-no-" + declinedId, declinedId, new BigDecimal("40.00"), "509", "failed"));
        for (JsonObject payment : List.of(first, second, declined, yesterday, midnight)) {
            assertThat(notify(
                                    "application/json",
                                    new JsonObject()
                                            .put("orderId", payment.getString("id"))
                                            .encode())
                            .status())
                    .isEqualTo(200);
        }
        create(shopToken, new JsonObject().put("amount", 5)); // another merchant's payment is never listed
        LocalDate day = OffsetDateTime.parse(details(token, first).getString("completed_at"))
                .atZoneSameInstant(ZoneId.of("America/Port-au-Prince"))
                .toLocalDate();
        OffsetDateTime dayStart =
                day.atStartOfDay(ZoneId.of("America/Port-au-Prince")).toOffsetDateTime();
        service.sql(
                "UPDATE payments SET completed_at = $2 WHERE id = $1::uuid",
                yesterday.getString("id"),
                dayStart.minusNanos(1000));
        service.sql("UPDATE payments SET completed_at = $2 WHERE id = $1::uuid", midnight.getString("id"), dayStart);

        Http.Response json = http.get("/api/merchant/reports/settlement?date=" + day, token);

        assertThat(json.status()).as(json.body()).isEqualTo(200);
        JsonObject report = json.data();
        assertThat(report.getString("date")).isEqualTo(day.toString());
        assertThat(report.getInteger("count")).isEqualTo(3);
        assertThat(report.getJsonArray("payments").stream()
                        .map(line -> ((JsonObject) line).getString("payment_id"))
                        .toList())
                .containsExactly(midnight.getString("id"), first.getString("id"), second.getString("id"));
        JsonObject firstLine = report.getJsonArray("payments").getJsonObject(1);
        assertThat(firstLine.getString("provider_transaction_id")).isEqualTo(firstPaid.transactionId());
        assertThat(firstLine.getString("amount")).isEqualTo("1000.00");
        assertThat(firstLine.getString("fees")).isEqualTo("30.00");
        assertThat(firstLine.getString("net_amount")).isEqualTo("970.00");
        // 70.00 + 1000.00 + 250.50; fees 6.75 + 30.00 + 11.26
        assertThat(report.getString("total_amount")).isEqualTo("1320.50");
        assertThat(report.getString("total_fees")).isEqualTo("48.01");
        assertThat(report.getString("total_net")).isEqualTo("1272.49");

        Http.Response csv = http.send(
                "GET", "/api/merchant/reports/settlement?date=" + day, token, null, Map.of("Accept", "text/csv"));
        Http.Response csvByQuery = http.get("/api/merchant/reports/settlement?date=" + day + "&format=csv", token);

        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.header("Content-Type")).isEqualTo("text/csv; charset=utf-8");
        assertThat(csvByQuery.body()).isEqualTo(csv.body());
        List<String> rows = List.of(csv.body().split("\r\n"));
        assertThat(rows).hasSize(5);
        assertThat(rows.get(0))
                .isEqualTo("payment_id,reference_id,provider_transaction_id,completed_at,amount,fees,net_amount,type");
        assertThat(rows.get(2))
                .startsWith(first.getString("id") + ",\"'=SUM(A1)\",\"" + firstPaid.transactionId() + "\",")
                .endsWith(",1000.00,30.00,970.00,payment");
        assertThat(rows.get(4)).isEqualTo("TOTAL,,,,1320.50,48.01,1272.49,payment");

        Http.Response empty = http.get("/api/merchant/reports/settlement?date=" + day.minusDays(3), token);
        assertThat(empty.data().getInteger("count")).isZero();
        assertThat(empty.data().getString("total_amount")).isEqualTo("0.00");
        assertThat(http.get("/api/merchant/reports/settlement?date=2026-02-30", token)
                        .status())
                .isEqualTo(400);
        assertThat(http.get("/api/merchant/reports/settlement", token).status()).isEqualTo(400);
        // sent empty, the day is as missing as left out, and the answer says so
        assertThat(http.get("/api/merchant/reports/settlement?date=", token).body())
                .contains("invalid_date")
                .contains("date is required");
        assertThat(http.get("/api/merchant/reports/settlement?date=" + day + "&format=xml", token)
                        .status())
                .isEqualTo(400);
        assertThat(http.get("/api/merchant/reports/settlement?date=" + day, null)
                        .status())
                .isEqualTo(401);
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
                .contains("<html lang=\"fr\">", "Nous n’avons pas pu confirmer ce paiement")
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
                "phone=50937123456&action=pay",
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

    /** The provider's payment token in a gateway address ({@code …?token=…}). */
    static String gatewayToken(String gatewayUrl) {
        String query = URI.create(gatewayUrl).getRawQuery();
        return URLDecoder.decode(query.substring("token=".length()), StandardCharsets.UTF_8);
    }

    /** The retry page's form, as the customer's browser submits it. */
    static Http.Response retry(String paymentId) {
        return http.send(
                "POST",
                "/provider/retry",
                null,
                "payment=" + URLEncoder.encode(paymentId, StandardCharsets.UTF_8),
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
    }

    static int declines(JsonObject payment) {
        return service.sql("SELECT declines FROM payments WHERE id = $1::uuid", payment.getString("id"))
                .iterator()
                .next()
                .getInteger(0);
    }

    /** The payment's tries at the provider: "order outcome transaction", in order. */
    static List<String> tries(JsonObject payment) {
        List<String> tries = new ArrayList<>();
        service.sql(
                        "SELECT order_id, outcome, transaction_id FROM provider_orders WHERE payment_id = $1::uuid"
                                + " ORDER BY attempt",
                        payment.getString("id"))
                .forEach(row -> tries.add(row.getString(0) + " " + row.getString(1) + " " + row.getString(2)));
        return tries;
    }

    static Http.Response customerReturn(String transactionId) {
        return http.get(
                "/provider/return?transactionId=" + URLEncoder.encode(transactionId, StandardCharsets.UTF_8), null);
    }

    static Http.Response notify(String contentType, String body) {
        return http.send("POST", "/provider/notify", null, body, Map.of("Content-Type", contentType));
    }

    static JsonObject details(String token, JsonObject payment) {
        Http.Response response = http.get("/api/merchant/payments/" + payment.getString("id"), token);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.data();
    }

    static double needsReviewMetric() {
        return http.get("/metrics", null)
                .body()
                .lines()
                .filter(line -> line.startsWith("walletpay_payments_needs_review_total"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
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
