package io.walletpay.cluster;

import java.util.List;

/**
 * Whether this JVM can cluster. Hazelcast and its two integrations ship in {@value #JAR}, beside the service's own
 * jar (whose manifest names it), so a single node does not carry them; a node with {@code cluster.enabled} needs
 * both files.
 */
public final class ClusterAddOn {

    public static final String JAR = "walletpay-cluster.jar";

    /** One class of each library the add-on carries: Hazelcast, Vert.x's cluster manager, bucket4j's grid. */
    private static final List<String> CLASSES = List.of(
            "com.hazelcast.core.Hazelcast",
            "io.vertx.spi.cluster.hazelcast.HazelcastClusterManager",
            "io.github.bucket4j.grid.hazelcast.Bucket4jHazelcast");

    private ClusterAddOn() {}

    public static boolean present() {
        ClassLoader loader = ClusterAddOn.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException missing) {
                return false;
            }
        }
        return true;
    }
}
