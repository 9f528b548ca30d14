package io.walletpay.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.awaitility.Awaitility;

/**
 * A merchant's webhook endpoint for tests: a real HTTP server that records every request (headers and the exact
 * body bytes) in arrival order, and answers each path as told, call by call.
 */
public final class WebhookReceiver implements AutoCloseable {

    public record Received(String path, Map<String, List<String>> headers, byte[] body, int sequence) {

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** How to answer one call: status, optional Retry-After and Location, and a delay before answering. */
    public record Answer(int status, String retryAfter, long delayMs, String body, String location) {

        public Answer(int status, String retryAfter, long delayMs, String body) {
            this(status, retryAfter, delayMs, body, null);
        }

        public static Answer status(int status) {
            return new Answer(status, null, 0, "ok");
        }

        public static Answer redirect(int status, String location) {
            return new Answer(status, null, 0, "moved", location);
        }

        public static Answer slow(long delayMs) {
            return new Answer(200, null, delayMs, "late");
        }
    }

    private final HttpServer server;
    // a slow answer is sent later from here, so a hanging exchange holds no thread and needs no sleep
    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, IntFunction<Answer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final AtomicInteger sequence = new AtomicInteger();

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers the n-th call (0-based) on {@code path} with {@code script.apply(n)}; 200 by default. */
    public void script(String path, IntFunction<Answer> script) {
        scripts.put(path, script);
    }

    public List<Received> received(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    public List<Received> all() {
        return List.copyOf(received);
    }

    /** Waits (up to 30 s) until {@code path} has at least {@code count} requests; returns them. */
    public List<Received> await(String path, int count) {
        Awaitility.await("expected " + count + " webhooks on " + path)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> received(path).size() >= count);
        return received(path);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        received.add(new Received(path, Map.copyOf(exchange.getRequestHeaders()), body, sequence.incrementAndGet()));
        int call = calls.computeIfAbsent(path, p -> new AtomicInteger()).getAndIncrement();
        Answer answer = scripts.getOrDefault(path, n -> Answer.status(200)).apply(call);
        if (answer.delayMs() > 0) {
            later.schedule(() -> answer(exchange, answer), answer.delayMs(), TimeUnit.MILLISECONDS);
        } else {
            answer(exchange, answer);
        }
    }

    private static void answer(HttpExchange exchange, Answer answer) {
        if (answer.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
        }
        if (answer.location() != null) {
            exchange.getResponseHeaders().add("Location", answer.location());
        }
        byte[] reply = answer.body().getBytes();
        try {
            exchange.sendResponseHeaders(answer.status(), reply.length);
            exchange.getResponseBody().write(reply);
        } catch (IOException gone) {
            // the sender gave up first (timeout): that is the point of a slow answer
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        later.shutdownNow();
    }
}
