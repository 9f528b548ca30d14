package io.walletpay;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.cluster.ClusterAddOn;
import io.walletpay.config.AppConfig;
import io.walletpay.config.ConfigException;
import io.walletpay.config.ConfigLoader;
import io.walletpay.config.DevelopmentSecrets;
import io.walletpay.config.PortInUse;
import io.walletpay.config.ProductionReadiness;
import io.walletpay.db.DataDirectoryLock;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.db.DatabaseTls;
import io.walletpay.db.EmbeddedDatabase;
import io.walletpay.db.Migrations;
import io.walletpay.tracing.Tracing;
import java.security.cert.CertificateException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Start-up and shutdown of the process: config, database (embedded unless {@code WALLETPAY_DB_URL} is set),
 * migrations, verticles; on SIGTERM or SIGINT, a graceful stop and exit code 0.
 */
public final class Main {

    private static final Logger log = LoggerFactory.getLogger(Main.class);
    private static final long STOP_TIMEOUT_SECONDS = 25;

    private Main() {}

    public static void main(String[] args) {
        if (args.length > 0) {
            runCommand(args);
            return;
        }
        Shutdown.onSignals();
        ConfigLoader.prepareInBackground();
        // before the first Vert.x, which takes its tracer from it; a bad value is refused with the configuration's
        Optional<String> badTracing = Tracing.startFromEnvironment();
        ServiceVertx service = ServiceVertx.create();
        try {
            // production's refusals included, before a clustered node joins its cluster: nothing is touched
            AppConfig config = loadConfig(badTracing);
            service = vertxFor(service, config);
            lockDataDirectory(config);
            Running running = start(service, config);
            announceTransport(service);
            if (!config.production()) {
                announceDevelopmentCredentials(running.config(), running);
            }
            if (Shutdown.running(running)) {
                return; // a signal came while it started: it is stopping now
            }
            announceListening(config);
        } catch (Refused refused) {
            refuse(service.vertx(), refused.lines);
        } catch (RuntimeException | Error e) {
            // after the verticles deployed (writing the demo merchant, say): a start that did not finish is not a
            // service to leave running, and a stop asked for meanwhile must not wait for it
            log.debug("start-up failed", e);
            System.err.println("walletpay: start-up failed: " + oneLine(rootCause(e)));
            System.exit(1);
        }
    }

    /** The commands that never start the service, so a running service on the data directory is never disturbed. */
    private static void runCommand(String[] args) {
        switch (args[0]) {
            case "loadtest" -> io.walletpay.loadtest.LoadTest.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            case "backup", "restore" -> System.exit(BackupCommands.run(args));
            case "--help", "-h", "help" -> {
                System.out.print(Usage.TEXT);
                System.exit(0);
            }
            case "--version", "version" -> {
                System.out.println("walletpay " + Usage.version());
                System.exit(0);
            }
            default -> {
                System.err.println("walletpay: unknown command '" + args[0] + "'; see java -jar walletpay.jar --help");
                System.exit(2);
            }
        }
    }

    private static AppConfig loadConfig(Optional<String> badTracing) throws Refused {
        AppConfig config;
        try {
            config = ConfigLoader.load();
        } catch (ConfigException e) {
            List<String> lines = new java.util.ArrayList<>(e.lines());
            badTracing.ifPresent(lines::add);
            throw new Refused(lines);
        }
        if (badTracing.isPresent()) {
            throw new Refused(List.of(badTracing.get()));
        }
        return config;
    }

    /**
     * Vert.x starts with the default event loops, beside the configuration's validator being readied on another
     * thread; the config, read next, says whether to join the cluster (and where) and may ask for another number of
     * event loops: then a Vert.x of that kind starts in place of the first.
     */
    private static ServiceVertx vertxFor(ServiceVertx local, AppConfig config) throws Refused {
        if (!config.cluster().enabled()) {
            if (config.eventLoops() == local.eventLoops()) {
                return local;
            }
            await(local.vertx().close());
            return ServiceVertx.create(config.eventLoops());
        }
        Optional<String> cannotCluster = ClusterAddOn.problem();
        if (cannotCluster.isPresent()) {
            throw new Refused(List.of(cannotCluster.get()));
        }
        await(local.vertx().close());
        ServiceVertx clustered;
        try {
            clustered = await(ServiceVertx.createClustered(config.cluster(), config.eventLoops()));
        } catch (Exception e) {
            System.err.println("walletpay: cluster.enabled: could not join "
                    + config.cluster().members() + " from "
                    + config.cluster().host() + ":" + config.cluster().port() + ": " + oneLine(rootCause(e)));
            System.exit(2);
            throw new IllegalStateException("unreachable");
        }
        log.info(
                "joined the cluster as {} node at {}:{}",
                config.role().name().toLowerCase(java.util.Locale.ROOT),
                config.cluster().host(),
                config.cluster().port());
        return clustered;
    }

    private static void lockDataDirectory(AppConfig config) throws Refused {
        try {
            dataDirectoryLock = DataDirectoryLock.acquire(config.dataDir());
        } catch (DataDirectoryLock.HeldElsewhere e) {
            throw new Refused(List.of(e.getMessage()));
        } catch (java.io.IOException e) {
            throw new Refused(List.of("data directory " + config.dataDir() + " (data_dir, WALLETPAY_DATA_DIR) cannot be"
                    + " used: " + why(e)));
        }
    }

    /** Starts the service; a busy port is a refusal, anything else unexpected exits 1 with its cause on one line. */
    private static Running start(ServiceVertx service, AppConfig config) throws Refused {
        try {
            return deploy(service, config);
        } catch (Refused e) {
            throw e;
        } catch (Exception e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof PortInUse busy) {
                    throw new Refused(List.of(busy.line()));
                }
                if (cause instanceof Migrations.SchemaNewerThanBuild newer) {
                    throw new Refused(List.of(newer.getMessage()));
                }
            }
            Optional<String> tls = tlsRefusal(config, e);
            if (tls.isPresent()) {
                throw new Refused(List.of(tls.get()));
            }
            Throwable cause = rootCause(e);
            log.debug("start-up failed", e);
            System.err.println("walletpay: start-up failed: " + oneLine(cause));
            service.vertx().close();
            System.exit(1);
            throw new IllegalStateException("unreachable");
        }
    }

    /**
     * With TLS asked for in {@code db.url}, a connection whose TLS failed (a certificate nobody trusted, a host name
     * the certificate does not carry, a server without TLS) is the URL's to put right: one line naming it, with the
     * driver's reason.
     */
    private static Optional<String> tlsRefusal(AppConfig config, Throwable failure) {
        if (config.db().url() == null) {
            return Optional.empty();
        }
        DatabaseTls tls = DatabaseTarget.fromUrl(config.db().url()).tls();
        if (tls.equals(DatabaseTls.NONE)) {
            return Optional.empty();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (isTlsFailure(cause)) {
                return Optional.of(ConfigException.line(
                        "db.url",
                        "TLS failed with sslmode=" + tls.mode() + " (check sslmode and sslrootcert): "
                                + oneLine(cause)));
            }
        }
        return Optional.empty();
    }

    /**
     * A failure of TLS itself, not of reaching the server (a database down or not up yet stays an error, exit 1): the
     * handshake ({@code SSLException}), a server without TLS (SQLSTATE 08004 from the driver), or the driver's
     * host-name check, which fails with no cause.
     */
    private static boolean isTlsFailure(Throwable cause) {
        if (cause instanceof SSLException || cause instanceof CertificateException) {
            return true;
        }
        if (!(cause instanceof SQLException sql) || sql.getSQLState() == null) {
            return false;
        }
        return sql.getSQLState().equals("08004")
                || (sql.getSQLState().equals("08006")
                        && sql.getCause() == null
                        && String.valueOf(sql.getMessage()).contains("hostname"));
    }

    /**
     * What SIGTERM and SIGINT do, from the first line of {@code main}. While the process is still starting (nothing in
     * flight, the HTTP port not open yet) it ends at once, as the JVM would. From the moment the verticles deploy, the
     * port may already answer, even {@code /health/ready}, so a signal then waits for the start to finish and stops
     * gracefully, like one that comes later (or, should the start fail, the process exits with its failure's code); a
     * second signal in that wait ends the process at once.
     */
    private static final class Shutdown {

        private static boolean deploying;
        private static boolean requested;
        private static Running running;

        static void onSignals() {
            Signal.handle(new Signal("TERM"), Shutdown::requested);
            Signal.handle(new Signal("INT"), Shutdown::requested);
        }

        static synchronized void deploying() {
            deploying = true;
        }

        /** The service is running: a stop asked for while it started begins now, and this answers true. */
        static boolean running(Running started) {
            boolean stopNow;
            synchronized (Shutdown.class) {
                running = started;
                stopNow = requested;
            }
            if (stopNow) {
                stopAndExit(started);
            }
            return stopNow;
        }

        private static void requested(Signal signal) {
            Running toStop;
            boolean again;
            boolean endNow;
            synchronized (Shutdown.class) {
                again = requested;
                requested = true;
                toStop = running;
                endNow = running == null && (!deploying || again);
            }
            if (endNow) {
                System.exit(128 + signal.getNumber()); // the JVM's own code for a signal; shutdown hooks still run
            } else if (toStop == null) {
                log.info("stopping once the start-up has finished (a second signal stops at once)");
            } else if (!again) {
                stopAndExit(toStop);
            } // else a stop is already under way
        }
    }

    /** Where Netty's native transport cannot load (another platform, a missing library), Vert.x runs on Java NIO. */
    private static void announceTransport(ServiceVertx service) {
        Vertx vertx = service.vertx();
        int eventLoops = service.eventLoops();
        String loops = eventLoops == 1 ? "1 event loop" : eventLoops + " event loops";
        if (vertx.isNativeTransportEnabled()) {
            log.info("running {} on Netty's native epoll transport", loops);
        } else {
            Throwable cause = vertx.unavailableNativeTransportCause();
            log.info(
                    "running {} on Java NIO: Netty's native epoll transport is not available here ({})",
                    loops,
                    cause == null ? "no cause given" : oneLine(rootCause(cause)));
        }
    }

    private static void announceListening(AppConfig config) {
        String mode = config.mode().name().toLowerCase(java.util.Locale.ROOT);
        if (!config.role().servesHttp()) {
            log.info("walletpay worker running ({} mode): webhook delivery and sweeps, no API port", mode);
            return;
        }
        log.info(
                "walletpay listening on port {} ({} mode); public base URL {}",
                config.http().port(),
                mode,
                config.publicBaseUrl());
    }

    /** Held for the life of the process; the OS releases it when the process ends, however it ends. */
    private static DataDirectoryLock dataDirectoryLock;

    /** Start-up refused for reasons the deployer must fix: one line each, exit code 2, never a stack trace. */
    private static void refuse(Vertx vertx, List<String> lines) {
        for (String line : lines) {
            System.err.println("walletpay: " + line);
        }
        vertx.close();
        System.exit(2);
    }

    private static final class Refused extends Exception {
        final List<String> lines;

        Refused(List<String> lines) {
            super(String.join("; ", lines));
            this.lines = lines;
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** What went wrong with a path, said as a deployer would: the path and the reason, not the exception's class. */
    private static String why(java.io.IOException e) {
        String reason;
        if (e instanceof java.nio.file.AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof java.nio.file.FileAlreadyExistsException
                || e instanceof java.nio.file.NotDirectoryException) {
            reason = "not a directory";
        } else if (e instanceof java.nio.file.FileSystemException failed && failed.getReason() != null) {
            reason = failed.getReason();
        } else {
            return oneLine(e);
        }
        return e instanceof java.nio.file.FileSystemException failed && failed.getFile() != null
                ? failed.getFile() + ": " + reason
                : reason;
    }

    private static String oneLine(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private record Running(
            Vertx vertx,
            AppConfig config,
            boolean adminTokenGenerated,
            Application application,
            EmbeddedDatabase embedded) {}

    private static Running deploy(ServiceVertx service, AppConfig configured) throws Exception {
        Vertx vertx = service.vertx();
        DevelopmentSecrets.Resolved secrets = DevelopmentSecrets.resolve(configured);
        AppConfig config = secrets.config();
        EmbeddedDatabase embedded = null;
        DatabaseTarget target;
        if (config.db().url() == null) {
            // once a server our killed predecessor left has let go of the port, before ours tries it: it could not
            // bind, and its start check would log in to whichever server holds the port, failing minutes later
            EmbeddedDatabase.stopLeftOver(config.dataDir());
            PortInUse.check("db.embedded_port", "127.0.0.1", config.db().embeddedPort());
            embedded = EmbeddedDatabase.start(
                    config.dataDir(),
                    config.db().embeddedPort(),
                    config.backup().settings());
            target = embedded.target();
        } else {
            target = DatabaseTarget.fromUrl(config.db().url());
            log.info("using external PostgreSQL {}", target);
        }
        try {
            List<String> problems = ProductionReadiness.databaseProblems(config, target);
            if (!problems.isEmpty()) {
                throw new Refused(problems);
            }
            String schemaVersion =
                    Migrations.apply(target, io.walletpay.checkout.WalletProviders.currentName(config.provider()));
            Shutdown.deploying();
            Application application =
                    await(Application.deploy(vertx, service.registry(), config, target, schemaVersion));
            return new Running(vertx, config, secrets.adminTokenGenerated(), application, embedded);
        } catch (Exception e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
    }

    /** Development only: the admin token and the demo merchant, printed for the person at the terminal. */
    private static void announceDevelopmentCredentials(AppConfig config, Running running) {
        JsonObject demo = await(DemoMerchant.ensure(
                running.vertx(),
                config,
                running.application().stores().merchants(),
                running.application().stores().people(),
                running.application().useCases().team()));
        System.out.println();
        System.out.println("  walletpay development credentials (kept in " + config.dataDir() + "):");
        System.out.println("    admin token     "
                + (running.adminTokenGenerated() ? config.adminToken() : "(from WALLETPAY_ADMIN_TOKEN, not shown)"));
        System.out.println("    demo merchant   " + demo.getString("merchant_id"));
        System.out.println("    secret key      " + demo.getString("secret_key"));
        System.out.println("    webhook secret  " + demo.getString("webhook_secret"));
        System.out.println("    portal          " + config.publicBaseUrl().replaceAll("/+$", "") + "/portal/");
        System.out.println("    owner e-mail    " + demo.getString("owner_email"));
        System.out.println("    owner password  " + demo.getString("owner_password"));
        System.out.println();
    }

    /** Called once, by {@link Shutdown}. */
    private static void stopAndExit(Running running) {
        Thread stopper = new Thread(
                () -> {
                    log.info("stopping: no new connections, finishing in-flight work");
                    try {
                        running.application()
                                .stop()
                                .toCompletionStage()
                                .toCompletableFuture()
                                .get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                        running.vertx()
                                .close()
                                .toCompletionStage()
                                .toCompletableFuture()
                                .get(5, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        log.warn("graceful stop incomplete: {}", e.toString());
                    }
                    try {
                        if (running.embedded() != null) {
                            running.embedded().close();
                        }
                    } catch (Exception e) {
                        log.warn("embedded PostgreSQL did not stop cleanly: {}", e.toString());
                    }
                    log.info("stopped");
                    System.exit(0);
                },
                "walletpay-shutdown");
        stopper.start();
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
