package io.walletpay;

import io.walletpay.config.AppConfig;
import io.walletpay.config.ConfigException;
import io.walletpay.config.ConfigLoader;
import io.walletpay.db.DataDirectoryLock;
import io.walletpay.db.EmbeddedDatabase;
import io.walletpay.db.PgBackRest;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * {@code backup} (of the running service's embedded database) and {@code restore} (with the service stopped): the
 * deployer's commands around pgBackRest. Each prints one line per problem and answers an exit code: 0 done, 1 the
 * tool failed, 2 a set-up to correct.
 */
final class BackupCommands {

    private BackupCommands() {}

    static int run(String[] args) {
        AppConfig config;
        try {
            config = ConfigLoader.load();
        } catch (ConfigException e) {
            e.lines().forEach(line -> System.err.println("walletpay: " + line));
            return 2;
        }
        if (!config.backup().enabled()) {
            System.err.println(
                    "walletpay: configuration key 'backup.repo_path' (WALLETPAY_BACKUP_REPO_PATH) is not set:"
                            + " it names the directory that holds the backups and the archived WAL");
            return 2;
        }
        if (config.db().url() != null) {
            System.err.println(
                    "walletpay: backup and restore are for the embedded PostgreSQL; an external database"
                            + " (db.url) is backed up where it runs (deploy/ha does it with pgBackRest, docs/operate/backups.md)");
            return 2;
        }
        try {
            return args[0].equals("backup") ? backup(config) : restore(config, args);
        } catch (IOException e) {
            System.err.println("walletpay: " + args[0] + " failed: " + e.getMessage());
            return 1;
        }
    }

    /** Only beside the running service: its server is the one pgBackRest backs up. */
    private static int backup(AppConfig config) throws IOException {
        if (!serviceRunning(config)) {
            System.err.println("walletpay: no service runs on "
                    + config.dataDir().toAbsolutePath().normalize()
                    + " (data_dir, WALLETPAY_DATA_DIR): a backup is taken of the running service's database; start it");
            return 2;
        }
        PgBackRest.Result result =
                PgBackRest.of(config.backup().settings(), config.dataDir()).backup();
        if (!result.ok()) {
            System.err.println("walletpay: backup failed: " + result.lastLine());
            return 1;
        }
        System.out.println("walletpay: backup taken ("
                + result.output().lines().findFirst().orElse("") + ") in "
                + config.backup().repoPath());
        return 0;
    }

    /** Only with the service stopped: the data directory is held for the whole restore. */
    private static int restore(AppConfig config, String[] args) throws IOException {
        Optional<Instant> target;
        try {
            target = targetTime(args);
        } catch (IllegalArgumentException e) {
            System.err.println("walletpay: " + e.getMessage());
            return 2;
        }
        try (DataDirectoryLock held = DataDirectoryLock.acquire(config.dataDir())) {
            EmbeddedDatabase.stopLeftOver(config.dataDir());
            PgBackRest.Result result =
                    PgBackRest.of(config.backup().settings(), config.dataDir()).restore(target);
            if (!result.ok()) {
                System.err.println("walletpay: restore failed: " + result.lastLine());
                return 1;
            }
        } catch (DataDirectoryLock.HeldElsewhere e) {
            System.err.println("walletpay: " + e.getMessage());
            return 2;
        }
        System.out.println("walletpay: restored "
                + target.map(moment -> "to " + moment).orElse("to the end of the archive")
                + "; the next start replays the archived WAL up to it, then opens for writes");
        return 0;
    }

    private static boolean serviceRunning(AppConfig config) throws IOException {
        try (DataDirectoryLock free = DataDirectoryLock.acquire(config.dataDir())) {
            return false;
        } catch (DataDirectoryLock.HeldElsewhere e) {
            return true;
        }
    }

    /** {@code --target-time} with an ISO 8601 moment and its offset ({@code 2026-01-31T14:05:00Z}), if given. */
    static Optional<Instant> targetTime(String[] args) {
        for (int i = 1; i < args.length; i++) {
            String value = null;
            if (args[i].equals("--target-time") && i + 1 < args.length) {
                value = args[i + 1];
                i++;
            } else if (args[i].startsWith("--target-time=")) {
                value = args[i].substring("--target-time=".length());
            } else {
                throw new IllegalArgumentException(
                        "restore takes --target-time <ISO 8601 moment>, not '" + args[i] + "'");
            }
            try {
                return Optional.of(OffsetDateTime.parse(value).toInstant());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("--target-time expects an ISO 8601 moment with its offset, like"
                        + " 2026-01-31T14:05:00Z or 2026-01-31T09:05:00-05:00, got '" + value + "'");
            }
        }
        return Optional.empty();
    }
}
