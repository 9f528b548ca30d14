package io.walletpay.loadtest;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The outcomes of one kind of request (create, or pay): running totals over the whole run for the progress line,
 * and per {@link Phase} the requests, successes, errors by kind and latency of successful answers. Only the measured
 * phase is reported; the warm-up's figures are kept by the same code so that the JIT has compiled it when the
 * window opens.
 */
final class OperationStats {

    static final String BACKLOG = "backlog";
    static final String TIMEOUT = "timeout";
    static final String CONNECTION = "connection";
    static final String BAD_ANSWER = "bad_answer";
    /** A pay the checkout answered without paying it (a decline, a failed or cancelled payment). */
    static final String NOT_PAID = "not_paid";

    private final LongAdder sent = new LongAdder();
    private final LongAdder answered = new LongAdder();
    private final LongAdder okAll = new LongAdder();
    private final LongAdder errorsAll = new LongAdder();
    private final Tally[] byPhase = {new Tally(), new Tally()};

    /** One phase's requests, successes, errors by kind and latency of successful answers. */
    private static final class Tally {
        final LongAdder requests = new LongAdder();
        final LongAdder ok = new LongAdder();
        final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        final LatencyRecorder latency = new LatencyRecorder();
    }

    /** The error kind of a request that got no HTTP answer. */
    static String kindOf(Throwable failure) {
        return failure instanceof TimeoutException ? TIMEOUT : CONNECTION;
    }

    static String httpStatus(int status) {
        return "http_" + status;
    }

    void sent() {
        sent.increment();
    }

    void succeeded(Phase phase, long latencyNanos) {
        answered.increment();
        okAll.increment();
        Tally tally = byPhase[phase.ordinal()];
        tally.requests.increment();
        tally.ok.increment();
        tally.latency.recordNanos(latencyNanos);
    }

    void failed(Phase phase, String kind) {
        if (!BACKLOG.equals(kind)) {
            answered.increment();
        }
        errorsAll.increment();
        Tally tally = byPhase[phase.ordinal()];
        tally.requests.increment();
        tally.errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    long sentSoFar() {
        return sent.sum();
    }

    long answeredSoFar() {
        return answered.sum();
    }

    long okSoFar() {
        return okAll.sum();
    }

    long errorsSoFar() {
        return errorsAll.sum();
    }

    /** The measured window's latency so far. */
    LatencyRecorder latency() {
        return measured().latency;
    }

    /** The measured window's figures; {@code rps} counts requests that went out (backlog drops did not). */
    Summary.OperationResult result(double measuredSeconds) {
        Tally measured = measured();
        Map<String, Long> byKind = new TreeMap<>();
        measured.errors.forEach((kind, count) -> byKind.put(kind, count.sum()));
        long total = measured.requests.sum();
        long dropped = byKind.getOrDefault(BACKLOG, 0L);
        return new Summary.OperationResult(
                total,
                measured.ok.sum(),
                byKind,
                (total - dropped) / measuredSeconds,
                measured.ok.sum() / measuredSeconds,
                Summary.LatencySummary.of(measured.latency.snapshot()));
    }

    private Tally measured() {
        return byPhase[Phase.MEASURED.ordinal()];
    }
}
