package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client choosing methods and paths freely cannot grow the metrics: 100,000 requests with random methods and
 * random paths (pipelined on a few loopback connections so it stays quick) leave the number of series in
 * {@code /metrics} bounded, every method tag is a standard method or {@code OTHER}, and no raw path is a tag.
 */
@BehaviourTest
class MetricsCardinalityTest {

    static final int CONNECTIONS = 8;
    static final int REQUESTS_PER_CONNECTION = 12_500;
    static final Set<String> METHOD_TAGS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "OTHER");
    static final Pattern METHOD_TAG = Pattern.compile("method=\"([^\"]*)\"");

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void randomMethodsAndPathsLeaveTheNumberOfSeriesBounded() {
        int before = series(scrape()).size();

        List<CompletableFuture<Integer>> floods = new ArrayList<>();
        for (int c = 0; c < CONNECTIONS; c++) {
            long seed = c;
            floods.add(CompletableFuture.supplyAsync(() -> flood(new Random(seed), REQUESTS_PER_CONNECTION)));
        }
        int answered = floods.stream().mapToInt(CompletableFuture::join).sum();
        assertThat(answered).isEqualTo(CONNECTIONS * REQUESTS_PER_CONNECTION);

        List<String> after = series(scrape());
        assertThat(after.size() - before)
                .as("series added by 100,000 random requests")
                .isLessThan(300);
        Set<String> methods = new TreeSet<>();
        for (String line : after) {
            Matcher method = METHOD_TAG.matcher(line);
            while (method.find()) {
                methods.add(method.group(1));
            }
            assertThat(line).doesNotContain("/r-").doesNotContain("/api/merchant/payments/p-");
        }
        assertThat(methods).isSubsetOf(METHOD_TAGS).contains("OTHER");
    }

    /** Writes {@code count} pipelined requests on one connection, the last asking to close; returns the answers. */
    static int flood(Random random, int count) {
        try (Socket socket = new Socket("127.0.0.1", service.config.http().port())) {
            socket.setSoTimeout(60_000);
            CompletableFuture<Integer> answers = CompletableFuture.supplyAsync(() -> countAnswers(socket));
            OutputStream out = socket.getOutputStream();
            StringBuilder batch = new StringBuilder();
            for (int i = 0; i < count; i++) {
                batch.append(randomMethod(random))
                        .append(' ')
                        .append(randomPath(random))
                        .append(" HTTP/1.1\r\nHost: localhost\r\n")
                        .append(i == count - 1 ? "Connection: close\r\n" : "")
                        .append("\r\n");
                if (batch.length() > 16_384 || i == count - 1) {
                    out.write(batch.toString().getBytes(StandardCharsets.ISO_8859_1));
                    batch.setLength(0);
                }
            }
            out.flush();
            return answers.join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Status lines in the answer stream, read to the server's close. */
    static int countAnswers(Socket socket) {
        byte[] marker = "HTTP/1.1 ".getBytes(StandardCharsets.ISO_8859_1);
        int answers = 0;
        int matched = 0;
        byte[] chunk = new byte[65_536];
        try {
            InputStream in = socket.getInputStream();
            for (int n; (n = in.read(chunk)) >= 0; ) {
                for (int i = 0; i < n; i++) {
                    matched = chunk[i] == marker[matched] ? matched + 1 : (chunk[i] == marker[0] ? 1 : 0);
                    if (matched == marker.length) {
                        answers++;
                        matched = 0;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return answers;
    }

    static String randomMethod(Random random) {
        String[] standard = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"};
        if (random.nextBoolean()) {
            return standard[random.nextInt(standard.length)];
        }
        StringBuilder method = new StringBuilder();
        for (int i = 0, n = 3 + random.nextInt(6); i < n; i++) {
            method.append((char) ('A' + random.nextInt(26)));
        }
        return method.toString();
    }

    static String randomPath(Random random) {
        String id = Long.toHexString(random.nextLong());
        return switch (random.nextInt(4)) {
            case 0 -> "/r-" + id;
            case 1 -> "/api/merchant/payments/p-" + id;
            case 2 -> "/api/r-" + id + "/x";
            default -> "/health/live?x=" + id;
        };
    }

    static String scrape() {
        return service.http.get("/metrics", null).body();
    }

    static List<String> series(String text) {
        return text.lines()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .toList();
    }
}
