package io.walletpay.loadtest;

import java.util.concurrent.TimeUnit;

/**
 * The time line of one run, in {@link System#nanoTime()} units: sending starts at {@code start}, the warm-up ends
 * at {@code warmupEnd}, and nothing is scheduled from {@code end} on. A request is measured when it was due (open
 * loop) or sent (closed loop) inside {@code [warmupEnd, end)}.
 */
record RunClock(long start, long warmupEnd, long end) {

    static RunClock startingIn(long delayMs, double warmupSeconds, double durationSeconds) {
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs);
        long warmupEnd = start + seconds(warmupSeconds);
        return new RunClock(start, warmupEnd, warmupEnd + seconds(durationSeconds));
    }

    /**
     * The phase of a request due (or sent) at {@code at}: measured inside {@code [warmupEnd, end)}. Computed without
     * a branch on purpose. The JIT compiles a branch that was never taken as a trap, so a {@code measured} flag that
     * stayed false through the warm-up left the measured path (the histograms among it) to be compiled only once the
     * window opened, on the cores the service needs, after deoptimizing the code it had been inlined into. With the
     * phase an array index, both phases run the same code, compiled during the warm-up.
     */
    Phase phaseOf(long at) {
        // each difference is negative exactly when its bound holds: at >= warmupEnd, at < end
        return Phase.of((int) (((warmupEnd - 1 - at) & (at - end)) >>> 63));
    }

    boolean warmingUp(long now) {
        return now < warmupEnd;
    }

    double measuredSeconds() {
        return (end - warmupEnd) / 1e9;
    }

    double elapsedSeconds(long now) {
        return Math.max(0, now - start) / 1e9;
    }

    private static long seconds(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
