package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Merchant endpoints that misbehave in ways WebhookDeliveryTest does not cover: answering bytes that are not
 * HTTP, redirecting (never followed), answering after the request timeout. Each attempt fails, is retried on the
 * schedule (three attempts here) and the delivery ends failed; meanwhile another merchant's webhooks go out
 * before the misbehaving ones have even used up their schedules.
 */
@BehaviourTest
class MerchantEndpointFaultsTest {

    static final int ATTEMPTS = 3;

    static RunningService service;
    static WebhookReceiver receiver;
    static GarbageServer garbage;

    @BeforeAll
    static void start() throws IOException {
        service = RunningService.start(Map.of(
                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,300ms,300ms",
                "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "500",
                "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500",
                "WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5",
                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100",
                "WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", "1"));
        receiver = new WebhookReceiver();
        garbage = new GarbageServer();
        receiver.script("/redirect", call -> Answer.redirect(302, receiver.url("/landing")));
        receiver.script("/redirect-backlog", call -> Answer.redirect(302, receiver.url("/landing")));
        receiver.script("/slow", call -> Answer.slow(1_500)); // three times the request timeout
        receiver.script("/slow-backlog", call -> Answer.slow(1_500));
    }

    @AfterAll
    static void stop() throws IOException {
        service.close();
        receiver.close();
        garbage.close();
    }

    record Shop(String merchantId, String token) {}

    static Shop shop(String name, String webhookUrl) {
        JsonObject merchant =
                service.createMerchant(new JsonObject().put("name", name).put("webhook_url", webhookUrl));
        return new Shop(merchant.getString("merchant_id"), service.tokenFor(merchant));
    }

    static String completedPayment(Shop shop) {
        String id = service.createPayment(shop.token(), new JsonObject().put("amount", 9))
                .getString("id");
        service.transition(id, PaymentStatus.COMPLETED);
        return id;
    }

    @Test
    void anEndpointAnsweringGarbageIsAFailedAttemptRetriedOnTheSchedule() {
        String id = completedPayment(shop("Garbled", garbage.url()));

        List<Row> attempts = awaitFailed(id);
        assertThat(attempts).hasSize(ATTEMPTS).allSatisfy(attempt -> {
            assertThat(attempt.getInteger("status_code")).as("no HTTP answer").isNull();
            assertThat(attempt.getString("error_kind")).isNotBlank();
        });
        assertThat(garbage.connections.get()).isGreaterThanOrEqualTo(ATTEMPTS);
    }

    @Test
    void aRedirectIsNotFollowedAndCountsAsAFailedAttempt() {
        String id = completedPayment(shop("Moved", receiver.url("/redirect")));

        List<Row> attempts = awaitFailed(id);
        assertThat(attempts).hasSize(ATTEMPTS).allSatisfy(attempt -> {
            assertThat(attempt.getInteger("status_code")).isEqualTo(302);
            assertThat(attempt.getString("error_kind")).isEqualTo("http_302");
        });
        assertThat(receiver.received("/redirect")).hasSize(ATTEMPTS);
        assertThat(receiver.received("/landing"))
                .as("the Location was never followed")
                .isEmpty();
    }

    @Test
    void anAnswerAfterTheRequestTimeoutIsAFailedAttemptRetriedOnTheSchedule() {
        String id = completedPayment(shop("Sluggish", receiver.url("/slow")));

        List<Row> attempts = awaitFailed(id);
        assertThat(attempts).hasSize(ATTEMPTS).allSatisfy(attempt -> assertThat(attempt.getString("error_kind"))
                .isEqualTo("response_timeout"));
    }

    @Test
    void anotherMerchantsWebhooksGoOutWhileTheMisbehavingOnesAreStillBeingRetried() {
        List<String> faulty = new ArrayList<>();
        Shop slow = shop("Slow backlog", receiver.url("/slow-backlog"));
        Shop garbled = shop("Garbage backlog", garbage.url());
        Shop moved = shop("Redirect backlog", receiver.url("/redirect-backlog"));
        for (int i = 0; i < 3; i++) {
            faulty.add(completedPayment(slow));
            faulty.add(completedPayment(garbled));
            faulty.add(completedPayment(moved));
        }
        Shop healthy = shop("Healthy", receiver.url("/healthy"));
        List<String> fine = List.of(completedPayment(healthy), completedPayment(healthy), completedPayment(healthy));

        receiver.await("/healthy", fine.size());
        faulty.forEach(MerchantEndpointFaultsTest::awaitFailed);
        OffsetDateTime lastHealthyDelivery = fine.stream()
                .map(id -> service.sql("SELECT delivered_at FROM webhook_deliveries WHERE payment_id = $1::uuid", id)
                        .iterator()
                        .next()
                        .getOffsetDateTime(0))
                .max(OffsetDateTime::compareTo)
                .orElseThrow();
        for (Shop shop : List.of(slow, garbled, moved)) {
            OffsetDateTime lastFaultyAttempt = service.sql(
                            "SELECT max(a.attempted_at) FROM webhook_attempts a"
                                    + " JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.merchant_id = $1::uuid",
                            shop.merchantId())
                    .iterator()
                    .next()
                    .getOffsetDateTime(0);
            assertThat(lastHealthyDelivery)
                    .as("the healthy merchant did not wait for " + shop)
                    .isBefore(lastFaultyAttempt);
        }
        assertThat(service.sql(
                                "SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id"
                                        + " WHERE d.merchant_id = $1::uuid",
                                healthy.merchantId())
                        .iterator()
                        .next()
                        .getLong(0))
                .as("each healthy webhook went out on its first attempt")
                .isEqualTo(fine.size());
    }

    /** Waits until the payment's delivery is failed; its attempts, oldest first. */
    static List<Row> awaitFailed(String paymentId) {
        await("the delivery of " + paymentId + " failed")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    var rows =
                            service.sql("SELECT status FROM webhook_deliveries WHERE payment_id = $1::uuid", paymentId);
                    return rows.size() == 1
                            && rows.iterator().next().getString(0).equals("failed");
                });
        List<Row> attempts = new ArrayList<>();
        service.sql(
                        "SELECT a.* FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id"
                                + " WHERE d.payment_id = $1::uuid ORDER BY a.attempted_at",
                        paymentId)
                .forEach(attempts::add);
        return attempts;
    }

    /** A TCP server that reads the request and answers bytes that are not HTTP, then closes. */
    static final class GarbageServer implements AutoCloseable {

        final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final AtomicInteger connections = new AtomicInteger();

        GarbageServer() throws IOException {
            Thread acceptor = new Thread(this::serve, "garbage-endpoint");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/hooks";
        }

        private void serve() {
            while (!socket.isClosed()) {
                try (Socket client = socket.accept()) {
                    connections.incrementAndGet();
                    client.setSoTimeout(2_000);
                    readHead(client.getInputStream());
                    OutputStream out = client.getOutputStream();
                    out.write("\u0000\u00ffSSH-2.0-OpenSSH not http at all\r\n\r\n<html>"
                            .getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException closedOrGone) {
                    // next
                }
            }
        }

        private static void readHead(InputStream in) throws IOException {
            int matched = 0;
            for (int b; matched < 4 && (b = in.read()) >= 0; ) {
                matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
