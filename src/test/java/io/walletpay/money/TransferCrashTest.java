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
import io.walletpay.support.ServiceProcess;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service dies (kill -9, its PostgreSQL with it) with two refunds' transfers under way: one MonCash made but
 * never answered, one MonCash still holds and makes only after the restart (its status look-up does not see it
 * until then). After a restart on the same data each is settled by asking MonCash about its reference, never by
 * sending it again: exactly one transfer each, and both {@code succeeded}.
 */
@BehaviourTest
class TransferCrashTest {

    @TempDir
    Path dataDir;

    ServiceProcess service;
    Vertx providerVertx;
    FakeWalletProvider fake;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
        if (fake != null) {
            RunningService.await(fake.close());
            RunningService.await(providerVertx.close());
        }
    }

    @Test
    void refundsWhoseAnswersDiedWithTheServiceArePaidOnceAfterTheRestart() throws Exception {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        Map<String, String> env = new HashMap<>(fake.liveModeEnvironment());
        // the service is still waiting for MonCash's answer when it is killed
        env.put("WALLETPAY_PROVIDER_REQUEST_TIMEOUT_MS", "120000");
        service = new ServiceProcess(dataDir, env).start();
        Http http = service.awaitReady();
        String adminToken = new JsonObject(Files.readString(dataDir.resolve("secrets.json"))).getString("admin_token");
        JsonObject merchant = http.post(
                        "/api/admin/merchants",
                        adminToken,
                        new JsonObject()
                                .put("name", "Crash refunds")
                                .put("fee_percent", "0")
                                .put("fee_fixed", "0"))
                .data();
        String token = http.merchantToken(merchant);
        JsonObject payment = http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 500))
                .data();
        String query = URI.create(payment.getString("redirect_url")).getRawQuery();
        FakeWalletProvider.Transaction paid = fake.payToken(
                        URLDecoder.decode(query.substring("token=".length()), StandardCharsets.UTF_8), "50937444444")
                .orElseThrow();
        assertThat(http.get(
                                "/provider/return?transactionId="
                                        + URLEncoder.encode(paid.transactionId(), StandardCharsets.UTF_8),
                                null)
                        .status())
                .isEqualTo(200);

        fake.loseTransferAnswers(1);
        String refund = http.post(
                        "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                        token,
                        new JsonObject().put("amount", 200))
                .data()
                .getString("id");
        await("MonCash made the transfer").atMost(Duration.ofSeconds(30)).until(() -> fake.transfers().stream()
                .anyMatch(transfer -> transfer.reference().equals(refund)));
        // the second refund goes to a payer whose transfers MonCash makes only 20 s after the request
        JsonObject second = LivePayments.paidAtProvider(http, fake, token, 300, "50937555555");
        fake.scriptTransfersTo("50937555555", FakeWalletProvider.TransferScript.appliesAfter(Duration.ofSeconds(20)));
        String slow = http.post(
                        "/api/merchant/payments/" + second.getString("id") + "/refunds",
                        token,
                        new JsonObject().put("amount", 300))
                .data()
                .getString("id");
        await("the slow transfer reached MonCash")
                .atMost(Duration.ofSeconds(30))
                .until(() -> fake.requests("/api/v1/Transfert").stream()
                        .anyMatch(request -> request.body().contains(slow)));
        assertThat(fake.timesApplied(slow)).isZero();

        service.killWithDatabase();
        service.start();
        Http restarted = service.awaitReady();
        try (Connection db = service.database();
                PreparedStatement lease = db.prepareStatement(
                        // the dead node's lease (longer than an attempt may last) runs out: brought forward rather
                        // than waited for
                        "UPDATE transfers SET lease_until = now() WHERE id IN (?::uuid, ?::uuid)"
                                + " AND status = 'pending'")) {
            lease.setString(1, refund);
            lease.setString(2, slow);
            assertThat(lease.executeUpdate())
                    .as("both refunds were still pending after the crash")
                    .isEqualTo(2);
        }

        String fresh = restarted.merchantToken(merchant);
        await("the refund settled after the restart")
                .atMost(Duration.ofSeconds(60))
                .until(() -> restarted
                        .get("/api/merchant/payments/" + payment.getString("id") + "/refunds", fresh)
                        .dataArray()
                        .getJsonObject(0)
                        .getString("status")
                        .equals("succeeded"));
        await("the slow refund settled once MonCash made it")
                .atMost(Duration.ofSeconds(90))
                .until(() -> restarted
                        .get("/api/merchant/payments/" + second.getString("id") + "/refunds", fresh)
                        .dataArray()
                        .getJsonObject(0)
                        .getString("status")
                        .equals("succeeded"));
        for (String id : java.util.List.of(refund, slow)) {
            assertThat(fake.timesApplied(id)).as("made once").isEqualTo(1);
            assertThat(fake.requests("/api/v1/Transfert").stream()
                            .filter(request -> request.body().contains(id)))
                    .as("the transfer was sent once: the restart asked about it instead")
                    .hasSize(1);
        }
        assertThat(fake.requests("/api/v1/PrefundedTransactionStatus").stream()
                        .filter(request -> request.body().contains(slow))
                        .count())
                .as("the slow one was asked about while MonCash still held it")
                .isGreaterThan(1);
        assertThat(restarted.get("/api/merchant/balance", fresh).data().getString("available"))
                .isEqualTo("300.00");
    }
}
