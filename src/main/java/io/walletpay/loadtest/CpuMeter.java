package io.walletpay.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
     * serviceSleeps} -1 when the service's threads cannot be read (not Linux). A thread that ends within the window
     * takes its sleeps in it with it.
     */
    record Spent(double generatorMs, double serviceMs, long serviceSleeps) {}

    private final List<Long> servicePids;
    private long generatorAtStart = -1;
    private long serviceAtStart = -1;
    private Map<String, Long> sleepsAtStart;
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
        spent = new Spent(generator / 1e6, serviceMs, sleepsBetween(sleepsAtStart, serviceSleeps()));
    }

    /**
     * Each live thread's voluntary context switches so far, by thread id (unique on the machine, whatever the
     * process); null when a process cannot be read. Threads are told apart, so one that ends in the window takes
     * only its own sleeps with it.
     */
    private Map<String, Long> serviceSleeps() {
        if (servicePids.isEmpty()) {
            return null;
        }
        Map<String, Long> all = new HashMap<>();
        for (long pid : servicePids) {
            Map<String, Long> one = sleepsByThread(pid);
            if (one == null) {
                return null;
            }
            all.putAll(one);
        }
        return all;
    }

    /** The sleeps in the window: of threads alive at both ends, the difference; of threads born in it, all. */
    private static long sleepsBetween(Map<String, Long> before, Map<String, Long> after) {
        if (before == null || after == null) {
            return -1;
        }
        long sum = 0;
        for (Map.Entry<String, Long> thread : after.entrySet()) {
            sum += Math.max(0, thread.getValue() - before.getOrDefault(thread.getKey(), 0L));
        }
        return sum;
    }

    /** The voluntary context switches of each live thread of {@code pid}, from {@code /proc}; null when unreadable. */
    static Map<String, Long> sleepsByThread(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return null;
        }
        Map<String, Long> threads = new HashMap<>();
        try (DirectoryStream<Path> listed = Files.newDirectoryStream(tasks)) {
            for (Path thread : listed) {
                threads.put(thread.getFileName().toString(), voluntarySwitches(thread.resolve("status")));
            }
        } catch (IOException | UncheckedIOException unreadable) {
            return null;
        }
        return threads;
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
