package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a client can hold on the server is bounded by configuration: the body size ({@code http.max_body_bytes}),
 * the time to send a request head ({@code http.idle_timeout_seconds}: bytes of an unfinished head are not
 * activity) and the number of open connections ({@code http.max_connections}).
 */
@BehaviourTest
class ConnectionBoundsTest {

    static final int MAX_CONNECTIONS = 6;
    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of(
                "WALLETPAY_HTTP_IDLE_TIMEOUT_SECONDS",
                "2",
                "WALLETPAY_HTTP_MAX_CONNECTIONS",
                Integer.toString(MAX_CONNECTIONS)));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    /**
     * The tests share one service, and the server counts a connection closed by the client only once it has seen the
     * close: a test that held every slot leaves them taken for a moment after it ends, and the next test's first
     * connection would be refused. So each test ends once a new connection is served again.
     */
    @AfterEach
    void waitUntilTheServerHasCountedThisTestsConnectionsClosed() {
        awaitANewConnectionServed("a new connection is served once this test's connections are closed");
    }

    @Test
    void aClientTricklingItsRequestHeadIsCutOffAlthoughEveryByteArrivesBeforeTheIdleTimeout() throws Exception {
        String head = "GET /health/live HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "p".repeat(200) + "\r\n\r\n";
        try (Socket socket = new Socket("127.0.0.1", service.config.http().port())) {
            socket.setSoTimeout(10_000);
            // one byte every 100 ms: far more often than the 2 s idle timeout
            Trickled trickled = trickle(socket, head, Duration.ofMillis(100)).get(60, TimeUnit.SECONDS);
            assertThat(trickled.cutOff())
                    .as("the connection was closed before the head was complete")
                    .isTrue();
            assertThat(trickled.sent()).as("bytes sent before the cut").isLessThan(head.length());
            assertThat(readToEnd(socket.getInputStream()))
                    .as("nothing was answered")
                    .doesNotContain("200");
        }
    }

    @Test
    void connectionsOverTheLimitAreClosedAtOnceAndTheOpenOnesKeepBeingServed() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONNECTIONS; i++) {
                Socket socket = new Socket("127.0.0.1", service.config.http().port());
                socket.setSoTimeout(5_000);
                assertThat(keepAliveRequest(socket)).as("connection " + i).startsWith("HTTP/1.1 200");
                held.add(socket);
            }

            try (Socket extra = new Socket("127.0.0.1", service.config.http().port())) {
                extra.setSoTimeout(5_000);
                String answer;
                try {
                    answer = keepAliveRequest(extra);
                } catch (IOException reset) {
                    answer = "";
                }
                assertThat(answer)
                        .as("the connection over the limit gets no answer")
                        .isEmpty();
            }
            for (Socket socket : held) {
                assertThat(keepAliveRequest(socket)).startsWith("HTTP/1.1 200");
            }

            held.remove(0).close();
            // the server counts the closed connection once it has seen the close: until then a new one is refused
            awaitANewConnectionServed("a slot freed by a close is usable again");
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void aBodyAnnouncedOverTheLimitIsRefusedWith413BeforeItIsSent() {
        RawHttp.Answer answer = new RawHttp(service.config.http().port())
                .send(
                        "POST",
                        "/api/merchant/token".getBytes(StandardCharsets.US_ASCII),
                        new byte[][] {
                            "Content-Type: application/json".getBytes(StandardCharsets.US_ASCII),
                            "Content-Length: 100000000".getBytes(StandardCharsets.US_ASCII)
                        },
                        null);
        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.json().getJsonObject("error").getString("code")).isEqualTo("payload_too_large");
        int limit = service.config.http().maxBodyBytes();
        assertThat(answer.json().getJsonObject("error").getInteger("limit_bytes"))
                .isEqualTo(limit);
        assertThat(answer.json().getJsonObject("error").getString("message")).contains(Integer.toString(limit));
    }

    @Test
    void anOverLongRequestLineOrHeaderBlockIsRefusedWithTheEnvelopeOrTheCustomersPage() {
        RawHttp raw = new RawHttp(service.config.http().port());
        RawHttp.Answer longLine =
                raw.send("GET", "/api/merchant/payments?reference_id=" + "x".repeat(5_000), Map.of(), null);
        RawHttp.Answer bigHeaders = raw.send(
                "GET",
                "/api/merchant/payments",
                Map.of("X-Filler", "x".repeat(service.config.http().maxHeaderBytes() + 1)),
                null);
        RawHttp.Answer checkoutHeaders = raw.send(
                "GET",
                "/checkout/some-token",
                Map.of("X-Filler", "x".repeat(service.config.http().maxHeaderBytes() + 1)),
                null);

        assertThat(longLine.status()).isEqualTo(414);
        assertThat(longLine.json().getJsonObject("error").getString("code")).isEqualTo("uri_too_long");
        assertThat(bigHeaders.status()).isEqualTo(431);
        assertThat(bigHeaders.json().getJsonObject("error").getString("code")).isEqualTo("headers_too_large");
        assertThat(checkoutHeaders.status()).isEqualTo(431);
        assertThat(checkoutHeaders.mediaType()).isEqualTo("text/html");
        assertThat(checkoutHeaders.header("Content-Security-Policy")).contains("default-src 'none'");
    }

    /** One GET on a new connection; "" when the server refused it. */
    private static void awaitANewConnectionServed(String why) {
        await(why)
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .until(ConnectionBoundsTest::freshConnectionRequest, answer -> answer.startsWith("HTTP/1.1 200"));
    }

    private static String freshConnectionRequest() {
        try (Socket again = new Socket("127.0.0.1", service.config.http().port())) {
            again.setSoTimeout(5_000);
            return keepAliveRequest(again);
        } catch (IOException notYet) {
            return "";
        }
    }

    record Trickled(boolean cutOff, int sent) {}

    /**
     * Writes {@code head} one byte per {@code every} from a scheduler, like a slowloris client, until the server
     * closes the connection or the head is complete; completes with whether it was cut off and the bytes sent.
     */
    private static CompletableFuture<Trickled> trickle(Socket socket, String head, Duration every) {
        CompletableFuture<Trickled> done = new CompletableFuture<>();
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger sent = new AtomicInteger();
        clock.scheduleAtFixedRate(
                () -> {
                    int next = sent.get();
                    if (next == head.length()) {
                        done.complete(new Trickled(false, next));
                        return;
                    }
                    try {
                        OutputStream out = socket.getOutputStream();
                        out.write(head.charAt(next));
                        out.flush();
                        if (socket.getInputStream().available() > 0 || closedByPeer(socket)) {
                            done.complete(new Trickled(true, next));
                            return;
                        }
                    } catch (SocketException closed) {
                        done.complete(new Trickled(true, next));
                        return;
                    } catch (IOException broken) {
                        done.completeExceptionally(broken);
                        return;
                    }
                    sent.incrementAndGet();
                },
                0,
                every.toMillis(),
                TimeUnit.MILLISECONDS);
        return done.whenComplete((result, failure) -> clock.shutdownNow());
    }

    /** One GET on a kept-alive connection; the status line and headers, or "" when the server closed instead. */
    private static String keepAliveRequest(Socket socket) throws IOException {
        socket.getOutputStream()
                .write("GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        int contentLength = 0;
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return "";
            }
            head.append((char) b);
        }
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                contentLength = Integer.parseInt(line.substring(15).trim());
            }
        }
        in.readNBytes(contentLength);
        return head.toString();
    }

    private static boolean closedByPeer(Socket socket) throws IOException {
        socket.setSoTimeout(1);
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (SocketException reset) {
            return true;
        } finally {
            socket.setSoTimeout(10_000);
        }
    }

    private static String readToEnd(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException reset) {
            return "";
        }
    }
}
