package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.dns.AddressResolverOptions;
import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestDatabase;
import io.walletpay.support.WebhookReceiver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * One merchant whose DNS never answers does not hold up another merchant's webhooks: with a DNS server on
 * loopback that answers for {@code fast.test} and never for {@code slow.test}, a dozen deliveries stuck resolving
 * {@code slow.test} (more than any shared pool of resolver threads would hold) do not stop the healthy merchant's
 * webhooks from arriving while they are still waiting; the stuck ones end on their own endpoint's timeout.
 */
@BehaviourTest
class WebhookDnsIsolationTest {

    static final int STUCK = 12;
    static final int HEALTHY = 3;

    @Test
    void aMerchantWhoseDnsNeverAnswersDoesNotDelayAnotherMerchantsWebhooks() throws Exception {
        try (LoopbackDns dns = new LoopbackDns("fast.test", "slow.test");
                WebhookReceiver receiver = new WebhookReceiver();
                RunningService service = RunningService.start(
                        Map.of(
                                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s",
                                "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "20000",
                                "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "5000",
                                "WALLETPAY_WEBHOOKS_LEASE_SECONDS", "60",
                                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100",
                                "WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", "16"),
                        TestDatabase.migrated(),
                        new AddressResolverOptions()
                                .setServers(List.of("127.0.0.1:" + dns.port()))
                                .setQueryTimeout(60_000)
                                .setMaxQueries(1))) {
            int port = URI.create(receiver.url("/")).getPort();
            String slowToken = merchant(service, "Slow DNS", "http://slow.test:" + port + "/slow");
            String fastToken = merchant(service, "Healthy", "http://fast.test:" + port + "/fast");

            List<String> stuck = completedPayments(service, slowToken, STUCK);
            // concurrent lookups of one name share one question on the wire
            Awaitility.await().until(() -> dns.asked("slow.test") >= 1);
            completedPayments(service, fastToken, HEALTHY);

            assertThat(receiver.await("/fast", HEALTHY)).hasSize(HEALTHY);
            assertThat(attempts(service, stuck))
                    .as("the stuck deliveries are still waiting on their own DNS when the healthy ones arrive")
                    .isZero();
            assertThat(receiver.received("/slow")).isEmpty();

            Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> attempts(service, stuck) == STUCK);
            assertThat(service.sql(
                                    "SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id ="
                                            + " a.delivery_id WHERE d.payment_id::text = ANY($1::text[])"
                                            + " AND a.error_kind = 'dns_failure'",
                                    (Object) stuck.toArray(new String[0]))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(STUCK);
        }
    }

    static String merchant(RunningService service, String name, String webhookUrl) {
        return service.tokenFor(
                service.createMerchant(new JsonObject().put("name", name).put("webhook_url", webhookUrl)));
    }

    static List<String> completedPayments(RunningService service, String token, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = service.createPayment(token, new JsonObject().put("amount", 10 + i))
                    .getString("id");
            service.transition(id, PaymentStatus.COMPLETED);
            ids.add(id);
        }
        return ids;
    }

    static long attempts(RunningService service, List<String> paymentIds) {
        return service.sql(
                        "SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id"
                                + " WHERE d.payment_id::text = ANY($1::text[])",
                        (Object) paymentIds.toArray(new String[0]))
                .iterator()
                .next()
                .getLong(0);
    }

    /**
     * A DNS server on a loopback UDP port: A queries for one name get 127.0.0.1, other types for it an empty
     * answer, the silent name is never answered, anything else is NXDOMAIN. Counts the questions per name.
     */
    static final class LoopbackDns implements AutoCloseable {

        private final DatagramSocket socket;
        private final String answered;
        private final String silent;
        private final Map<String, AtomicInteger> asked = new java.util.concurrent.ConcurrentHashMap<>();
        private final Thread thread;

        LoopbackDns(String answered, String silent) throws SocketException {
            this.answered = answered;
            this.silent = silent;
            this.socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            this.thread = new Thread(this::serve, "loopback-dns");
            thread.setDaemon(true);
            thread.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int asked(String name) {
            AtomicInteger count = asked.get(name);
            return count == null ? 0 : count.get();
        }

        private void serve() {
            byte[] buffer = new byte[512];
            while (!socket.isClosed()) {
                try {
                    DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                    socket.receive(packet);
                    byte[] reply = answer(java.util.Arrays.copyOf(packet.getData(), packet.getLength()));
                    if (reply != null) {
                        socket.send(new DatagramPacket(reply, reply.length, packet.getSocketAddress()));
                    }
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private byte[] answer(byte[] query) {
            StringBuilder name = new StringBuilder();
            int at = 12;
            while (query[at] != 0) {
                int length = query[at];
                if (name.length() > 0) {
                    name.append('.');
                }
                name.append(new String(query, at + 1, length, StandardCharsets.US_ASCII));
                at += length + 1;
            }
            int questionEnd = at + 5;
            int type = (query[at + 1] & 0xff) << 8 | (query[at + 2] & 0xff);
            String asked = name.toString().toLowerCase(java.util.Locale.ROOT);
            this.asked.computeIfAbsent(asked, n -> new AtomicInteger()).incrementAndGet();
            if (asked.equals(silent)) {
                return null;
            }
            boolean known = asked.equals(answered);
            boolean withAddress = known && type == 1;
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            reply.write(query[0]);
            reply.write(query[1]);
            reply.write(0x81); // a response, recursion desired
            reply.write(known ? 0x80 : 0x83); // recursion available; NXDOMAIN for names it does not know
            reply.writeBytes(new byte[] {0, 1, 0, (byte) (withAddress ? 1 : 0), 0, 0, 0, 0});
            reply.write(query, 12, questionEnd - 12);
            if (withAddress) {
                reply.writeBytes(new byte[] {(byte) 0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 127, 0, 0, 1});
            }
            return reply.toByteArray();
        }

        @Override
        public void close() {
            socket.close();
        }
    }
}
