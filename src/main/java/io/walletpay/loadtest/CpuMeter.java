package io.walletpay.loadtest;

import java.time.Duration;
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

    private final Optional<ProcessHandle> service;
    private long generatorAtStart = -1;
    private long serviceAtStart = -1;
    private Spent spent;

    CpuMeter(int servicePid) {
        this.service = servicePid > 0 ? ProcessHandle.of(servicePid) : Optional.empty();
    }

    void start() {
        generatorAtStart = cpuNanos(ProcessHandle.current());
        serviceAtStart = service.map(CpuMeter::cpuNanos).orElse(-1L);
    }

    void stop() {
        if (generatorAtStart < 0 || spent != null) {
            return;
        }
        long generator = cpuNanos(ProcessHandle.current()) - generatorAtStart;
        long serviceNow = service.map(CpuMeter::cpuNanos).orElse(-1L);
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
