package io.walletpay.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import io.walletpay.config.AppConfig;

/**
 * The Hazelcast member a clustered node runs on: on {@code cluster.host:cluster.port}, joining the static TCP members
 * (multicast off, so nodes never find strangers on the network), with the cluster-wide create buckets' map.
 */
public final class HazelcastMember {

    private HazelcastMember() {}

    /** Vert.x's cluster manager over a member configured for {@code cluster}; it starts when Vert.x joins. */
    public static ClusterManager clusterManager(AppConfig.Cluster cluster) {
        Config hazelcast = ConfigUtil.loadConfig();
        hazelcast.setClusterName("walletpay");
        hazelcast.setProperty("hazelcast.logging.type", "slf4j");
        hazelcast.setProperty("hazelcast.phone.home.enabled", "false");
        NetworkConfig network = hazelcast.getNetworkConfig();
        network.setPort(cluster.port()).setPortAutoIncrement(false).setPublicAddress(cluster.host());
        network.getInterfaces().setEnabled(false);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(cluster.members());
        hazelcast.setProperty("hazelcast.local.localAddress", cluster.host());
        ClusterBuckets.configure(hazelcast);
        return new HazelcastClusterManager(hazelcast);
    }
}
