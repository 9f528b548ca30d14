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

    boolean measured(long at) {
        return at >= warmupEnd && at < end;
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
