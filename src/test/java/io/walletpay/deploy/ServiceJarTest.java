package io.walletpay.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code mvn package} gives a deployer: {@code walletpay.jar}, which runs a single node on its own, and
 * {@code walletpay-cluster.jar}, which a clustered node needs beside it. Each test copies the jars to a directory
 * of its own, as a deployer would.
 */
@BehaviourTest
class ServiceJarTest {

    /** Small enough to copy around; PostgreSQL for Linux on x86-64 and arm64 takes 29 MB of it. */
    static final long MAX_JAR_BYTES = 50_000_000;

    @TempDir
    Path dir;

    ServiceProcess service;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
    }

    @Test
    void theServiceJarCarriesPostgreSQLForLinuxAndLeavesHazelcastToTheAddOn() throws Exception {
        Path jar = ChildProcess.builtJar("walletpay.jar");
        assertThat(Files.size(jar)).isLessThanOrEqualTo(MAX_JAR_BYTES);
        try (JarFile service = new JarFile(jar.toFile());
                JarFile addOn = new JarFile(
                        ChildProcess.builtJar("walletpay-cluster.jar").toFile())) {
            assertThat(service.getEntry("postgres-linux-x86_64.txz")).isNotNull();
            assertThat(service.getEntry("postgres-linux-arm_64.txz")).isNotNull();
            assertThat(service.getEntry("com/hazelcast/core/Hazelcast.class")).isNull();
            assertThat(service.getManifest().getMainAttributes().getValue("Class-Path"))
                    .isEqualTo("walletpay-cluster.jar");
            assertThat(addOn.getEntry("com/hazelcast/core/Hazelcast.class")).isNotNull();
            assertThat(addOn.getEntry("io/vertx/spi/cluster/hazelcast/HazelcastClusterManager.class"))
                    .isNotNull();
            assertThat(addOn.getEntry("io/walletpay/Main.class")).isNull();
        }
    }

    @Test
    void onItsOwnTheServiceJarRunsASingleNode() throws Exception {
        Path jar = deploy("walletpay.jar");
        service = ServiceProcess.fromJar(jar, dataDir(), Map.of()).start();
        service.awaitReady();
    }

    @Test
    void clusteringWithoutTheAddOnStopsStartUpSayingWhichFileIsMissing() throws Exception {
        Path jar = deploy("walletpay.jar");
        Process refused = ServiceProcess.fromJar(jar, dataDir(), Map.of())
                .builder(clustered())
                .redirectErrorStream(true)
                .start();
        String output = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(refused.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isEqualTo(2);
        assertThat(output)
                .contains("cluster.enabled (WALLETPAY_CLUSTER_ENABLED) needs the cluster add-on: put"
                        + " walletpay-cluster.jar");
    }

    @Test
    void withTheAddOnBesideItTheServiceJarJoinsItsCluster() throws Exception {
        Path jar = deploy("walletpay.jar");
        deploy("walletpay-cluster.jar");
        Path data = dataDir();
        service = ServiceProcess.fromJar(jar, data, clustered()).start();
        service.awaitReady();
        assertThat(Files.readString(data.resolve("service.log"))).contains("joined the cluster as all node");
    }

    /** A cluster of one: this node is its only member. */
    private static Map<String, String> clustered() {
        int port = TestConfig.freePort();
        return Map.of(
                "WALLETPAY_CLUSTER_ENABLED",
                "true",
                "WALLETPAY_CLUSTER_HOST",
                "127.0.0.1",
                "WALLETPAY_CLUSTER_PORT",
                Integer.toString(port),
                "WALLETPAY_CLUSTER_MEMBERS",
                "127.0.0.1:" + port);
    }

    private Path deploy(String name) throws Exception {
        Path app = Files.createDirectories(dir.resolve("app"));
        return Files.copy(ChildProcess.builtJar(name), app.resolve(name));
    }

    private Path dataDir() throws Exception {
        return Files.createDirectories(dir.resolve("data"));
    }
}
