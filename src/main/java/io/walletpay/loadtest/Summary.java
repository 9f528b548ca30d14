package io.walletpay.loadtest;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The figures of one run: for people ({@link #report()}) and for scripts ({@link #toJson()}, whose keys are
 * stable: mode, target, duration_s, requests, ok, errors, rps, latency_ms, pay, webhooks, cpu).
 *
 * @param create the create-payment requests; the top-level figures of the JSON
 * @param pay the checkout payments, null without {@code --pay}
 * @param webhooks the receiver's tally, null without webhook verification
 * @param cpu CPU time of the generator (and the service, with {@code --service-pid}) in the measured window, null
 *     when the system does not account it
 */
public record Summary(
        String mode,
        String target,
        double durationSeconds,
        double warmupSeconds,
        double rate,
        int concurrency,
        int connections,
        OperationResult create,
        OperationResult pay,
        WebhookResult webhooks,
        CpuMeter.Spent cpu) {

    /** Latency percentiles in milliseconds. */
    public record LatencySummary(double p50, double p90, double p99, double p999, double max, long count) {

        static LatencySummary of(Histogram histogram) {
            if (histogram.getTotalCount() == 0) {
                return new LatencySummary(0, 0, 0, 0, 0, 0);
            }
            return new LatencySummary(
                    ms(histogram.getValueAtPercentile(50)),
                    ms(histogram.getValueAtPercentile(90)),
                    ms(histogram.getValueAtPercentile(99)),
                    ms(histogram.getValueAtPercentile(99.9)),
                    ms(histogram.getMaxValue()),
                    histogram.getTotalCount());
        }

        private static double ms(long micros) {
            return micros / 1000.0;
        }
    }

    /**
     * One kind of request over the measured window.
     *
     * @param requests every request due in the window, dropped ones included
     * @param rps requests that went out per second (backlog drops excluded)
     * @param okRps successful requests per second
     * @param latency of the successful requests
     */
    public record OperationResult(
            long requests, long ok, Map<String, Long> errors, double rps, double okRps, LatencySummary latency) {

        public long errorCount() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * @param expected payments paid in the measured window, whose webhook should arrive
     * @param verified of those, the ones whose webhook arrived with a matching signature
     * @param warmupExpected payments paid during the warm-up (not in the figures above)
     * @param warmupVerified of those, the ones whose verified webhook arrived
     * @param invalid deliveries with a missing or wrong signature, or an unreadable body
     * @param missing webhooks (warm-up included) that had not arrived verified when the wait ended
     * @param duplicates verified deliveries whose {@code X-Service-Delivery} had already been accepted
     * @param unexpected verified deliveries for no payment this run paid
     * @param latency from the pay answer to the webhook's arrival (measured payments only; 0 when it came first)
     * @param fromPaySent from the pay request's send to the webhook's arrival: never before the payment event, so
     *     an upper bound of event->webhook that includes the pay request's own round trip
     * @param beforeAnswer measured webhooks that arrived before their pay answer
     */
    public record WebhookResult(
            long expected,
            long verified,
            long warmupExpected,
            long warmupVerified,
            long invalid,
            long missing,
            long duplicates,
            long unexpected,
            LatencySummary latency,
            LatencySummary fromPaySent,
            long beforeAnswer) {}

    public long requests() {
        return create.requests();
    }

    /** What one unit of work is: a paid payment with {@code --pay}, else a created one (measured window). */
    public long flows() {
        return pay != null ? pay.ok() : create.ok();
    }

    /** CPU milliseconds per flow of the generator, or -1 when unknown. */
    public double generatorCpuMsPerFlow() {
        return cpu == null || flows() == 0 ? -1 : cpu.generatorMs() / flows();
    }

    /** CPU milliseconds per flow of the service, or -1 when unknown (no {@code --service-pid}). */
    public double serviceCpuMsPerFlow() {
        return cpu == null || cpu.serviceMs() < 0 || flows() == 0 ? -1 : cpu.serviceMs() / flows();
    }

    /** How many times the service's threads went to sleep per flow; -1 when not measured. */
    public double serviceSleepsPerFlow() {
        return cpu == null || cpu.serviceSleeps() < 0 || flows() == 0 ? -1 : (double) cpu.serviceSleeps() / flows();
    }

    /** Errors of create and pay requests together. */
    public long errorCount() {
        return create.errorCount() + (pay == null ? 0 : pay.errorCount());
    }

    /** No errors, and when verifying, no missing and no invalid webhook: the exit code 0. */
    public boolean passed() {
        return failures().isEmpty();
    }

    private List<String> failures() {
        List<String> failures = new ArrayList<>();
        if (create.errorCount() > 0) {
            failures.add(create.errorCount() + " create errors");
        }
        if (pay != null && pay.errorCount() > 0) {
            failures.add(pay.errorCount() + " pay errors");
        }
        if (webhooks != null && webhooks.missing() > 0) {
            failures.add(webhooks.missing() + " webhooks missing");
        }
        if (webhooks != null && webhooks.invalid() > 0) {
            failures.add(webhooks.invalid() + " invalid webhooks");
        }
        if (create.requests() == 0) {
            failures.add("no request was measured");
        }
        return failures;
    }

    public JsonObject toJson() {
        JsonObject json = new JsonObject()
                .put("mode", mode)
                .put("target", target)
                .put("duration_s", durationSeconds)
                .put("warmup_s", warmupSeconds)
                .put("rate", "rate".equals(mode) ? rate : null)
                .put("concurrency", "concurrency".equals(mode) ? concurrency : null)
                .put("connections", connections);
        operation(json, create);
        json.put("pay", pay == null ? null : operation(new JsonObject(), pay));
        json.put(
                "webhooks",
                webhooks == null
                        ? null
                        : new JsonObject()
                                .put("expected", webhooks.expected())
                                .put("verified", webhooks.verified())
                                .put("warmup_expected", webhooks.warmupExpected())
                                .put("warmup_verified", webhooks.warmupVerified())
                                .put("invalid", webhooks.invalid())
                                .put("missing", webhooks.missing())
                                .put("duplicates", webhooks.duplicates())
                                .put("unexpected", webhooks.unexpected())
                                .put(
                                        "latency_ms",
                                        new JsonObject()
                                                .put("p50", webhooks.latency().p50())
                                                .put("p99", webhooks.latency().p99())
                                                .put("max", webhooks.latency().max()))
                                .put(
                                        "from_pay_sent_ms",
                                        new JsonObject()
                                                .put(
                                                        "p50",
                                                        webhooks.fromPaySent().p50())
                                                .put(
                                                        "p99",
                                                        webhooks.fromPaySent().p99())
                                                .put(
                                                        "max",
                                                        webhooks.fromPaySent().max()))
                                .put("before_answer", webhooks.beforeAnswer()));
        json.put(
                "cpu",
                cpu == null
                        ? null
                        : new JsonObject()
                                .put("flows", flows())
                                .put("generator_ms", round(cpu.generatorMs(), 3))
                                .put("generator_ms_per_flow", round(generatorCpuMsPerFlow(), 4))
                                .put("service_ms", cpu.serviceMs() < 0 ? null : round(cpu.serviceMs(), 3))
                                .put(
                                        "service_ms_per_flow",
                                        serviceCpuMsPerFlow() < 0 ? null : round(serviceCpuMsPerFlow(), 4))
                                .put(
                                        "service_sleeps_per_flow",
                                        serviceSleepsPerFlow() < 0 ? null : round(serviceSleepsPerFlow(), 2)));
        json.put("passed", passed());
        return json;
    }

    private static JsonObject operation(JsonObject json, OperationResult result) {
        JsonObject errors = new JsonObject();
        result.errors().forEach(errors::put);
        return json.put("requests", result.requests())
                .put("ok", result.ok())
                .put("errors", errors)
                .put("rps", round(result.rps(), 1))
                .put("ok_rps", round(result.okRps(), 1))
                .put(
                        "latency_ms",
                        new JsonObject()
                                .put("p50", result.latency().p50())
                                .put("p90", result.latency().p90())
                                .put("p99", result.latency().p99())
                                .put("p999", result.latency().p999())
                                .put("max", result.latency().max()));
    }

    public String report() {
        StringBuilder out = new StringBuilder();
        String load = "rate".equals(mode)
                ? "open loop at " + number(rate) + " requests/s"
                : "closed loop with " + concurrency + " in flight";
        out.append(String.format(
                Locale.ROOT,
                "walletpay load test against %s: %s, %s s measured after %s s warm-up, " + "%d connections%n",
                target,
                load,
                number(durationSeconds),
                number(warmupSeconds),
                connections));
        operationReport(out, "create", create);
        if (pay != null) {
            operationReport(out, "pay", pay);
            out.append("          (pay latency: from the create request's send time to the checkout's answer)\n");
        }
        if (webhooks != null) {
            out.append(String.format(
                    Locale.ROOT,
                    "webhooks  verified %d of %d expected (warm-up apart: %d of %d), invalid %d, missing %d, "
                            + "duplicates %d, unexpected %d%n",
                    webhooks.verified(),
                    webhooks.expected(),
                    webhooks.warmupVerified(),
                    webhooks.warmupExpected(),
                    webhooks.invalid(),
                    webhooks.missing(),
                    webhooks.duplicates(),
                    webhooks.unexpected()));
            out.append(String.format(
                    Locale.ROOT,
                    "          event->webhook ms  p50 %s  p99 %s  max %s  (from the pay answer; %d of them came"
                            + " before it, counted 0)%n",
                    number(webhooks.latency().p50()),
                    number(webhooks.latency().p99()),
                    number(webhooks.latency().max()),
                    webhooks.beforeAnswer()));
            out.append(String.format(
                    Locale.ROOT,
                    "          pay sent->webhook ms  p50 %s  p99 %s  max %s  (an upper bound: includes the pay's round"
                            + " trip)%n",
                    number(webhooks.fromPaySent().p50()),
                    number(webhooks.fromPaySent().p99()),
                    number(webhooks.fromPaySent().max())));
        }
        if (cpu != null) {
            String flow = pay != null ? "paid payment" : "created payment";
            out.append(String.format(
                    Locale.ROOT,
                    "cpu       generator %s ms (%s ms per %s)",
                    number(cpu.generatorMs()),
                    number(generatorCpuMsPerFlow()),
                    flow));
            if (serviceCpuMsPerFlow() >= 0) {
                out.append(String.format(
                        Locale.ROOT,
                        "; service %s ms (%s ms per %s)",
                        number(cpu.serviceMs()),
                        number(serviceCpuMsPerFlow()),
                        flow));
                if (serviceSleepsPerFlow() >= 0) {
                    out.append(String.format(
                            Locale.ROOT, ", its threads slept %.1f times per %s", serviceSleepsPerFlow(), flow));
                }
            }
            out.append(System.lineSeparator());
        }
        List<String> failures = failures();
        out.append(failures.isEmpty() ? "result    PASS\n" : "result    FAIL: " + String.join(", ", failures) + "\n");
        return out.toString();
    }

    private static void operationReport(StringBuilder out, String name, OperationResult result) {
        out.append(String.format(
                Locale.ROOT,
                "%-9s requests %d, ok %d, errors %d; %s requests/s (%s ok/s)%n",
                name,
                result.requests(),
                result.ok(),
                result.errorCount(),
                number(result.rps()),
                number(result.okRps())));
        LatencySummary latency = result.latency();
        out.append(String.format(
                Locale.ROOT,
                "          latency ms  p50 %s  p90 %s  p99 %s  p99.9 %s  max %s%n",
                number(latency.p50()),
                number(latency.p90()),
                number(latency.p99()),
                number(latency.p999()),
                number(latency.max())));
        if (!result.errors().isEmpty()) {
            StringBuilder kinds = new StringBuilder();
            result.errors().forEach((kind, count) -> kinds.append(kinds.length() == 0 ? "" : ", ")
                    .append(kind)
                    .append(' ')
                    .append(count));
            out.append("          errors: ").append(kinds).append('\n');
        }
    }

    private static String number(double value) {
        return BigDecimal.valueOf(round(value, 3)).stripTrailingZeros().toPlainString();
    }

    private static double round(double value, int places) {
        return BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
