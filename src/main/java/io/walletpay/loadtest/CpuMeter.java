package io.walletpay.loadtest;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The CPU time (user + system, all threads) this generator and, when its pid is given, the service process spent
 * between {@link #start()} and {@link #stop()}: the measured window. Read from the operating system's process
 * accounting ({@code /proc} on Linux, through {@link ProcessHandle}), so it includes the JIT and the garbage
 * collector, as a user's own {@code top} would.
 */
final class CpuMeter {

    /** CPU milliseconds spent in the window; {@code serviceMs} is -1 when no (readable) service pid was given. */
    record Spent(double generatorMs, double serviceMs) {}

    private final List<Long> servicePids;
    private long generatorAtStart = -1;
    private long serviceAtStart = -1;
    private Spent spent;

    CpuMeter(List<Long> servicePids) {
        this.servicePids = servicePids;
    }

    void start() {
        generatorAtStart = cpuNanos(ProcessHandle.current());
        serviceAtStart = serviceNanos();
    }

    /** The service's processes together; -1 when none was given or one cannot be read. */
    private long serviceNanos() {
        if (servicePids.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (long pid : servicePids) {
            long one = ProcessHandle.of(pid).map(CpuMeter::cpuNanos).orElse(-1L);
            if (one < 0) {
                return -1;
            }
            sum += one;
        }
        return sum;
    }

    void stop() {
        if (generatorAtStart < 0 || spent != null) {
            return;
        }
        long generator = cpuNanos(ProcessHandle.current()) - generatorAtStart;
        long serviceNow = serviceNanos();
        double serviceMs = serviceAtStart < 0 || serviceNow < 0 ? -1 : (serviceNow - serviceAtStart) / 1e6;
        spent = new Spent(generator / 1e6, serviceMs);
    }

    /** What the window cost; empty when it never started (or the system does not account CPU per process). */
    Optional<Spent> spent() {
        return Optional.ofNullable(spent).filter(s -> s.generatorMs() >= 0);
    }

    private static long cpuNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }
}
