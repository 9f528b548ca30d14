package io.walletpay.cluster;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Whether this JVM can cluster. Hazelcast and its two integrations ship in {@value #JAR}, beside the service's own
 * jar (whose manifest names it), so a single node does not carry them; a node with {@code cluster.enabled} needs
 * both files, and both from one build: an add-on of another build may hold other library versions, which would
 * fail later and deep inside the cluster.
 */
public final class ClusterAddOn {

    private static final String JAR = "walletpay-cluster.jar";

    /** The manifest attribute both jars of one build carry with the same value. */
    private static final String BUILD = "Walletpay-Build";

    /** One class of each library the add-on carries: Hazelcast first, Vert.x's cluster manager, bucket4j's grid. */
    private static final List<String> CLASSES = List.of(
            "com.hazelcast.core.Hazelcast",
            "io.vertx.spi.cluster.hazelcast.HazelcastClusterManager",
            "io.github.bucket4j.grid.hazelcast.Bucket4jHazelcast");

    private static final String KEY = "cluster.enabled (WALLETPAY_CLUSTER_ENABLED)";

    private ClusterAddOn() {}

    /** Why this JVM cannot join a cluster, in one line for the operator; empty when it can. */
    public static Optional<String> problem() {
        List<Class<?>> libraries = new ArrayList<>();
        try {
            for (String name : CLASSES) {
                libraries.add(Class.forName(name, false, ClusterAddOn.class.getClassLoader()));
            }
        } catch (ClassNotFoundException missing) {
            return Optional.of(KEY + " needs the cluster add-on: put " + JAR
                    + ", built with walletpay.jar, in the same directory as walletpay.jar");
        }
        Optional<String> service = build(ClusterAddOn.class);
        Optional<String> addOn = build(libraries.get(0));
        if (service.isPresent() && addOn.isPresent() && !service.equals(addOn)) {
            return Optional.of(KEY + ": " + JAR + " is from another build (" + addOn.get() + ") than walletpay.jar ("
                    + service.get() + "): put the two files of one build side by side");
        }
        return Optional.empty();
    }

    /** The build stamp of the jar {@code type} was loaded from; empty outside the built jars (tests, an IDE). */
    private static Optional<String> build(Class<?> type) {
        try {
            URL location = type.getProtectionDomain().getCodeSource().getLocation();
            Path jar = Path.of(location.toURI());
            if (!Files.isRegularFile(jar)) {
                return Optional.empty();
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                Manifest manifest = file.getManifest();
                return Optional.ofNullable(
                        manifest == null ? null : manifest.getMainAttributes().getValue(BUILD));
            }
        } catch (IOException | URISyntaxException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
