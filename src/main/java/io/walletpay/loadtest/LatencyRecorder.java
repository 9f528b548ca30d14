package io.walletpay.loadtest;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One latency distribution, recorded in microseconds from any thread without locks (an HdrHistogram
 * {@link Recorder}) and read as a growing total by whoever asks for a {@link #snapshot()}.
 */
final class LatencyRecorder {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram total = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram interval;

    void recordNanos(long nanos) {
        recorder.recordValue(Math.max(0, nanos) / 1_000);
    }

    /** Everything recorded so far, as a copy the caller may keep. */
    synchronized Histogram snapshot() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return total.copy();
    }
}
