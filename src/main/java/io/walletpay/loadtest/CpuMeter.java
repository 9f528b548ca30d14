package io.walletpay.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The CPU time (user + system, all threads) this generator and, when its pid is given, the service process spent
 * between {@link #start()} and {@link #stop()}: the measured window. Read from the operating system's process
 * accounting ({@code /proc} on Linux, through {@link ProcessHandle}), so it includes the JIT and the garbage
 * collector, as a user's own {@code top} would. On Linux it also counts how many times the service's threads went
 * to sleep to wait for work (their voluntary context switches): each sleep and wake-up costs CPU of its own, and
 * how many a payment takes is what makes a payment cost more at a low rate than at a high one.
 */
final class CpuMeter {

    private static final String VOLUNTARY = "voluntary_ctxt_switches:";

    /**
     * CPU milliseconds spent in the window; {@code serviceMs} is -1 when no (readable) service pid was given, {@code
     * serviceSleeps} -1 when the service's threads cannot be read (not Linux). Threads that end within the window
     * take their sleeps with them.
     */
    record Spent(double generatorMs, double serviceMs, long serviceSleeps) {}

    private final List<Long> servicePids;
    private long generatorAtStart = -1;
    private long serviceAtStart = -1;
    private long sleepsAtStart = -1;
    private Spent spent;

    CpuMeter(List<Long> servicePids) {
        this.servicePids = servicePids;
    }

    void start() {
        generatorAtStart = cpuNanos(ProcessHandle.current());
        serviceAtStart = serviceNanos();
        sleepsAtStart = serviceSleeps();
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
        long sleepsNow = serviceSleeps();
        long sleeps = sleepsAtStart < 0 || sleepsNow < 0 ? -1 : Math.max(0, sleepsNow - sleepsAtStart);
        spent = new Spent(generator / 1e6, serviceMs, sleeps);
    }

    /** The service's processes' threads' voluntary context switches so far; -1 when one cannot be read. */
    private long serviceSleeps() {
        if (servicePids.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (long pid : servicePids) {
            long one = sleeps(pid);
            if (one < 0) {
                return -1;
            }
            sum += one;
        }
        return sum;
    }

    /** The voluntary context switches of every live thread of {@code pid}, from {@code /proc}; -1 when unreadable. */
    static long sleeps(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                sum += voluntarySwitches(thread.resolve("status"));
            }
        } catch (IOException | UncheckedIOException unreadable) {
            return -1;
        }
        return sum;
    }

    private static long voluntarySwitches(Path status) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(status);
        } catch (NoSuchFileException ended) {
            return 0; // the thread ended since the directory was listed
        }
        for (String line : lines) {
            if (line.startsWith(VOLUNTARY)) {
                return Long.parseLong(line.substring(VOLUNTARY.length()).trim());
            }
        }
        return 0;
    }

    /** What the window cost; empty when it never started (or the system does not account CPU per process). */
    Optional<Spent> spent() {
        return Optional.ofNullable(spent).filter(s -> s.generatorMs() >= 0);
    }

    private static long cpuNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }
}
