package io.walletpay.support;

import io.walletpay.Main;
import java.io.File;
import java.io.UncheckedIOException;
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
    private Process process;

    public ServiceProcess(Path dataDir, Map<String, String> env) {
        this.dataDir = dataDir;
        this.env = env;
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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(
                List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        builder.directory(new File("."));
        builder.environment().remove("WALLETPAY_DB_URL");
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
                .failFast("service process exited; see " + dataDir.resolve("service.log"), () -> !process.isAlive())
                .ignoreException(UncheckedIOException.class) // still starting: nothing listens yet
                .until(() -> http.get("/health/ready", null).status() == 200);
        return http;
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

    public int exitValue() {
        return process.exitValue();
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    /** A JDBC connection to the embedded PostgreSQL, to look at the rows. */
    public Connection database() throws java.sql.SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + dbPort + "/postgres", "postgres", "");
    }

    public Path dataDir() {
        return dataDir;
    }
}
