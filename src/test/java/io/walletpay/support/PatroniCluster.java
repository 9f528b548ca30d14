package io.walletpay.support;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.db.DatabaseTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shipped high-availability topology, started by {@code deploy/ha/start-local.sh} from Debian's packages:
 * etcd, three PostgreSQL nodes under Patroni with synchronous replication, and HAProxy routing to the leader. A
 * test reaches the leader through {@link #target()} and loses it the way a machine is lost.
 */
public final class PatroniCluster implements AutoCloseable {

    private static final Path SCRIPTS = Path.of("deploy", "ha").toAbsolutePath();
    private static final Pattern DB_URL = Pattern.compile("WALLETPAY_DB_URL=(\\S+)");

    private final Path base;
    private final DatabaseTarget target;

    private PatroniCluster(Path base, DatabaseTarget target) {
        this.base = base;
        this.target = target;
    }

    /**
     * Starts the cluster in a fresh directory under {@code /tmp} (traversable by the postgres user when run as
     * root) on ports of its own, and waits until the leader and both replicas stream.
     */
    public static PatroniCluster start() throws IOException, InterruptedException {
        Path base = Path.of("/tmp", "walletpay-ha-" + ProcessHandle.current().pid());
        stopLocal(base); // what an earlier run of this JVM left
        int etcd = TestConfig.freePort();
        ChildProcess.Result started = ChildProcess.run(
                List.of("bash", SCRIPTS.resolve("start-local.sh").toString(), base.toString()),
                Path.of("."),
                Map.of(
                        "ETCD_PORT",
                        Integer.toString(etcd),
                        "PRIMARY_PORT",
                        Integer.toString(TestConfig.freePort()),
                        "PG_PORT_BASE",
                        "25432",
                        "REST_PORT_BASE",
                        "28008"),
                null,
                180);
        Matcher url = DB_URL.matcher(started.output());
        if (started.exitCode() != 0 || !url.find()) {
            stopLocal(base); // start-local.sh leaves what did start running; its output ends with the logs
            throw new AssertionError("the cluster did not start: " + started.output());
        }
        return new PatroniCluster(base, DatabaseTarget.fromUrl(url.group(1)));
    }

    /** Where the service connects: HAProxy, which always leads to the current leader. */
    public DatabaseTarget target() {
        return target;
    }

    /** The name of the node that leads now, as {@code patronictl list} shows it. */
    public String leader() throws IOException, InterruptedException {
        JsonArray members = new JsonArray(patronictl("list", "-f", "json"));
        for (Object member : members) {
            JsonObject node = (JsonObject) member;
            if ("Leader".equals(node.getString("Role"))) {
                return node.getString("Member");
            }
        }
        throw new AssertionError("no leader: " + members);
    }

    /** Waits (up to two minutes) until a node other than {@code former} leads. */
    public String awaitNewLeader(String former) {
        return org.awaitility.Awaitility.await("a new leader in place of " + former)
                .atMost(java.time.Duration.ofMinutes(2))
                .pollInterval(java.time.Duration.ofMillis(250))
                .ignoreExceptions()
                .until(this::leader, leader -> !leader.equals(former));
    }

    /**
     * Waits (up to two minutes) until a synchronous standby is in place again: with {@code synchronous_mode} Patroni
     * promotes only the synchronous standby, so a leader lost before one is named (just after a switchover, while
     * the old leader rejoins) has no successor by design.
     */
    public void awaitSynchronousStandby() {
        org.awaitility.Awaitility.await("a synchronous standby")
                .atMost(java.time.Duration.ofMinutes(2))
                .pollInterval(java.time.Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> new JsonArray(patronictl("list", "-f", "json"))
                        .stream()
                                .map(JsonObject.class::cast)
                                .anyMatch(member -> "Sync Standby".equals(member.getString("Role"))
                                        && Integer.valueOf(0).equals(member.getInteger("Lag in MB"))));
    }

    /** The leader's machine is lost: kill -9 of its Patroni and its postmaster, at once. */
    public void killLeader(String leader) throws IOException {
        String config = base.resolve(leader).resolve("patroni.yml").toString();
        ProcessHandle patroni = ProcessHandle.allProcesses()
                .filter(process -> process.info()
                        .commandLine()
                        .map(line -> line.contains("patroni") && line.endsWith(config) && !line.contains("runuser"))
                        .orElse(false))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Patroni process for " + leader));
        long postmaster = Long.parseLong(
                Files.readAllLines(base.resolve(leader).resolve("data").resolve("postmaster.pid"))
                        .get(0)
                        .trim());
        patroni.destroyForcibly();
        ProcessHandle.of(postmaster).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** A planned switchover away from {@code leader}, as an operator runs it before maintenance. */
    public void switchover(String leader) throws IOException, InterruptedException {
        patronictl("switchover", "--force", "--master", leader);
    }

    /**
     * pgBackRest on {@code node} with the configuration start-local.sh wrote for it (its data directory, the shared
     * repository, the stanza walletpay), as the cluster's own user; fails with its output unless it exits 0.
     */
    public String pgbackrest(String node, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(Files.isExecutable(Path.of("/usr/bin/pgbackrest")) ? "/usr/bin/pgbackrest" : "pgbackrest");
        command.add("--config=" + base.resolve(node).resolve("pgbackrest.conf"));
        command.add("--stanza=walletpay");
        command.addAll(List.of(args));
        ChildProcess.Result result = ChildProcess.run(command, Path.of("."), Map.of(), null, 120);
        if (result.exitCode() != 0) {
            throw new AssertionError(command + " failed: " + result.output());
        }
        return result.output();
    }

    private String patronictl(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(
                "patronictl", "-c", base.resolve("node1").resolve("patroni.yml").toString()));
        command.addAll(List.of(args));
        ChildProcess.Result result = ChildProcess.run(command, Path.of("."), Map.of(), null, 60);
        if (result.exitCode() != 0) {
            throw new AssertionError(command + " failed: " + result.output());
        }
        return result.output();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stopLocal(base);
    }

    /** deploy/ha/stop-local.sh on {@code base}: everything it started there stopped, its data removed. */
    private static void stopLocal(Path base) throws IOException, InterruptedException {
        ChildProcess.run(
                List.of("bash", SCRIPTS.resolve("stop-local.sh").toString(), base.toString()),
                Path.of("."),
                Map.of(),
                null,
                60);
    }
}
