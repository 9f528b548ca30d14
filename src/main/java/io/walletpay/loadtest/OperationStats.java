package io.walletpay.loadtest;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The outcomes of one kind of request (create, or pay): running totals over the whole run for the progress line,
 * and the measured window's requests, successes, errors by kind and latency of successful answers.
 */
final class OperationStats {

    static final String BACKLOG = "backlog";
    static final String TIMEOUT = "timeout";
    static final String CONNECTION = "connection";
    static final String BAD_ANSWER = "bad_answer";

    private final LongAdder sent = new LongAdder();
    private final LongAdder answered = new LongAdder();
    private final LongAdder okAll = new LongAdder();
    private final LongAdder errorsAll = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final LatencyRecorder latency = new LatencyRecorder();

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

    void succeeded(boolean measured, long latencyNanos) {
        answered.increment();
        okAll.increment();
        if (measured) {
            requests.increment();
            ok.increment();
            latency.recordNanos(latencyNanos);
        }
    }

    void failed(boolean measured, String kind) {
        if (!BACKLOG.equals(kind)) {
            answered.increment();
        }
        errorsAll.increment();
        if (measured) {
            requests.increment();
            errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
        }
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

    LatencyRecorder latency() {
        return latency;
    }

    /** The measured window's figures; {@code rps} counts requests that went out (backlog drops did not). */
    Summary.OperationResult result(double measuredSeconds) {
        Map<String, Long> byKind = new TreeMap<>();
        errors.forEach((kind, count) -> byKind.put(kind, count.sum()));
        long total = requests.sum();
        long dropped = byKind.getOrDefault(BACKLOG, 0L);
        return new Summary.OperationResult(
                total,
                ok.sum(),
                byKind,
                (total - dropped) / measuredSeconds,
                ok.sum() / measuredSeconds,
                Summary.LatencySummary.of(latency.snapshot()));
    }
}
