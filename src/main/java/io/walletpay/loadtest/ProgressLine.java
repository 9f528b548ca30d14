package io.walletpay.loadtest;

import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The line a run prints every second on stderr: elapsed time and phase, creates sent, ok and failed so far, the
 * answers of the last second per second, and the measured p99 so far (plus pay and webhook counts when on).
 */
final class ProgressLine {

    private static final long EVERY_MS = 1_000;

    private final Vertx vertx;
    private final RunClock clock;
    private final OperationStats create;
    private final OperationStats pay;
    private final WebhookVerifier webhooks;
    private final PrintStream out;
    private long timer = -1;
    private long lastAnswered;
    private long lastAt;

    ProgressLine(
            Vertx vertx,
            RunClock clock,
            OperationStats create,
            OperationStats pay,
            WebhookVerifier webhooks,
            PrintStream out) {
        this.vertx = vertx;
        this.clock = clock;
        this.create = create;
        this.pay = pay;
        this.webhooks = webhooks;
        this.out = out;
    }

    void start() {
        lastAt = System.nanoTime();
        timer = vertx.setPeriodic(EVERY_MS, id -> print());
    }

    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
            timer = -1;
        }
    }

    private void print() {
        long now = System.nanoTime();
        long answered = create.answeredSoFar();
        double rps = (answered - lastAnswered) / Math.max(1e-9, (now - lastAt) / 1e9);
        lastAnswered = answered;
        lastAt = now;
        String phase =
                now < clock.start() ? "setup" : clock.warmingUp(now) ? "warmup" : now < clock.end() ? "run" : "drain";
        Histogram measured = create.latency().snapshot();
        String p99 = measured.getTotalCount() == 0
                ? "-"
                : String.format(Locale.ROOT, "%.2f ms", measured.getValueAtPercentile(99) / 1000.0);
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "[%6.1fs %-6s] sent %d  ok %d  errors %d  %.0f req/s  p99 %s",
                clock.elapsedSeconds(now),
                phase,
                create.sentSoFar(),
                create.okSoFar(),
                create.errorsSoFar(),
                rps,
                p99));
        if (pay != null) {
            line.append(String.format(Locale.ROOT, "  | paid %d  pay errors %d", pay.okSoFar(), pay.errorsSoFar()));
        }
        if (webhooks != null) {
            line.append(String.format(
                    Locale.ROOT, "  | webhooks %d/%d", webhooks.verifiedSoFar(), webhooks.expectedSoFar()));
        }
        out.println(line);
    }
}
