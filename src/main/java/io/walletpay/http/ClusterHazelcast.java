package io.walletpay.http;

import com.hazelcast.core.HazelcastInstance;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.util.Optional;

/**
 * The Hazelcast member a clustered node runs on, so node-wide state (the create buckets) can live in the cluster.
 * Vert.x 5 has no public accessor for a running instance's cluster manager, so this class is the one place that
 * asks its internal API ({@code VertxInternal}).
 */
final class ClusterHazelcast {

    private ClusterHazelcast() {}

    static Optional<HazelcastInstance> of(Vertx vertx) {
        if (vertx.isClustered()
                && ((VertxInternal) vertx).clusterManager() instanceof HazelcastClusterManager manager) {
            return Optional.of(manager.getHazelcastInstance());
        }
        return Optional.empty();
    }
}
