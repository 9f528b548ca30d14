package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The webhook receivers of the integration guide ({@code docs/integrate/receivers/}: Python with its standard
 * library, PHP on its built-in server, Java with the JDK, Node with {@code standardwebhooks}) run as the merchant's
 * endpoint: each accepts the service's real deliveries and test event, and refuses a forged signature, a changed
 * body and a stale timestamp.
 */
@BehaviourTest
class WebhookReceiverExamplesTest {

    static final Path RECEIVERS = Path.of("docs/integrate/receivers").toAbsolutePath();
    static final Path NODE_MODULES = Path.of("src/test/node/node_modules").toAbsolutePath();
    static final HttpClient CLIENT = HttpClient.newHttpClient();

    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        service = RunningService.start(WebhookDeliveryTest.FAST);
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"python", "php", "java", "node"})
    void theGuidesReceiverAcceptsRealDeliveriesAndRefusesForgeries(String language) throws Exception {
        int port = freePort();
        String url = "http://127.0.0.1:" + port + "/webhooks/walletpay";
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Receiver " + language).put("webhook_url", url));
        String secret = merchant.getString("webhook_secret");
        String token = service.tokenFor(merchant);
        Path output = Files.createTempFile("receiver-" + language, ".out");
        Process receiver = start(language, port, secret, output);
        try {
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> listening(port));

            // a real delivery is acknowledged with 204 and the receiver saw the verified event
            String paid = service.createPayment(token, new JsonObject().put("amount", 250))
                    .getString("id");
            service.transition(paid, PaymentStatus.COMPLETED);
            JsonObject delivery = Awaitility.await()
                    .until(
                            () -> http.get("/api/merchant/webhooks/deliveries?payment_id=" + paid, token)
                                    .dataArray()
                                    .getJsonObject(0),
                            found -> found != null && "succeeded".equals(found.getString("status")));
            assertThat(delivery.getInteger("last_status_code")).isEqualTo(204);
            Awaitility.await().until(() -> Files.readString(output).contains(paid));

            // the test event a merchant sends from the portal or the API verifies the same way
            Http.Response tested = http.post("/api/merchant/webhooks/test", token, null);
            assertThat(tested.data().getInteger("status_code"))
                    .as(tested.body())
                    .isEqualTo(204);

            // forgeries are refused
            String body = "{\"event\":\"payment.updated\",\"data\":{\"transaction_id\":\"" + paid + "\"}}";
            long now = Instant.now().getEpochSecond();
            String anotherSecret = service.createMerchant("Someone else").getString("webhook_secret");
            assertThat(post(url, body, sign(anotherSecret, now, body))).isEqualTo(400);
            assertThat(post(url, body.replace(paid, UUID.randomUUID().toString()), sign(secret, now, body)))
                    .isEqualTo(400);
            assertThat(post(url, body, sign(secret, now - 3600, body))).isEqualTo(400);
            // and the same message, rightly signed now, is accepted: the refusals above were about the forgery
            assertThat(post(url, body, sign(secret, now, body))).isEqualTo(204);
        } finally {
            receiver.destroy();
            receiver.waitFor();
        }
    }

    private static Process start(String language, int port, String secret, Path output) throws IOException {
        List<String> command = new ArrayList<>(
                switch (language) {
                    case "python" -> List.of("python3", "receiver.py");
                    case "php" -> List.of("php", "-S", "127.0.0.1:" + port, "receiver.php");
                    case "java" ->
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java")
                                        .toString(),
                                "Receiver.java");
                    case "node" -> List.of("node", "receiver.js");
                    default -> throw new IllegalArgumentException(language);
                });
        return io.walletpay.support.ChildProcess.in(
                        command,
                        RECEIVERS,
                        Map.of(
                                "WEBHOOK_SECRET",
                                secret,
                                "PORT",
                                Integer.toString(port),
                                "NODE_PATH",
                                NODE_MODULES.toString()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }

    /** A Standard Webhooks message: id, timestamp and the v1 signature of "id.timestamp.body" with the secret. */
    private static Map<String, String> sign(String secret, long timestamp, String body)
            throws GeneralSecurityException {
        String id = "msg_" + UUID.randomUUID();
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        byte[] signature = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
        return Map.of(
                "webhook-id",
                id,
                "webhook-timestamp",
                Long.toString(timestamp),
                "webhook-signature",
                "v1," + Base64.getEncoder().encodeToString(signature));
    }

    private static int post(String url, String body, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
