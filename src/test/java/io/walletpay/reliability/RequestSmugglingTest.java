package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request whose body length two HTTP parsers could read differently (a proxy in front and this service) is
 * refused with 400 and its connection closed, so nothing smuggled after it is ever read as a second request. An
 * HTTP/2 cleartext preface is told this port speaks HTTP/1.1 only. The requests keep their connection open
 * (no {@code Connection: close}) so that the close is the server's.
 */
@BehaviourTest
class RequestSmugglingTest {

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    /** What came back before the server closed the connection; fails if it kept the connection open. */
    static String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", service.config.http().port())) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] chunk = new byte[4096];
            try {
                for (int n; (n = in.read(chunk)) >= 0; ) {
                    received.write(chunk, 0, n);
                }
            } catch (SocketTimeoutException stillOpen) {
                throw new AssertionError(
                        "the server kept the connection open after: " + received.toString(StandardCharsets.ISO_8859_1));
            } catch (SocketException reset) {
                // closed by a reset after the answer: still closed
            }
            return received.toString(StandardCharsets.ISO_8859_1);
        }
    }

    static int status(String answer) {
        assertThat(answer).startsWith("HTTP/1.1 ");
        return Integer.parseInt(answer.substring(9, 12));
    }

    static final String SMUGGLED = "GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n";

    @Test
    void contentLengthTogetherWithTransferEncodingIsRefusedAndTheConnectionClosed() throws IOException {
        String answer = exchange("POST /api/merchant/payments HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\n" + SMUGGLED);

        assertThat(status(answer)).isEqualTo(400);
        assertThat(answer).contains("ambiguous_framing").doesNotContain("HTTP/1.1 200");
    }

    @Test
    void transferEncodingOtherThanChunkedIsRefusedAndTheConnectionClosed() throws IOException {
        for (String coding : new String[] {"gzip, chunked", "identity", "chunked, chunked", "xchunked"}) {
            String answer = exchange("POST /api/merchant/payments HTTP/1.1\r\nHost: localhost\r\n"
                    + "Transfer-Encoding: " + coding + "\r\n\r\n0\r\n\r\n" + SMUGGLED);

            assertThat(status(answer)).as(coding).isEqualTo(400);
            assertThat(answer).as(coding).contains("ambiguous_framing").doesNotContain("HTTP/1.1 200");
        }
    }

    @Test
    void twoTransferEncodingHeadersAreRefused() throws IOException {
        String answer = exchange("POST /api/merchant/payments HTTP/1.1\r\nHost: localhost\r\n"
                + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n" + SMUGGLED);

        assertThat(status(answer)).isEqualTo(400);
    }

    @Test
    void plainChunkedRequestsAreStillServedOnAKeptAliveConnection() throws IOException {
        String answer = exchange("GET /health/live HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\n"
                + "GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(answer.split("HTTP/1.1 200", -1)).hasSize(3);
    }

    @Test
    void anHttp2PrefaceIsToldThisPortSpeaksHttp11OnlyAndClosed() throws IOException {
        String answer = exchange("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

        assertThat(status(answer)).isEqualTo(505);
        assertThat(answer).contains("HTTP/1.1 only");
    }
}
