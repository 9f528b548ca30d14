package io.walletpay.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
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

    /**
     * The size the service's jar is held to, so that it stays quick to copy to a server; PostgreSQL for Linux on
     * x86-64 and arm64 takes 29 MB of it. A dependency that pushes it over must be weighed, not waved through.
     */
    static final long MAX_JAR_BYTES = 50_000_000;

    /** What only the cluster add-on carries: Hazelcast, Vert.x's cluster manager, bucket4j's Hazelcast grid. */
    static final List<String> ADD_ON_PACKAGES =
            List.of("com/hazelcast/", "io/vertx/spi/cluster/hazelcast/", "io/github/bucket4j/grid/hazelcast/");

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
            assertThat(entries(service))
                    .noneMatch(name -> ADD_ON_PACKAGES.stream().anyMatch(name::startsWith));
            assertThat(entries(service))
                    .as("/metrics speaks the text format: no protobuf library")
                    .noneMatch(name -> name.startsWith("io/prometheus/metrics/expositionformats/generated/"));
            assertThat(service.getManifest().getMainAttributes().getValue("Class-Path"))
                    .isEqualTo("walletpay-cluster.jar");
            for (String packagePath : ADD_ON_PACKAGES) {
                assertThat(entries(addOn)).anyMatch(name -> name.startsWith(packagePath));
            }
            assertThat(entries(addOn)).noneMatch(name -> name.startsWith("io/walletpay/"));
            assertThat(addOn.getManifest().getMainAttributes().getValue("Walletpay-Build"))
                    .isNotBlank()
                    .isEqualTo(service.getManifest().getMainAttributes().getValue("Walletpay-Build"));
        }
    }

    /**
     * The shade filters keep only the classes of a library the service reaches; the portal's sign-in (password hash,
     * authenticator codes and their Base32 secret, the enrolment QR) runs from the jar alone, nothing from the build.
     */
    @Test
    void thePortalSignInCryptographyRunsFromTheJarAlone() throws Exception {
        Path jar = ChildProcess.builtJar("walletpay.jar");
        try (var loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> totp = loader.loadClass("io.walletpay.people.Totp");
            byte[] secret = (byte[]) totp.getMethod("newSecret").invoke(null);
            String text = (String) totp.getMethod("base32", byte[].class).invoke(null, secret);
            assertThat((byte[]) totp.getMethod("secretFromBase32", String.class).invoke(null, text))
                    .isEqualTo(secret);
            Instant now = Instant.now();
            String code = (String)
                    totp.getMethod("codeAt", byte[].class, Instant.class).invoke(null, secret, now);
            assertThat((OptionalLong) totp.getMethod("verify", byte[].class, String.class, Instant.class, long.class)
                            .invoke(null, secret, code, now, -1L))
                    .isPresent();
            String uri = (String) totp.getMethod("otpauthUri", String.class, String.class, byte[].class)
                    .invoke(null, "Boutik Ti Mari", "mari@example.ht", secret);
            assertThat((String) loader.loadClass("io.walletpay.people.QrSvg")
                            .getMethod("of", String.class, String.class)
                            .invoke(null, uri, "QR"))
                    .contains("<path");
            Class<?> password = loader.loadClass("io.walletpay.people.PasswordHash");
            String stored = (String) password.getMethod("hash", String.class).invoke(null, "Bonjou Ti Mari 2026");
            assertThat((Boolean) password.getMethod("matches", String.class, String.class)
                            .invoke(null, "Bonjou Ti Mari 2026", stored))
                    .isTrue();
            Class<?> recovery = loader.loadClass("io.walletpay.people.RecoveryCodes");
            assertThat((List<?>) recovery.getMethod("newCodes").invoke(null)).hasSize(10);
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

        assertThat(refusal(jar))
                .contains("cluster.enabled (WALLETPAY_CLUSTER_ENABLED) needs the cluster add-on: put"
                        + " walletpay-cluster.jar");
    }

    @Test
    void anAddOnOfAnotherBuildStopsStartUp() throws Exception {
        Path jar = deploy("walletpay.jar");
        Path addOn = jar.resolveSibling("walletpay-cluster.jar");
        try (JarInputStream built =
                new JarInputStream(Files.newInputStream(ChildProcess.builtJar("walletpay-cluster.jar")))) {
            Manifest manifest = built.getManifest();
            manifest.getMainAttributes().putValue("Walletpay-Build", "an earlier build");
            try (JarOutputStream copy = new JarOutputStream(Files.newOutputStream(addOn), manifest)) {
                for (JarEntry entry = built.getNextJarEntry(); entry != null; entry = built.getNextJarEntry()) {
                    copy.putNextEntry(new JarEntry(entry.getName()));
                    built.transferTo(copy);
                    copy.closeEntry();
                }
            }
        }

        assertThat(refusal(jar))
                .contains("walletpay-cluster.jar is from another build (an earlier build) than walletpay.jar")
                .contains("put the two files of one build side by side");
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

    /** The output of a clustered start of {@code jar} that must refuse: exit code 2. */
    private String refusal(Path jar) throws Exception {
        ServiceProcess.Finished refused =
                ServiceProcess.fromJar(jar, dataDir(), clustered()).run(Map.of());
        assertThat(refused.exitCode()).as(refused.output()).isEqualTo(2);
        return refused.output();
    }

    private static List<String> entries(JarFile jar) {
        return jar.stream().map(JarEntry::getName).toList();
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
