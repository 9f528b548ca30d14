package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.walletpay.config.AppConfig;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ServiceProcess;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real process on the embedded default: durable data, SIGTERM exits 0 (also the moment the port opens), a kill -9
 * does not stop the next start.
 */
@BehaviourTest
class ProcessLifecycleTest {

    @TempDir
    Path dataDir;

    ServiceProcess service;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
    }

    @Test
    void embeddedDataSurvivesAGracefulStopAndAKill() throws Exception {
        service = new ServiceProcess(dataDir, Map.of()).start();
        service.awaitReady();
        try (Connection db = service.database();
                Statement sql = db.createStatement()) {
            assertThat(scalar(sql, "SHOW fsync")).isEqualTo("on");
            assertThat(scalar(sql, "SHOW synchronous_commit")).isEqualTo("on");
            // a new directory's tables are analysed seconds into their first traffic, not a minute
            assertThat(scalar(sql, "SHOW autovacuum_naptime")).isEqualTo("5s");
            // and again once a table has changed by as many rows as it holds, not on every look while it grows
            assertThat(scalar(sql, "SHOW autovacuum_analyze_scale_factor")).isEqualTo("1");
            sql.execute("CREATE TABLE survivor (note text)");
            sql.execute("INSERT INTO survivor VALUES ('written before the restart')");
        }

        assertThat(service.terminate()).as("stopped within 30 s of SIGTERM").isTrue();
        assertThat(service.exitValue()).isZero();

        service.start().awaitReady();
        assertThat(survivorNote()).isEqualTo("written before the restart");

        service.kill(); // the embedded PostgreSQL is left behind, holding the directory

        service.start().awaitReady();
        assertThat(survivorNote()).isEqualTo("written before the restart");
    }

    @Test
    void aSigtermAsSoonAsThePortOpensStillStopsGracefully() throws Exception {
        // the port opens while the last verticles deploy and, in development, while the demo merchant is written:
        // a stop asked for then waits for the start to finish rather than cutting it
        service = new ServiceProcess(dataDir, Map.of()).start();
        Awaitility.await("port " + service.httpPort() + " accepting")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(5))
                .failFast("service process exited", () -> !service.alive())
                .until(() -> accepts(service.httpPort()));
        assertThat(service.terminate()).as("stopped within 30 s of SIGTERM").isTrue();
        assertThat(service.exitValue()).isZero();
        assertThat(Files.readString(dataDir.resolve("service.log"))).contains("io.walletpay.Main stopped");
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 100);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    @Test
    void aStartThatFailsAfterItsVerticlesDeployedExitsWithOneLine() throws Exception {
        // the demo merchant's file is read once the verticles run; a damaged one must end the start, not leave a
        // half-started process holding the port
        Files.createDirectories(dataDir);
        Files.writeString(dataDir.resolve("demo-merchant.json"), "{ not json");
        ServiceProcess.Finished failed = new ServiceProcess(dataDir, Map.of()).run(Map.of());
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.output())
                .contains("walletpay: start-up failed: ")
                .contains("demo-merchant.json is not the JSON");
    }

    @Test
    void theEventLoopsAskedForAreTheOnesThatServe() throws Exception {
        assumeThat(Path.of("/proc/self/task"))
                .as("Linux names its threads under /proc")
                .isDirectory();
        int asked = AppConfig.defaultEventLoops() + 1; // not the default, so the service must size its Vert.x anew
        service = new ServiceProcess(dataDir, Map.of("WALLETPAY_EVENT_LOOPS", Integer.toString(asked))).start();
        service.awaitReady();
        // said once the start has finished, which may be just after the port first answers
        Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                        Files.readString(dataDir.resolve("service.log")))
                .contains("running " + asked + " event loops on "));
        // one HTTP verticle per event loop by default, so every loop has a thread by the time the port answers, and
        // the Vert.x that read the configuration is closed (its threads carry the same names)
        assertThat(threadsNamed(service.pid(), "vert.x-eventloo")).isEqualTo(asked);
    }

    /** Linux's names of a process's threads ({@code /proc/PID/task/TID/comm}, at most 15 characters). */
    private static long threadsNamed(long pid, String prefix) throws IOException {
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.filter(task -> {
                        try {
                            return Files.readString(task.resolve("comm")).startsWith(prefix);
                        } catch (IOException gone) {
                            return false; // a thread that ended meanwhile
                        }
                    })
                    .count();
        }
    }

    @Test
    void aBadConfigurationValueStopsStartUpWithOneLineNamingTheKey() throws Exception {
        ServiceProcess.Finished failed =
                new ServiceProcess(dataDir, Map.of()).run(Map.of("WALLETPAY_HTTP_PORT", "not-a-port"));
        assertThat(failed.exitCode()).isEqualTo(2);
        assertThat(failed.output()).contains("configuration key 'http.port'");
    }

    @Test
    void aConfigurationFileThatCannotBeUsedStopsStartUpWithOneLineNamingIt() throws Exception {
        Path missing = dataDir.resolve("nowhere.json");
        ServiceProcess.Finished absent =
                new ServiceProcess(dataDir, Map.of()).run(Map.of("WALLETPAY_CONFIG", missing.toString()));
        assertThat(absent.exitCode()).isEqualTo(2);
        assertThat(absent.output().lines())
                .contains("walletpay: configuration file " + missing + " (WALLETPAY_CONFIG) does not exist");

        Path broken = Files.writeString(dataDir.resolve("broken.json"), "{ \"http\": { \"port\": 8080 }");
        ServiceProcess.Finished unreadable =
                new ServiceProcess(dataDir, Map.of()).run(Map.of("WALLETPAY_CONFIG", broken.toString()));
        assertThat(unreadable.exitCode()).isEqualTo(2);
        assertThat(unreadable.output().lines())
                .contains("walletpay: configuration file " + broken
                        + " (WALLETPAY_CONFIG) is not valid JSON: Unexpected end-of-input at line 1, column 27");
    }

    @Test
    void aClassDataArchiveWrittenAtAStopIsUsedByTheNextStart(@TempDir Path archiveDir) throws Exception {
        // the operator guide's faster restart: JDK_JAVA_OPTIONS as a systemd unit or a container would set it
        Path archive = archiveDir.resolve("walletpay.jsa");
        service = ServiceProcess.fromJar(dataDir, Map.of("JDK_JAVA_OPTIONS", "-XX:ArchiveClassesAtExit=" + archive))
                .start();
        service.awaitReady();
        assertThat(service.terminate()).isTrue();
        assertThat(service.exitValue()).isZero();
        assertThat(archive).as("written when the service stopped").isNotEmptyFile();

        // -Xshare:on refuses to start the JVM unless the archive maps and matches the jar
        Path classLog = archiveDir.resolve("classes.log");
        service = ServiceProcess.fromJar(
                        dataDir,
                        Map.of(
                                "JDK_JAVA_OPTIONS",
                                "-XX:SharedArchiveFile=" + archive + " -Xshare:on -Xlog:class+load=info:file="
                                        + classLog))
                .start();
        service.awaitReady();
        assertThat(service.terminate()).isTrue();
        assertThat(service.exitValue()).isZero();
        assertThat(Files.readAllLines(classLog))
                .as("the service's own classes came from the archive")
                .anyMatch(line -> line.contains("io.walletpay.Main ") && line.contains("shared objects file (top)"));
    }

    private String survivorNote() throws Exception {
        try (Connection db = service.database();
                Statement sql = db.createStatement()) {
            return scalar(sql, "SELECT note FROM survivor");
        }
    }

    private static String scalar(Statement sql, String query) throws Exception {
        try (ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
