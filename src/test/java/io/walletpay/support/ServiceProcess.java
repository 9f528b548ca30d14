package io.walletpay.support;

import io.walletpay.Main;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * The real service as a child JVM on its embedded default (the test classpath, {@link Main}), on fixed ports and
 * a data directory of the test's, so it can be stopped, killed and started again on the same data.
 */
public final class ServiceProcess {

    private final Path dataDir;
    private final int httpPort = TestConfig.freePort();
    private final int dbPort = TestConfig.freePort();
    private final Map<String, String> env;
    private final Path jar;
    private Process process;

    public ServiceProcess(Path dataDir, Map<String, String> env) {
        this(null, dataDir, env);
    }

    private ServiceProcess(Path jar, Path dataDir, Map<String, String> env) {
        this.jar = jar;
        this.dataDir = dataDir;
        this.env = env;
    }

    /** The service started as deployers start it: {@code java -jar target/walletpay.jar}. */
    public static ServiceProcess fromJar(Path dataDir, Map<String, String> env) {
        return fromJar(ChildProcess.builtJar("walletpay.jar"), dataDir, env);
    }

    /** {@code java -jar jar}: the service's jar copied where a deployer would put it. */
    public static ServiceProcess fromJar(Path jar, Path dataDir, Map<String, String> env) {
        return new ServiceProcess(jar, dataDir, env);
    }

    /** Starts the service (output appended to {@code service.log} in the data directory). */
    public ServiceProcess start() throws java.io.IOException {
        process = builder(env)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dataDir.resolve("service.log").toFile()))
                .start();
        return this;
    }

    /** A builder for the service process with {@code extra} environment, for tests that read its output. */
    public ProcessBuilder builder(Map<String, String> extra) {
        ProcessBuilder builder = jar != null
                ? ChildProcess.serviceJar(jar, List.of("-Xmx256m"))
                : ChildProcess.service(List.of("-Xmx256m"));
        builder.environment().put("WALLETPAY_HTTP_PORT", Integer.toString(httpPort));
        builder.environment().put("WALLETPAY_DATA_DIR", dataDir.toString());
        builder.environment().put("WALLETPAY_DB_EMBEDDED_PORT", Integer.toString(dbPort));
        builder.environment().putAll(extra);
        return builder;
    }

    /** Waits (up to 120 s) for {@code /health/ready} to answer 200; fails at once if the process dies. */
    public Http awaitReady() {
        Http http = new Http(httpPort);
        Awaitility.await("service ready on port " + httpPort)
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .failFast(this::failIfExited)
                .ignoreException(UncheckedIOException.class) // still starting: nothing listens yet
                .until(() -> http.get("/health/ready", null).status() == 200);
        return http;
    }

    /** Throws, with the exit code and the last lines the service wrote, once the process has died. */
    private void failIfExited() throws java.io.IOException {
        if (process.isAlive()) {
            return;
        }
        List<String> log = new String(Files.readAllBytes(dataDir.resolve("service.log")), StandardCharsets.UTF_8)
                .lines()
                .toList();
        throw new AssertionError("service process exited with " + process.exitValue() + "; the end of its log:\n"
                + String.join("\n", log.subList(Math.max(0, log.size() - 40), log.size())));
    }

    /** SIGTERM; true when it exited within 30 s. */
    public boolean terminate() throws InterruptedException {
        process.destroy();
        return process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGKILL: no shutdown at all (the embedded PostgreSQL keeps running, orphaned). */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /**
     * A lost machine: SIGKILL of the service and, at once, of its embedded PostgreSQL (the postmaster and its
     * backends); returns once all of them are gone.
     */
    public void killWithDatabase() throws Exception {
        long postmaster =
                Long.parseLong(Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid"))
                        .get(0)
                        .trim());
        List<ProcessHandle> database = new java.util.ArrayList<>();
        ProcessHandle.of(postmaster).ifPresent(handle -> {
            database.add(handle);
            handle.descendants().forEach(database::add);
        });
        kill();
        database.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle handle : database) {
            handle.onExit().get(10, TimeUnit.SECONDS);
        }
    }

    public long pid() {
        return process.pid();
    }

    public int exitValue() {
        return process.exitValue();
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    /** A JDBC connection to the embedded PostgreSQL as the service's own role (password from the data directory). */
    public Connection database() throws java.sql.SQLException {
        return DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + dbPort + "/postgres", "walletpay", credential("service_password"));
    }

    /** As {@link #database()}, with any role and password, for tests of who may connect. */
    public Connection database(String role, String password) throws java.sql.SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + dbPort + "/postgres", role, password);
    }

    /** A password the service generated into {@code <data_dir>/database-credentials.json}. */
    public String credential(String name) {
        try {
            return new io.vertx.core.json.JsonObject(Files.readString(dataDir.resolve("database-credentials.json")))
                    .getString(name);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the service's {@code main} with {@code args}, this service's environment and {@code extra} to its end (within
     * 120 s) and returns what it printed and its exit code. Its output goes to a file of the data directory, so a run
     * that never ends fails the test after the wait instead of hanging it; the child is killed either way.
     */
    public Finished run(Map<String, String> extra, String... args) throws java.io.IOException, InterruptedException {
        Map<String, String> merged = new java.util.HashMap<>(env);
        merged.putAll(extra);
        Path output = Files.createTempFile(dataDir, "run-", ".log");
        ProcessBuilder builder = builder(merged).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.command().addAll(List.of(args));
        Process child = builder.start();
        try {
            if (!child.waitFor(120, TimeUnit.SECONDS)) {
                throw new AssertionError("service did not exit; printed: " + Files.readString(output));
            }
            return new Finished(child.exitValue(), Files.readString(output));
        } finally {
            child.destroyForcibly();
        }
    }

    /** A finished run: its exit code and everything it printed (stdout and stderr). */
    public record Finished(int exitCode, String output) {

        /** The printed lines, without the JVM's own warnings. */
        public List<String> lines() {
            return output.lines().filter(line -> !line.isBlank()).toList();
        }
    }

    public int httpPort() {
        return httpPort;
    }

    public int dbPort() {
        return dbPort;
    }

    public Path dataDir() {
        return dataDir;
    }
}
