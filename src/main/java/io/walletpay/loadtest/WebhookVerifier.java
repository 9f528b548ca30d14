package io.walletpay.loadtest;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The merchants' webhook endpoint during a run: an HTTP server (one verticle per event loop it is given) at
 * {@code /hooks/{merchant index}} that verifies both of every delivery's signatures ({@code X-Service-Signature} and
 * the Standard Webhooks {@code webhook-signature}) with that merchant's secret, answers
 * 200 to a good one and 401 to a bad one, counts duplicates by {@code X-Service-Delivery}, and matches each
 * delivery to the payment it reports ({@code data.transaction_id}) to time its arrival from the pay answer (0 when
 * it came first) and from the pay request's send (never earlier than the payment event: an upper bound).
 */
final class WebhookVerifier {

    static final String SIGNATURE = "X-Service-Signature";
    static final String DELIVERY = "X-Service-Delivery";
    static final String STANDARD_ID = "webhook-id";
    static final String STANDARD_TIMESTAMP = "webhook-timestamp";
    static final String STANDARD_SIGNATURE = "webhook-signature";
    private static final String HOOKS = "/hooks/";

    /**
     * What is known of one paid payment's webhook: when the pay request was answered and when a verified delivery
     * arrived (0 = not yet). The delivery can beat the pay answer, as the service sends it once the row is written;
     * the phase is known from the pay answer on (null before).
     */
    private record Track(long sentAt, long answeredAt, long arrivedAt, Phase phase) {}

    private final Map<Integer, WebhookSignature> signatures = new ConcurrentHashMap<>();
    private final Map<String, Track> tracks = new ConcurrentHashMap<>();
    private final Set<String> accepted = ConcurrentHashMap.newKeySet();
    private final LongAdder verified = new LongAdder();
    private final LongAdder invalid = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    // per phase, the same code for both (see RunClock.phaseOf); the warm-up's are counted apart
    private final Tally[] byPhase = {new Tally(), new Tally()};

    /** One phase's paid payments, the ones whose webhook was matched to them, and how long each took. */
    private static final class Tally {
        final LongAdder expected = new LongAdder();
        final LongAdder matched = new LongAdder();
        final LatencyRecorder latency = new LatencyRecorder();
        final LatencyRecorder fromPaySent = new LatencyRecorder();
        final LongAdder beforeAnswer = new LongAdder();
    }

    static String url(String receiverUrl, int merchantIndex) {
        return receiverUrl + HOOKS + merchantIndex;
    }

    /**
     * Starts {@code instances} servers sharing {@code port} (0: a free one); the answer is the port. Vert.x shares a
     * port between servers only when they name the same one, so a free port is picked first.
     */
    Future<Integer> listen(Vertx vertx, int requestedPort, int instances) {
        int chosen;
        try {
            chosen = requestedPort != 0 ? requestedPort : freePort();
        } catch (IOException e) {
            return Future.failedFuture(e);
        }
        return vertx.deployVerticle(() -> new Listener(chosen), new DeploymentOptions().setInstances(instances))
                .map(deployed -> chosen);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** From now on deliveries on {@code merchant}'s path are verified with its webhook secret. */
    void trust(LoadMerchant merchant) {
        signatures.put(merchant.index(), new WebhookSignature(merchant.webhookSecret()));
    }

    /** The checkout answered that {@code transactionId} is paid (its pay request was sent at {@code sentAt}). */
    void expect(String transactionId, long sentAt, long answeredAt, Phase phase) {
        byPhase[phase.ordinal()].expected.increment();
        tracks.compute(transactionId, (id, track) -> {
            if (track == null) {
                return new Track(sentAt, answeredAt, 0, phase);
            }
            if (track.arrivedAt() > 0) {
                matched(phase, sentAt, answeredAt, track.arrivedAt());
                return null;
            }
            return track;
        });
    }

    /** Paid payments whose verified webhook has not arrived yet. */
    long pending() {
        return expectedSoFar() - matchedSoFar();
    }

    long verifiedSoFar() {
        return verified.sum();
    }

    long expectedSoFar() {
        return overBothPhases(tally -> tally.expected);
    }

    private long matchedSoFar() {
        return overBothPhases(tally -> tally.matched);
    }

    private long overBothPhases(Function<Tally, LongAdder> count) {
        return Arrays.stream(byPhase)
                .mapToLong(tally -> count.apply(tally).sum())
                .sum();
    }

    Summary.WebhookResult result() {
        long missing =
                tracks.values().stream().filter(track -> track.answeredAt() > 0).count();
        long unexpected = tracks.values().stream()
                .filter(track -> track.answeredAt() == 0)
                .count();
        // the measured window's payments are the run's figures; warm-up ones are counted apart (a lost one is still
        // missing: nothing may be lost in any phase)
        Tally measured = byPhase[Phase.MEASURED.ordinal()];
        Tally warmUp = byPhase[Phase.WARM_UP.ordinal()];
        return new Summary.WebhookResult(
                measured.expected.sum(),
                measured.matched.sum(),
                warmUp.expected.sum(),
                warmUp.matched.sum(),
                invalid.sum(),
                missing,
                duplicates.sum(),
                unexpected,
                Summary.LatencySummary.of(measured.latency.snapshot()),
                Summary.LatencySummary.of(measured.fromPaySent.snapshot()),
                measured.beforeAnswer.sum());
    }

    private void handle(HttpServerRequest request) {
        long arrivedAt = System.nanoTime();
        WebhookSignature signature = request.method() == HttpMethod.POST ? signatureFor(request.path()) : null;
        if (signature == null) {
            request.response().setStatusCode(404).end();
            return;
        }
        WebhookSignature.Headers headers = new WebhookSignature.Headers(
                request.getHeader(SIGNATURE),
                request.getHeader(STANDARD_ID),
                request.getHeader(STANDARD_TIMESTAMP),
                request.getHeader(STANDARD_SIGNATURE));
        String delivery = request.getHeader(DELIVERY);
        request.body().onSuccess(body -> {
            long nowSeconds = System.currentTimeMillis() / 1000;
            String transactionId = signature.matches(body.getBytes(), headers, nowSeconds) ? transactionId(body) : null;
            if (transactionId == null) {
                invalid.increment();
                request.response().setStatusCode(401).end();
                return;
            }
            verified.increment();
            request.response().setStatusCode(200).end();
            if (delivery != null && !accepted.add(delivery)) {
                duplicates.increment();
                return;
            }
            arrived(transactionId, arrivedAt);
        });
    }

    private void arrived(String transactionId, long arrivedAt) {
        tracks.compute(transactionId, (id, track) -> {
            if (track == null) {
                return new Track(0, 0, arrivedAt, null);
            }
            if (track.answeredAt() > 0) {
                matched(track.phase(), track.sentAt(), track.answeredAt(), arrivedAt);
                return null;
            }
            return track;
        });
    }

    private void matched(Phase phase, long sentAt, long answeredAt, long arrivedAt) {
        Tally tally = byPhase[phase.ordinal()];
        tally.matched.increment();
        tally.latency.recordNanos(arrivedAt - answeredAt); // a webhook that beat the answer counts 0
        tally.fromPaySent.recordNanos(arrivedAt - sentAt);
        if (arrivedAt < answeredAt) {
            tally.beforeAnswer.increment();
        }
    }

    private WebhookSignature signatureFor(String path) {
        if (path == null || !path.startsWith(HOOKS)) {
            return null;
        }
        try {
            return signatures.get(Integer.parseInt(path.substring(HOOKS.length())));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String transactionId(Buffer body) {
        try {
            JsonObject data = body.toJsonObject().getJsonObject("data");
            return data == null ? null : data.getString("transaction_id");
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    /** One server of the receiver, on its own event loop. */
    private final class Listener extends VerticleBase {

        private final int listenPort;

        Listener(int listenPort) {
            this.listenPort = listenPort;
        }

        @Override
        public Future<?> start() {
            return vertx.createHttpServer(
                            new HttpServerOptions().setHost("0.0.0.0").setPort(listenPort))
                    .requestHandler(WebhookVerifier.this::handle)
                    .listen();
        }
    }
}
