package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.RunningService;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Refunds in live mode against the fake MonCash's transfer API: the customer who paid gets the money by one
 * Transfert whose reference is the refund's id, even when its answer is lost, and a refused transfer gives the
 * debit back.
 */
@BehaviourTest
class LiveRefundsTest {

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static String shop;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(fake.liveModeEnvironment(), Map.of());
        http = service.http;
        shop = service.tokenFor(service.createMerchant(new JsonObject()
                .put("name", "Boutik Live")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00")));
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    void theRefundIsOneTransferToThePayerWithTheRefundsIdAsReference() {
        JsonObject payment = paidAtProvider(500, "50937111111");

        JsonObject refund = refund(payment, 120);

        await("the refund paid").atMost(Duration.ofSeconds(30)).until(() -> status(refund)
                .equals("succeeded"));
        FakeWalletProvider.Transfer made = onlyTransfer(refund);
        assertThat(made.receiver()).isEqualTo("50937111111");
        assertThat(made.amount()).isEqualByComparingTo("120.00");
        assertThat(made.desc()).contains(payment.getString("id"));
        assertThat(service.sql(
                                "SELECT provider_transaction_id FROM transfers WHERE id = $1::uuid",
                                refund.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo(made.transactionId());
    }

    @Test
    void aTransferWhoseAnswerIsLostIsLookedUpNeverSentTwice() {
        JsonObject payment = paidAtProvider(300, "50937222222");
        fake.loseTransferAnswers(1);

        JsonObject refund = refund(payment, 300);

        // the first attempt times out; the next asks PrefundedTransactionStatus, which knows the reference
        await("the refund settled after the lost answer")
                .atMost(Duration.ofSeconds(60))
                .until(() -> status(refund).equals("succeeded"));
        onlyTransfer(refund);
        assertThat(fake.requests("/api/v1/PrefundedTransactionStatus")).isNotEmpty();
        assertThat(fake.requests("/api/v1/Transfert").stream()
                        .filter(request -> request.body().contains(refund.getString("id"))))
                .hasSize(1);
    }

    @Test
    void aRefusedTransferFailsAndGivesTheDebitBack() {
        JsonObject payment = paidAtProvider(200, "50937333333");
        String before = balance();
        fake.refuseTransfers(true);
        try {
            JsonObject refund = refund(payment, 200);

            await("the refund failed").atMost(Duration.ofSeconds(30)).until(() -> status(refund)
                    .equals("failed"));
            JsonObject shown = http.get("/api/merchant/payments/" + payment.getString("id") + "/refunds", shop)
                    .dataArray()
                    .getJsonObject(0);
            assertThat(shown.getString("failure_reason")).isEqualTo("provider_refused");
            assertThat(balance()).isEqualTo(before);
            assertThat(http.get("/api/merchant/payments/" + payment.getString("id"), shop)
                            .data()
                            .getString("amount_refunded"))
                    .isEqualTo("0.00");
            assertThat(service.sql(
                                    "SELECT kind FROM ledger_entries WHERE source_id = $1::uuid ORDER BY id",
                                    refund.getString("id"))
                            .iterator()
                            .next()
                            .getString(0))
                    .isEqualTo("refund");
            assertThat(service.sql(
                                    "SELECT count(*) FROM ledger_entries WHERE source_id = $1::uuid",
                                    refund.getString("id"))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(2); // the debit and its reversal, neither changed
        } finally {
            fake.refuseTransfers(false);
        }
    }

    /**
     * A transfer is failed (and its debit given back) only on the provider's refusal: "successful" without a
     * transaction id is paid, and a word the service does not know is a transfer still in flight, asked about
     * later. Taking either for a refusal would give the merchant back money the customer already has.
     */
    @Test
    void onlyARefusalGivesTheDebitBackNeverAnAnswerTheServiceDoesNotKnow() {
        JsonObject paidWithoutId = paidAtProvider(200, "50937444444");
        JsonObject inFlight = paidAtProvider(200, "50937555555");
        String before = balance();
        JsonObject first;
        JsonObject second;
        fake.answerTransfersWith("successful");
        try {
            first = refund(paidWithoutId, 150);
            await("the first refund settled").atMost(Duration.ofSeconds(30)).until(() -> !status(first)
                    .equals("pending"));
        } finally {
            fake.answerTransfersWith(null);
        }
        fake.answerTransfersWith("in process");
        try {
            second = refund(inFlight, 150);
            await("the second refund's first attempt")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> fake.transfers().stream()
                            .anyMatch(made -> made.reference().equals(second.getString("id"))));
        } finally {
            fake.answerTransfersWith(null);
        }
        // the next attempt asks about the reference, which the provider knows as paid
        await("the second refund settled").atMost(Duration.ofSeconds(60)).until(() -> !status(second)
                .equals("pending"));

        assertThat(status(first)).isEqualTo("succeeded");
        assertThat(status(second)).isEqualTo("succeeded");
        onlyTransfer(first);
        onlyTransfer(second);
        assertThat(new java.math.BigDecimal(balance()))
                .isEqualByComparingTo(new java.math.BigDecimal(before).subtract(new java.math.BigDecimal("300")));
        assertThat(service.sql(
                                "SELECT count(*) FROM ledger_entries WHERE source_id IN ($1::uuid, $2::uuid)",
                                first.getString("id"),
                                second.getString("id"))
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(2); // the two debits, no reversal
    }

    /**
     * A 400 or 422 from Transfert, on the wire or in the body of a 200, does not prove MonCash did not make the
     * transfer (such an answer has arrived after the transfer was made), so the refund is never failed on it and
     * its debit never given back: it stays pending, is asked about by its reference, and is not sent again.
     */
    @ParameterizedTest
    @CsvSource({"400, false", "422, true"})
    void aTransferAnswered400IsAskedAboutNeverFailedNorSentAgain(int status, boolean inBody) {
        JsonObject payment = paidAtProvider(200, inBody ? "50937777777" : "50937666666");
        String before = balance();
        fake.refuseTransferRequestsWith(status, inBody);
        try {
            JsonObject refund = refund(payment, 200);

            await("the reference asked about twice")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> fake.requests("/api/v1/PrefundedTransactionStatus").stream()
                                    .filter(request -> request.body().contains(refund.getString("id")))
                                    .count()
                            >= 2);
            assertThat(status(refund)).isEqualTo("pending");
            assertThat(fake.requests("/api/v1/Transfert").stream()
                            .filter(request -> request.body().contains(refund.getString("id"))))
                    .hasSize(1);
            assertThat(new java.math.BigDecimal(balance()))
                    .isEqualByComparingTo(new java.math.BigDecimal(before).subtract(new java.math.BigDecimal("200")));
        } finally {
            fake.refuseTransferRequestsWith(null);
        }
    }

    @Test
    void operatorsSeeTheWalletAccountsPrefundedBalance() {
        await("the prefunded balance gauge").atMost(Duration.ofSeconds(30)).until(() -> http.get("/metrics", null)
                .body()
                .lines()
                .anyMatch(line -> line.startsWith("walletpay_provider_prefunded_balance") && !line.endsWith("NaN")));
    }

    // ---- helpers ----------------------------------------------------------------------------------------------
    static JsonObject paidAtProvider(int amount, String payer) {
        return LivePayments.paidAtProvider(http, fake, shop, amount, payer);
    }

    static JsonObject refund(JsonObject payment, int amount) {
        Http.Response created = http.post(
                "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                shop,
                new JsonObject().put("amount", amount));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data();
    }

    static String status(JsonObject refund) {
        return service.sql("SELECT status FROM transfers WHERE id = $1::uuid", refund.getString("id"))
                .iterator()
                .next()
                .getString(0);
    }

    static FakeWalletProvider.Transfer onlyTransfer(JsonObject refund) {
        var made = fake.transfers().stream()
                .filter(transfer -> transfer.reference().equals(refund.getString("id")))
                .toList();
        assertThat(made).hasSize(1);
        return made.get(0);
    }

    static String balance() {
        return http.get("/api/merchant/balance", shop).data().getString("available");
    }
}
