package io.walletpay.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.walletpay.client.ApiException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Java SDK's helpers alone: webhook signatures in both schemes, retries on 429/503 after Retry-After against a
 * stand-in service on a loopback socket, an Idempotency-Key on creates only, and pages followed by their last id.
 */
class JavaSdkHelpersTest {

    static final byte[] KEY = new byte[32];
    static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(KEY);
    static final byte[] BODY = "{\"event\":\"payment.updated\",\"version\":\"v1\",\"data\":{\"status\":\"completed\"}}"
            .getBytes(StandardCharsets.UTF_8);
    static final Instant NOW = Instant.ofEpochSecond(1_800_000_000L);

    HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aStandardSignatureAmongSeveralVerifiesKeyedWithTheDecodedSecret() throws Exception {
        JsonHeaders headers = standard("msg_1", NOW, KEY);

        var event = new WebhookVerifier(SECRET).verify(BODY, headers::get, NOW);

        assertThat(event.path("data").path("status").asText()).isEqualTo("completed");
    }

    @Test
    void anOlderSecretKeysTheStandardSignatureWithItsOwnBytes() throws Exception {
        String raw = "whsec_not-standard-base64_";
        JsonHeaders headers = standard("msg_1", NOW, raw.getBytes(StandardCharsets.UTF_8));

        assertThat(new WebhookVerifier(raw)
                        .verify(BODY, headers::get, NOW)
                        .path("event")
                        .asText())
                .isEqualTo("payment.updated");
    }

    @Test
    void anAlteredBodyAnotherSecretOrAnOldTimestampIsRefused() {
        JsonHeaders headers = standard("msg_1", NOW, KEY);
        byte[] altered = (new String(BODY, StandardCharsets.UTF_8) + " ").getBytes(StandardCharsets.UTF_8);
        String other = "whsec_" + Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6});

        assertThatThrownBy(() -> new WebhookVerifier(SECRET).verify(altered, headers::get, NOW))
                .isInstanceOf(InvalidSignatureException.class);
        assertThatThrownBy(() -> new WebhookVerifier(other).verify(BODY, headers::get, NOW))
                .isInstanceOf(InvalidSignatureException.class);
        assertThatThrownBy(() -> new WebhookVerifier(SECRET).verify(BODY, headers::get, NOW.plusSeconds(301)))
                .isInstanceOf(InvalidSignatureException.class)
                .hasMessageContaining("timestamp");
    }

    @Test
    void withoutTheStandardHeadersTheServiceSignatureDecidesInAnyCase() throws Exception {
        String hex = HexFormat.of().formatHex(hmac(SECRET.getBytes(StandardCharsets.UTF_8), BODY));
        WebhookVerifier verifier = new WebhookVerifier(SECRET);

        assertThat(verifier.verify(BODY, Map.of("x-service-signature", List.of("sha256=" + hex)))
                        .path("event")
                        .asText())
                .isEqualTo("payment.updated");
        assertThatThrownBy(
                        () -> verifier.verify(BODY, Map.of("X-Service-Signature", List.of("sha256=" + "0".repeat(64)))))
                .isInstanceOf(InvalidSignatureException.class);
        assertThatThrownBy(() -> verifier.verify(BODY, Map.of())).isInstanceOf(InvalidSignatureException.class);
    }

    @Test
    void retryAfterIsReadInSecondsOrAsADateCappedElseOneTwoFourSeconds() {
        Duration cap = Duration.ofSeconds(30);
        String inFiveSeconds =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(5).atOffset(ZoneOffset.UTC));

        assertThat(RetryingHttpClient.retryWait(Optional.of("7"), 1, cap, NOW)).isEqualTo(Duration.ofSeconds(7));
        assertThat(RetryingHttpClient.retryWait(Optional.of("120"), 1, cap, NOW))
                .isEqualTo(cap);
        assertThat(RetryingHttpClient.retryWait(Optional.of(inFiveSeconds), 1, cap, NOW))
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(RetryingHttpClient.retryWait(Optional.empty(), 3, cap, NOW)).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void aGetAnswered503Then429IsSentAgainUntilItSucceeds() throws Exception {
        AtomicInteger calls = serve(503, 429, 200);
        HttpClient client =
                RetryingHttpClient.builder(3, Duration.ofSeconds(30)).build();

        HttpResponse<String> answer = client.send(request("GET", Map.of()), HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(calls).hasValue(3);
    }

    @Test
    void aPostIsRetriedOnlyWithAnIdempotencyKeyAndAtMostMaxRetriesTimes() throws Exception {
        AtomicInteger calls = serve(503);
        HttpClient client =
                RetryingHttpClient.builder(2, Duration.ofSeconds(30)).build();

        assertThat(client.send(request("POST", Map.of()), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(503);
        assertThat(calls).hasValue(1);
        assertThat(client.send(request("POST", Map.of("Idempotency-Key", "k")), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(503);
        assertThat(calls).hasValue(4);
    }

    @Test
    void aCreateGetsAFreshIdempotencyKeyAndTheTokenWhileOtherRequestsGetNoKey() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            seen.add(
                    exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " key="
                            + exchange.getRequestHeaders().getFirst("Idempotency-Key") + " auth="
                            + exchange.getRequestHeaders().getFirst("Authorization"));
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        server.start();
        Walletpay walletpay =
                new Walletpay("http://127.0.0.1:" + server.getAddress().getPort(), 0, Duration.ZERO);
        walletpay.useToken("t0k3n");
        var payments = new io.walletpay.client.api.PaymentsApi(walletpay.apiClient());

        assertThatThrownBy(() -> payments.createPayment(
                        new io.walletpay.client.model.CreatePaymentRequest().amount(java.math.BigDecimal.TEN), null))
                .isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> payments.createPayment(
                        new io.walletpay.client.model.CreatePaymentRequest().amount(java.math.BigDecimal.TEN), "mine"))
                .isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> payments.cancelPayment(java.util.UUID.randomUUID()))
                .isInstanceOf(ApiException.class);

        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).matches("POST /api/merchant/payments/wallet/ key=[0-9a-f-]{36} auth=Bearer t0k3n");
        assertThat(seen.get(1)).endsWith(" key=mine auth=Bearer t0k3n");
        assertThat(seen.get(2)).contains("/cancel key=null");
    }

    @Test
    void pagesAreFollowedFromTheLastIdWhileHasMore() {
        record Item(String id) {}
        record Page(List<Item> data, boolean more) {}
        List<String> asked = new ArrayList<>();
        Map<String, Page> pages = Map.of(
                "first", new Page(List.of(new Item("c"), new Item("b")), true),
                "b", new Page(List.of(new Item("a")), false));

        List<String> ids = new ArrayList<>();
        for (Item item : Pages.<String, Page, Item>iterate(
                after -> {
                    asked.add(String.valueOf(after));
                    return pages.get(after == null ? "first" : after);
                },
                Page::data,
                Page::more,
                Item::id)) {
            ids.add(item.id());
        }

        assertThat(ids).containsExactly("c", "b", "a");
        assertThat(asked).containsExactly("null", "b");
    }

    private AtomicInteger serve(int... statuses) throws Exception {
        AtomicInteger calls = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            int status = statuses[Math.min(calls.getAndIncrement(), statuses.length - 1)];
            exchange.getResponseHeaders().add("Retry-After", "0");
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        return calls;
    }

    private HttpRequest request(String method, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/merchant/payments"))
                .method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(builder::header);
        return builder.build();
    }

    /** The three Standard Webhooks headers, the signature after one that matches nothing. */
    private static JsonHeaders standard(String id, Instant at, byte[] key) {
        byte[] signed = (id + "." + at.getEpochSecond() + "." + new String(BODY, StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        String signature = Base64.getEncoder().encodeToString(hmac(key, signed));
        return new JsonHeaders(Map.of(
                "webhook-id",
                id,
                "webhook-timestamp",
                String.valueOf(at.getEpochSecond()),
                "webhook-signature",
                "v1,AAAA v1," + signature));
    }

    private static byte[] hmac(byte[] key, byte[] content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(content);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    record JsonHeaders(Map<String, String> values) {
        String get(String name) {
            return values.entrySet().stream()
                    .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(null);
        }
    }
}
