package io.walletpay.cluster;

import io.walletpay.Main;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.Http;
import io.walletpay.support.TestConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * One walletpay node as a child JVM (the test classpath, {@link Main}) in a role, clustered on loopback and
 * pointed at an external PostgreSQL, as a deployer runs it: its own data directory, its own ports.
 */
final class ClusterNode {

    final String role;
    final Path dataDir;
    /** The API port; a worker serves no API, so its health routes are on a management port instead. */
    final int httpPort = TestConfig.freePort();

    final int managementPort = TestConfig.freePort();
    final int clusterPort;
    private final Map<String, String> env;
    private Process process;

    ClusterNode(String role, Path dataDir, int clusterPort, Map<String, String> env) {
        this.role = role;
        this.dataDir = dataDir;
        this.clusterPort = clusterPort;
        this.env = env;
    }

    ClusterNode start() throws IOException {
        Files.createDirectories(dataDir);
        // three JVMs on two cores: a small heap each (ChildProcess compiles with C1 alone)
        ProcessBuilder builder = ChildProcess.service(List.of("-Xmx256m"));
        Map<String, String> environment = builder.environment();
        environment.putAll(env);
        environment.put("WALLETPAY_ROLE", role);
        environment.put("WALLETPAY_DATA_DIR", dataDir.toString());
        environment.put("WALLETPAY_HTTP_PORT", Integer.toString(httpPort));
        environment.put("WALLETPAY_CLUSTER_PORT", Integer.toString(clusterPort));
        if (!servesApi()) {
            environment.put("WALLETPAY_MANAGEMENT_PORT", Integer.toString(managementPort));
        }
        process = builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                .start();
        return this;
    }

    boolean servesApi() {
        return !role.equals("worker");
    }

    /** The node's API (or, for a worker, its management port). */
    Http http() {
        return new Http(servesApi() ? httpPort : managementPort);
    }

    /** Waits for {@code /health/ready}; fails at once if the process ends. */
    void awaitReady() {
        Http http = http();
        Awaitility.await(role + " node ready")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(250))
                .failFast(role + " node exited; see " + log(), () -> !process.isAlive())
                .ignoreException(UncheckedIOException.class)
                .until(() -> http.get("/health/ready", null).status() == 200);
    }

    /** kill -9: no shutdown hook, no graceful stop, leases left as they were. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    Path log() {
        return dataDir.resolve("node.log");
    }

    String output() {
        try {
            return Files.readString(log());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> members(List<Integer> ports) {
        List<String> members = new ArrayList<>();
        ports.forEach(port -> members.add("127.0.0.1:" + port));
        return members;
    }

    @Override
    public String toString() {
        return role.toUpperCase(Locale.ROOT) + " node";
    }
}
