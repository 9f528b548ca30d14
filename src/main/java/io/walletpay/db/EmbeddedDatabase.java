package io.walletpay.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the embedded PostgreSQL: a durable server (fsync and synchronous_commit on, unlike zonky's defaults)
 * whose data directory survives restarts, and which recovers the directory of a run that was killed.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);
    private static final Duration ORPHAN_STOP_WAIT = Duration.ofSeconds(60);

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts (initialising on first use) a server on {@code dataDirectory}; {@code port} 0 picks a free port. */
    public static EmbeddedDatabase start(Path dataDirectory, int port) throws IOException {
        Files.createDirectories(dataDirectory);
        stopOrphanedServer(dataDirectory);
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .setServerConfig("max_connections", "200")
                .setPGStartupWait(Duration.ofSeconds(120));
        if (port > 0) {
            builder.setPort(port);
        }
        EmbeddedPostgres postgres = builder.start();
        log.info("embedded PostgreSQL on port {} with data in {}", postgres.getPort(), dataDirectory.toAbsolutePath());
        return new EmbeddedDatabase(postgres);
    }

    public DatabaseTarget target() {
        return new DatabaseTarget("localhost", postgres.getPort(), "postgres", "postgres", "");
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }

    /**
     * A run killed with SIGKILL leaves its postmaster running (pg_ctl detaches it) and holding the data directory.
     * Ask it for a fast shutdown (SIGINT) and wait, so the new start finds a directory PostgreSQL will recover.
     */
    static void stopOrphanedServer(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        Optional<ProcessHandle> orphan = Files.readAllLines(pidFile, StandardCharsets.UTF_8).stream()
                .findFirst()
                .map(String::trim)
                .filter(line -> line.matches("\\d+"))
                .flatMap(pid -> ProcessHandle.of(Long.parseLong(pid)))
                .filter(ProcessHandle::isAlive)
                .filter(process -> process.info()
                        .command()
                        .map(command -> command.contains("postgres"))
                        .orElse(false));
        if (orphan.isEmpty()) {
            return; // a stale pid file of a dead server: PostgreSQL itself discards it and runs crash recovery
        }
        ProcessHandle process = orphan.get();
        log.warn("stopping PostgreSQL left running by an earlier run (pid {}) on {}", process.pid(), dataDirectory);
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            process.onExit().get(ORPHAN_STOP_WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the orphaned PostgreSQL", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException(
                    "the PostgreSQL left running on " + dataDirectory + " (pid " + process.pid()
                            + ") did not stop within " + ORPHAN_STOP_WAIT.toSeconds() + " s",
                    e);
        }
    }
}
