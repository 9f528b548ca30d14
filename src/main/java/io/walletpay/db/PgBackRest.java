package io.walletpay.db;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * pgBackRest for the embedded PostgreSQL: the stanza's configuration, which the service writes itself at every start
 * (the server's port and socket change from one start to the next), the {@code archive_command} the server archives
 * its WAL with, and the runs of pgBackRest's own commands. Everything of it lives in {@code <data_dir>/pgbackrest}
 * except the repository, {@code backup.repo_path}.
 */
public final class PgBackRest {

    static final String STANZA = "walletpay";
    private static final DateTimeFormatter POSTGRES_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSx").withZone(ZoneOffset.UTC);

    private final BackupSettings settings;
    private final Path home;
    private final Path pgData;
    private final DatabaseCredentials credentials;

    PgBackRest(BackupSettings settings, Path dataDir, DatabaseCredentials credentials) {
        this.settings = settings;
        this.home = dataDir.toAbsolutePath().resolve("pgbackrest");
        this.pgData = dataDir.toAbsolutePath().resolve("postgres");
        this.credentials = credentials;
    }

    /** For the {@code backup} and {@code restore} commands, beside (or instead of) a running service. */
    public static PgBackRest of(BackupSettings settings, Path dataDir) throws IOException {
        return new PgBackRest(settings, dataDir, DatabaseCredentials.loadOrCreate(dataDir));
    }

    Path configFile() {
        return home.resolve("pgbackrest.conf");
    }

    /**
     * Writes the stanza for a server on {@code port} with its socket in {@code socketDirectory} (pgBackRest reaches
     * it through libpq as the superuser, whose password it is given in its environment, never in a file).
     */
    void writeConfig(int port, Path socketDirectory) throws IOException {
        Files.createDirectories(home);
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        Files.createDirectories(home.resolve("log"));
        Files.createDirectories(home.resolve("spool"));
        Files.createDirectories(settings.repoPath());
        String text = "# written by walletpay at every start of its embedded PostgreSQL: edits are replaced\n"
                + "[global]\n"
                + "repo1-path=" + settings.repoPath().toAbsolutePath() + "\n"
                + "repo1-retention-full=" + settings.retentionFull() + "\n"
                + "log-path=" + home.resolve("log") + "\n"
                + "lock-path=" + home.resolve("lock") + "\n"
                + "spool-path=" + home.resolve("spool") + "\n"
                + "log-level-console=warn\n"
                + "log-level-file=info\n"
                + "start-fast=y\n"
                + "archive-async=n\n"
                + "\n[" + STANZA + "]\n"
                + "pg1-path=" + pgData + "\n"
                + "pg1-port=" + port + "\n"
                + "pg1-socket-path=" + socketDirectory.toAbsolutePath() + "\n"
                + "pg1-user=" + EmbeddedDatabase.SUPERUSER + "\n";
        Files.writeString(configFile(), text, StandardCharsets.UTF_8);
    }

    /** What the server runs for each WAL segment it fills (a shell command: the paths are quoted). */
    String archiveCommand() {
        return quoted(settings.pgbackrest()) + " --config="
                + quoted(configFile().toString()) + " --stanza=" + STANZA + " archive-push %p";
    }

    /** Creates the stanza in the repository, or checks that the one there belongs to this server. */
    void createStanza() throws IOException {
        Result created = run(List.of("stanza-create"), Duration.ofMinutes(2));
        if (!created.ok()) {
            throw new IOException("pgBackRest could not prepare the repository " + settings.repoPath()
                    + " (backup.repo_path, WALLETPAY_BACKUP_REPO_PATH): " + created.lastLine());
        }
    }

    /**
     * A backup of the running server: full when there is none or the newest full is too old, else incremental. The
     * output's first line is the type taken ({@code full} or {@code incr}), then what pgBackRest said.
     */
    public Result backup() throws IOException {
        String type = fullNeeded() ? "full" : "incr";
        Result result = run(List.of("backup", "--type=" + type), Duration.ofHours(12));
        return new Result(result.exitCode(), type + "\n" + result.output());
    }

    /**
     * Puts the data directory back as the newest backup before {@code target} left it, and has the server replay the
     * archived WAL up to {@code target} at its next start (then end recovery and open for writes); without a target,
     * to the end of the archive. The service must be stopped.
     */
    public Result restore(Optional<Instant> target) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("restore", "--delta"));
        target.ifPresent(moment -> {
            arguments.add("--type=time");
            arguments.add("--target=" + POSTGRES_TIME.format(moment));
            arguments.add("--target-action=promote");
        });
        return run(arguments, Duration.ofHours(12));
    }

    private boolean fullNeeded() throws IOException {
        Result info = run(List.of("info", "--output=json"), Duration.ofMinutes(2));
        if (!info.ok()) {
            return true;
        }
        try {
            JsonArray stanzas = new JsonArray(info.output());
            JsonArray backups = stanzas.getJsonObject(0).getJsonArray("backup", new JsonArray());
            long newestFull = -1;
            for (Object entry : backups) {
                JsonObject backup = (JsonObject) entry;
                if ("full".equals(backup.getString("type"))) {
                    newestFull = Math.max(
                            newestFull, backup.getJsonObject("timestamp").getLong("stop"));
                }
            }
            return newestFull < 0
                    || Instant.ofEpochSecond(newestFull)
                            .isBefore(Instant.now().minus(Duration.ofDays(settings.fullEveryDays())));
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** What a pgBackRest command answered: its exit code and its output (stdout and stderr together). */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }

        public String lastLine() {
            List<String> lines = output.strip().lines().toList();
            return lines.isEmpty() ? "exit code " + exitCode : lines.get(lines.size() - 1);
        }
    }

    private Result run(List<String> arguments, Duration timeout) throws IOException {
        List<String> command = new ArrayList<>(asTheServersUser());
        command.add(settings.pgbackrest());
        command.add("--config=" + configFile());
        command.add("--stanza=" + STANZA);
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", credentials.superuserPassword());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("pgBackRest ('" + settings.pgbackrest()
                    + "', backup.pgbackrest, WALLETPAY_BACKUP_PGBACKREST) cannot be run: " + e.getMessage());
        }
        try {
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("pgBackRest " + arguments.get(0) + " did not finish within " + timeout);
            }
            return new Result(process.exitValue(), output.strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while pgBackRest ran", e);
        }
    }

    /**
     * As root, the embedded server runs in a user namespace of its own (as zonky starts it), where it is not root;
     * pgBackRest runs the same way, so that it meets the files as their owner and never works as root.
     */
    private static List<String> asTheServersUser() {
        return isRoot() ? List.of("unshare", "-U") : List.of();
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
