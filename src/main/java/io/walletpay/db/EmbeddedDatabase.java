package io.walletpay.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the embedded PostgreSQL: a durable server (fsync and synchronous_commit on, unlike zonky's defaults)
 * whose data directory survives restarts, which recovers the directory of a run that was killed, and which only
 * this service can reach: TCP on 127.0.0.1 only, its socket in a private (0700) directory of the data directory
 * (not the system-wide /tmp), scram-sha-256 passwords for every role, and the service connecting as
 * {@value #SERVICE_ROLE}, which owns its database but is not a superuser. A data directory made before these
 * rules (trust authentication, the service as superuser) is upgraded in place on its next start.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);
    private static final Duration ORPHAN_STOP_WAIT = Duration.ofSeconds(60);

    static final String SUPERUSER = "postgres";
    static final String SERVICE_ROLE = "walletpay";
    static final String DATABASE = "postgres";
    static final String HBA_HEADER = "# walletpay: only password (scram-sha-256) connections; rewritten at every start";
    static final String HBA = HBA_HEADER + "\n"
            + "local   all   all                  scram-sha-256\n"
            + "host    all   all   127.0.0.1/32   scram-sha-256\n";
    /**
     * How many times a password is hashed into its stored verifier (PostgreSQL's default is 4 096), and so how many
     * times a client hashes it again at each connection: some 12 ms of a core per connection once compiled, and
     * 40 to 80 ms for each of a start's first connections, on the start's path or an event loop. Iterations slow down
     * guessing a weak password from a stolen verifier; these passwords are 256 random bits, kept in plain text in
     * the data directory beside the verifiers, so no count makes them easier or harder to guess.
     */
    static final int SCRAM_ITERATIONS = 1;
    /** Longest socket path the kernel takes (sun_path is 108 bytes with its terminating zero). */
    private static final int MAX_SOCKET_PATH = 107;

    /** How long a stop waits for the server to archive its last WAL segment (backups on). */
    private static final Duration LAST_SEGMENT_WAIT = Duration.ofSeconds(60);
    /** How long a start waits for a restored server to replay the archive up to its target and open for writes. */
    private static final Duration RECOVERY_WAIT = Duration.ofHours(2);

    private final EmbeddedPostgres postgres;
    private final DatabaseCredentials credentials;
    private final PgBackRest backups;

    private EmbeddedDatabase(EmbeddedPostgres postgres, DatabaseCredentials credentials, PgBackRest backups) {
        this.postgres = postgres;
        this.credentials = credentials;
        this.backups = backups;
    }

    /** As {@link #start(Path, int, BackupSettings)} without backups. */
    public static EmbeddedDatabase start(Path dataDir, int port) throws IOException {
        return start(dataDir, port, null);
    }

    /**
     * Starts (initialising on first use) a server with its data in {@code <dataDir>/postgres}; {@code port} 0 picks
     * a free port. The caller holds the {@link DataDirectoryLock} of {@code dataDir}.
     */
    public static EmbeddedDatabase start(Path dataDir, int port, BackupSettings backup) throws IOException {
        Path pgData = dataDir.resolve("postgres");
        Files.createDirectories(pgData);
        stopOrphanedServer(pgData);
        DatabaseCredentials credentials = DatabaseCredentials.loadOrCreate(dataDir);
        boolean initialised = Files.isRegularFile(pgData.resolve("postgresql.conf"));
        boolean legacy = initialised && !secured(pgData);
        Path socketDir = privateDirectory(dataDir.resolve("postgres-socket"));
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(pgData)
                .setCleanDataDirectory(false)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .setServerConfig("max_connections", "200")
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("password_encryption", "scram-sha-256")
                .setServerConfig("scram_iterations", Integer.toString(SCRAM_ITERATIONS))
                .setServerConfig("unix_socket_permissions", "0700")
                .setServerConfig("unix_socket_directories", socketDirectorySetting(socketDir, port))
                // autovacuum looks for tables to analyse every 5 s instead of every minute: on a new data directory
                // the statements' plans are made while the tables are nearly empty, and only the first analyse
                // replaces them (until then the checkout's decision scanned every payment)
                .setServerConfig("autovacuum_naptime", "5s")
                // and analyses a table again only once it has changed by as many rows as it holds, not a tenth:
                // the service's statements are lookups by key, whose plans the first analyses settle, while a new
                // database growing by thousands of rows a second was analysed on every 5-s look, each analyse
                // reading and sorting a sample of every column: a tenth of PostgreSQL's CPU at 2 000 payments a second
                .setServerConfig("autovacuum_analyze_scale_factor", "1")
                .setPGStartupWait(Duration.ofSeconds(120));
        PgBackRest backups = backup != null ? new PgBackRest(backup, dataDir, credentials) : null;
        if (backups != null) {
            if ("''".equals(socketDirectorySetting(socketDir, port))) {
                throw new IOException(
                        "backups need the embedded PostgreSQL's Unix socket, and the data directory's path"
                                + " is too long for one (data_dir, WALLETPAY_DATA_DIR)");
            }
            // every WAL segment goes to the repository (archive_command, set once the server runs), and at least
            // one a minute while the service writes: the most a lost machine can take with it
            builder.setServerConfig("wal_level", "replica")
                    .setServerConfig("archive_mode", "on")
                    .setServerConfig("archive_timeout", "60");
        }
        Path passwordFile = null;
        if (!initialised) {
            // initdb sets the superuser's password and password authentication from the start: no trust moment
            passwordFile = dataDir.resolve(".initdb-password");
            Files.deleteIfExists(passwordFile);
            Files.createFile(
                    passwordFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(passwordFile, credentials.superuserPassword() + "\n", StandardCharsets.UTF_8);
            builder.setLocaleConfig("auth-host", "scram-sha-256")
                    .setLocaleConfig("auth-local", "scram-sha-256")
                    .setLocaleConfig("pwfile", passwordFile.toAbsolutePath().toString());
        }
        if (!legacy) {
            builder.setConnectConfig("password", credentials.superuserPassword());
        }
        if (port > 0) {
            builder.setPort(port);
        }
        EmbeddedPostgres postgres;
        try {
            postgres = builder.start();
        } finally {
            if (passwordFile != null) {
                Files.deleteIfExists(passwordFile);
            }
        }
        EmbeddedDatabase database = new EmbeddedDatabase(postgres, credentials, backups);
        try {
            database.awaitEndOfRecovery(legacy);
            database.enforceAccessRules(pgData, legacy);
        } catch (SQLException | IOException | RuntimeException e) {
            postgres.close();
            throw new IOException("could not secure the embedded PostgreSQL: " + e.getMessage(), e);
        }
        try {
            database.archiveThrough(backups, socketDir, legacy);
        } catch (SQLException | IOException | RuntimeException e) {
            postgres.close();
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
        log.info("embedded PostgreSQL on 127.0.0.1:{} with data in {}", postgres.getPort(), pgData.toAbsolutePath());
        return database;
    }

    /** Where the service connects: its own role, with its password, on the loopback address. */
    public DatabaseTarget target() {
        return new DatabaseTarget(
                "127.0.0.1", postgres.getPort(), DATABASE, SERVICE_ROLE, credentials.servicePassword());
    }

    @Override
    public void close() throws IOException {
        if (backups != null) {
            archiveLastSegment();
        }
        postgres.close();
    }

    /**
     * A data directory put back by {@code restore} replays the archive up to its target before it takes writes: the
     * start waits for that (the server answers read-only meanwhile).
     */
    private void awaitEndOfRecovery(boolean legacy) throws SQLException, IOException {
        long deadline = System.nanoTime() + RECOVERY_WAIT.toNanos();
        boolean announced = false;
        try (Connection admin = superuserConnection(legacy ? "" : credentials.superuserPassword());
                Statement sql = admin.createStatement()) {
            while (true) {
                try (var rows = sql.executeQuery("SELECT pg_is_in_recovery()")) {
                    rows.next();
                    if (!rows.getBoolean(1)) {
                        return;
                    }
                }
                if (!announced) {
                    log.info("embedded PostgreSQL replays the archived WAL of a restore; it opens at the target");
                    announced = true;
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("the restored database did not finish its recovery within " + RECOVERY_WAIT);
                }
                try {
                    Thread.sleep(200); // start-up thread, before any event loop: a poll of the server's state
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while the restored database recovered", e);
                }
            }
        }
    }

    /**
     * Archives WAL through pgBackRest when backups are on (the stanza written for this start's port and made in the
     * repository), and not at all when they are off.
     */
    private void archiveThrough(PgBackRest backups, Path socketDir, boolean legacy) throws SQLException, IOException {
        if (backups != null) {
            backups.writeConfig(postgres.getPort(), socketDir);
        }
        try (Connection admin = superuserConnection(credentials.superuserPassword());
                Statement sql = admin.createStatement()) {
            if (backups == null) {
                sql.execute("ALTER SYSTEM RESET archive_command");
            } else {
                sql.execute("ALTER SYSTEM SET archive_command = " + literal(backups.archiveCommand()));
            }
            sql.execute("SELECT pg_reload_conf()");
        }
        if (backups != null) {
            backups.createStanza();
            log.info("embedded PostgreSQL archives its WAL through pgBackRest");
        }
    }

    /**
     * Closes the WAL segment being written and waits until the server has archived it: what was committed last
     * before a stop is in the repository, for a restore on another machine.
     */
    private void archiveLastSegment() {
        try (Connection admin = superuserConnection(credentials.superuserPassword());
                Statement sql = admin.createStatement()) {
            String segment;
            try (var rows = sql.executeQuery("SELECT pg_walfile_name(pg_switch_wal())")) {
                rows.next();
                segment = rows.getString(1);
            }
            long deadline = System.nanoTime() + LAST_SEGMENT_WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                try (var rows = sql.executeQuery("SELECT last_archived_wal FROM pg_stat_archiver")) {
                    rows.next();
                    String archived = rows.getString(1);
                    // segment names sort as their positions in the WAL (timeline, then log and segment numbers)
                    if (archived != null && archived.length() == 24 && archived.compareTo(segment) >= 0) {
                        return;
                    }
                }
                Thread.sleep(100); // the stopping thread: a poll of the archiver's progress
            }
            log.warn(
                    "the last WAL segment {} was not archived within {}; it stays in the data directory",
                    segment,
                    LAST_SEGMENT_WAIT);
        } catch (SQLException e) {
            log.warn("could not archive the last WAL segment before stopping: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static boolean secured(Path pgData) throws IOException {
        Path hba = pgData.resolve("pg_hba.conf");
        return Files.isRegularFile(hba) && Files.readString(hba).startsWith(HBA_HEADER);
    }

    /**
     * Sets both roles' passwords (a directory from before these rules trusted every local user; and a verifier
     * stored with another iteration count is stored again with {@link #SCRAM_ITERATIONS}), writes the
     * password-only pg_hba.conf, and makes the service role own the database and everything in it.
     */
    private void enforceAccessRules(Path pgData, boolean legacy) throws SQLException, IOException {
        try (Connection admin = superuserConnection(legacy ? "" : credentials.superuserPassword());
                Statement sql = admin.createStatement()) {
            // the passwords below are statements' text: never in the server's log, even when one fails
            sql.execute("SET log_statement = 'none'");
            sql.execute("SET log_min_error_statement = 'panic'");
            if (legacy) {
                log.warn(
                        "upgrading the embedded PostgreSQL in {}: passwords for every role, service role '{}'",
                        pgData.toAbsolutePath(),
                        SERVICE_ROLE);
            }
            sql.execute("ALTER ROLE " + SUPERUSER + " PASSWORD " + literal(credentials.superuserPassword()));
            Path hba = pgData.resolve("pg_hba.conf");
            if (!Files.isRegularFile(hba) || !Files.readString(hba).equals(HBA)) {
                Files.writeString(hba, HBA, StandardCharsets.UTF_8);
                sql.execute("SELECT pg_reload_conf()");
            }
            boolean exists;
            try (var rows = sql.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + SERVICE_ROLE + "'")) {
                exists = rows.next();
            }
            String attributes = " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD "
                    + literal(credentials.servicePassword());
            sql.execute((exists ? "ALTER ROLE " : "CREATE ROLE ") + SERVICE_ROLE + attributes);
            sql.execute("ALTER DATABASE " + DATABASE + " OWNER TO " + SERVICE_ROLE);
            // a directory of the earlier code: Flyway ran as the superuser, so the superuser owns the schema
            sql.execute(TRANSFER_OWNERSHIP);
        }
    }

    /** Everything in schema public not owned by the service role becomes its (tables take their sequences). */
    private static final String TRANSFER_OWNERSHIP = "DO $$ DECLARE object record; BEGIN\n"
            + "  FOR object IN SELECT c.oid::regclass AS name FROM pg_class c\n"
            + "      JOIN pg_namespace n ON n.oid = c.relnamespace\n"
            + "      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')\n"
            + "        AND c.relowner <> '" + SERVICE_ROLE + "'::regrole\n"
            + "        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass\n"
            + "            AND d.objid = c.oid AND d.deptype IN ('a', 'i'))\n"
            + "  LOOP EXECUTE format('ALTER TABLE %s OWNER TO " + SERVICE_ROLE + "', object.name); END LOOP;\n"
            + "  FOR object IN SELECT p.oid::regprocedure AS name FROM pg_proc p\n"
            + "      JOIN pg_namespace n ON n.oid = p.pronamespace\n"
            + "      WHERE n.nspname = 'public' AND p.proowner <> '" + SERVICE_ROLE + "'::regrole\n"
            + "  LOOP EXECUTE format('ALTER ROUTINE %s OWNER TO " + SERVICE_ROLE + "', object.name); END LOOP;\n"
            + "  FOR object IN SELECT t.oid::regtype AS name FROM pg_type t\n"
            + "      JOIN pg_namespace n ON n.oid = t.typnamespace\n"
            + "      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd') AND t.typowner <> '" + SERVICE_ROLE
            + "'::regrole\n"
            + "  LOOP EXECUTE format('ALTER TYPE %s OWNER TO " + SERVICE_ROLE + "', object.name); END LOOP;\n"
            + "END $$";

    private Connection superuserConnection(String password) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE, SUPERUSER, password);
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static Path privateDirectory(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        return directory;
    }

    /**
     * The private socket directory, or none at all (TCP on 127.0.0.1 only) when its path is too long for a Unix
     * socket, never the shared /tmp.
     */
    private static String socketDirectorySetting(Path socketDir, int port) {
        String path = socketDir.toAbsolutePath().normalize().toString();
        if (path.length() + "/.s.PGSQL.65535".length() > MAX_SOCKET_PATH || !path.matches("[A-Za-z0-9_./+-]+")) {
            log.info("embedded PostgreSQL without a Unix socket: {} is too long or needs quoting", path);
            return "''";
        }
        return path;
    }

    /**
     * A run killed with SIGKILL leaves its postmaster running (pg_ctl detaches it) and holding the data directory.
     * Ask it for a fast shutdown (SIGINT) and wait, so the new start finds a directory PostgreSQL will recover.
     * Only ever called with the {@link DataDirectoryLock} held: no live service owns that postmaster.
     */
    /**
     * Stops a PostgreSQL that a killed service left running on {@code dataDir}, if any ({@link #start} does it too):
     * for a caller that must know the port is free of our own server before it checks it.
     */
    public static void stopLeftOver(Path dataDir) throws IOException {
        stopOrphanedServer(dataDir.resolve("postgres"));
    }

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
