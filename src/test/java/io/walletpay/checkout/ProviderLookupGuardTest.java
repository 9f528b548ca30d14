package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider.Transaction;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Strangers cannot spend the business account's API quota through the customer's return and the Alert URL: the
 * service in live mode against {@link FakeWalletProvider}, which counts every retrieve call it receives. Each test
 * speaks from addresses of its own (the service trusts loopback as its proxy and reads {@code X-Forwarded-For}), so
 * the per-address limit of one never touches another. The tests run in order: the first needs a service without
 * any payment, the last spends the service's whole allowance.
 */
@BehaviourTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProviderLookupGuardTest {

    static final String BY_TRANSACTION = "/api/v1/RetrieveTransactionPayment";
    static final String BY_ORDER = "/api/v1/RetrieveOrderPayment";
    static final int PER_ADDRESS = 5;
    static final int PER_SERVICE = 30;

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static String shop;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(
                fake.liveModeEnvironment(),
                Map.of(
                        "WALLETPAY_HTTP_TRUSTED_PROXIES", "127.0.0.1",
                        "WALLETPAY_PROVIDER_LOOKUPS_PER_ADDRESS_PER_MINUTE", Integer.toString(PER_ADDRESS),
                        "WALLETPAY_PROVIDER_LOOKUPS_PER_MINUTE", Integer.toString(PER_SERVICE)));
        http = service.http;
        shop = service.tokenFor(service.createMerchant(new JsonObject().put("name", "Boutik")));
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    @Order(1)
    void strangersTransactionsAndOrdersThatAreNoPaymentOfOursNeverReachTheProvider() {
        int before = lookUps();
        // no payment at all yet: no transaction id can pay one of ours
        for (int i = 0; i < 60; i++) {
            String transaction = "tx-stranger-" + UUID.randomUUID();
            Http.Response answer = i % 2 == 0
                    ? notifyGet("transactionId=" + transaction, "198.51.100.1")
                    : customerReturn(transaction, "198.51.100.1");
            assertThat(answer.status()).as(answer.body()).isEqualTo(404);
        }
        JsonObject pending = create(70);
        String id = pending.getString("id");
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            orders.add(UUID.randomUUID().toString()); // no payment of ours
            orders.add(id + "-" + (i + 2)); // a try of our pending payment that was never opened
        }
        for (String order : orders) {
            Http.Response answer = notifyGet("orderId=" + order, "198.51.100.2");
            assertThat(answer.status()).as(answer.body()).isEqualTo(404);
            assertThat(answer.errorCode()).isEqualTo("not_found");
        }

        assertThat(lookUps()).as("retrieve calls for 100 strangers' references").isEqualTo(before);
        assertThat(status(id)).isEqualTo("pending");
    }

    @Test
    @Order(2)
    void anOrderOfAPendingPaymentIsLookedUpOnceAndItsRepeatedNotificationsAnswerFromTheRecord() {
        JsonObject payment = create(120);
        String id = payment.getString("id");
        Transaction paid = payAtProvider(payment);
        int before = lookUps();

        Http.Response first = notifyGet("orderId=" + id, "198.51.100.3");

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.data().getString("status")).isEqualTo("completed");
        assertThat(status(id)).isEqualTo("completed");
        assertThat(lookUps()).isEqualTo(before + 1);

        // MonCash repeats its Alert, the customer comes back: answered from the payment, MonCash not asked again
        Http.Response byOrder = notifyGet("orderId=" + id, "198.51.100.3");
        Http.Response byTransaction = notifyGet("transactionId=" + paid.transactionId(), "198.51.100.3");
        Http.Response back = customerReturn(paid.transactionId(), "198.51.100.3");

        for (Http.Response repeated : List.of(byOrder, byTransaction)) {
            assertThat(repeated.status()).as(repeated.body()).isEqualTo(200);
            assertThat(repeated.data().getString("status")).isEqualTo("completed");
            assertThat(repeated.data().getString("transaction_id")).isEqualTo(id);
        }
        assertThat(back.status()).isEqualTo(200);
        assertThat(back.body()).contains("data-status=\"completed\"", payment.getString("short_code"));
        assertThat(lookUps()).isEqualTo(before + 1);
        assertThat(outboxRows(id)).isEqualTo(1);
    }

    @Test
    @Order(3)
    void fiftyNotificationsOfOneOrderAtOnceMakeOneLookUpAndAllGetItsAnswer() throws Exception {
        JsonObject payment = create(130);
        String id = payment.getString("id");
        payAtProvider(payment);
        int before = lookUps();
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Future<Http.Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                // one address: only a look-up made is charged to it, however many wait for it
                answers.add(pool.submit(() -> notifyGet("orderId=" + id, "198.51.100.4")));
            }
            for (Future<Http.Response> answer : answers) {
                Http.Response response = answer.get();
                assertThat(response.status()).as(response.body()).isEqualTo(200);
                assertThat(response.data().getString("status")).isEqualTo("completed");
            }
        } finally {
            pool.shutdown();
        }

        assertThat(fake.requests(BY_ORDER).size()
                        + fake.requests(BY_TRANSACTION).size()
                        - before)
                .as("retrieve calls for 50 notifications of one order")
                .isEqualTo(1);
        assertThat(outboxRows(id)).isEqualTo(1);
    }

    @Test
    @Order(4)
    void pastItsLimitAnAddressGets429WithRetryAfterAsJsonAndAsAPageInTheCustomersLanguage() {
        create(140); // a payment waits for the provider: new transaction ids are looked up, within the limits
        int before = lookUps();
        List<Http.Response> answers = new ArrayList<>();
        for (int i = 0; i < PER_ADDRESS + 3; i++) {
            answers.add(notifyGet("transactionId=tx-guess-" + UUID.randomUUID(), "198.51.100.5"));
        }

        assertThat(answers.subList(0, PER_ADDRESS))
                .allSatisfy(answer -> assertThat(answer.status()).isEqualTo(404));
        assertThat(answers.subList(PER_ADDRESS, answers.size())).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(429);
            assertThat(answer.errorCode()).isEqualTo("rate_limited");
            assertThat(Long.parseLong(answer.header("Retry-After"))).isPositive();
        });
        Http.Response page = http.send(
                "GET",
                "/provider/return?transactionId=tx-guess-page&lang=fr",
                null,
                null,
                Map.of("X-Forwarded-For", "198.51.100.5"));
        assertThat(page.status()).isEqualTo(429);
        assertThat(page.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(Long.parseLong(page.header("Retry-After"))).isPositive();
        assertThat(page.body())
                .contains("<html lang=\"fr\">", "Nous ne pouvons pas vérifier ce paiement auprès de MonCash");
        assertThat(lookUps())
                .as("retrieve calls for %s guesses from one address", PER_ADDRESS + 4)
                .isEqualTo(before + PER_ADDRESS);
        // another address is not held back by this one
        assertThat(notifyGet("transactionId=tx-guess-" + UUID.randomUUID(), "198.51.100.6")
                        .status())
                .isEqualTo(404);
    }

    @Test
    @Order(5)
    void theServiceAsAWholeMakesNoMoreLookUpsThanItsLimitWhateverTheAddresses() {
        int before = lookUps();
        int refused = 0;
        int requests = 0;
        for (int address = 10; address < 20; address++) {
            for (int i = 0; i < PER_ADDRESS; i++) { // each address within its own limit
                Http.Response answer = notifyGet("transactionId=tx-many-" + UUID.randomUUID(), "198.51.100." + address);
                requests++;
                if (answer.status() == 429) {
                    refused++;
                    assertThat(answer.errorCode()).isEqualTo("rate_limited");
                    assertThat(answer.header("Retry-After")).isNotBlank();
                } else {
                    assertThat(answer.status()).isEqualTo(404);
                }
            }
        }

        // every address stayed within its own limit: what was refused, the service's limit refused
        assertThat(refused).as("requests refused by the service's limit").isPositive();
        assertThat(lookUps() - before).isEqualTo(requests - refused);
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static int lookUps() {
        return fake.requests(BY_TRANSACTION).size() + fake.requests(BY_ORDER).size();
    }

    static JsonObject create(int amount) {
        Http.Response response =
                http.post("/api/merchant/payments/wallet/", shop, new JsonObject().put("amount", amount));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.data();
    }

    static Transaction payAtProvider(JsonObject payment) {
        String query = URI.create(payment.getString("redirect_url")).getRawQuery();
        String token = URLDecoder.decode(query.substring("token=".length()), StandardCharsets.UTF_8);
        return fake.payToken(token, "50937111111").orElseThrow();
    }

    static Http.Response notifyGet(String query, String address) {
        return http.send("GET", "/provider/notify?" + query, null, null, Map.of("X-Forwarded-For", address));
    }

    static Http.Response customerReturn(String transactionId, String address) {
        return http.send(
                "GET",
                "/provider/return?transactionId=" + URLEncoder.encode(transactionId, StandardCharsets.UTF_8),
                null,
                null,
                Map.of("X-Forwarded-For", address));
    }

    static String status(String paymentId) {
        return service.sql("SELECT status FROM payments WHERE id = $1::uuid", paymentId)
                .iterator()
                .next()
                .getString(0);
    }

    static long outboxRows(String paymentId) {
        return service.sql("SELECT count(*) FROM webhook_deliveries WHERE payment_id = $1::uuid", paymentId)
                .iterator()
                .next()
                .getLong(0);
    }
}
