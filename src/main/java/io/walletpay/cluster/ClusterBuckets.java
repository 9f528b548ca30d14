package io.walletpay.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.grid.hazelcast.Bucket4jHazelcast;
import io.github.bucket4j.grid.hazelcast.HazelcastProxyManager;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.time.Duration;
import java.util.Optional;

/**
 * Token buckets shared by every member of the cluster: a Hazelcast map that bucket4j's Hazelcast integration
 * updates with an entry processor on the key's owner. The create route's limit keeps its per-merchant buckets here
 * on a clustered node.
 */
public final class ClusterBuckets {

    /** The Hazelcast map of the buckets. */
    private static final String MAP = "walletpay-create-rate";
    /** First Hazelcast serializer type id of bucket4j's entry processors (five ids from it). */
    private static final int SERIALIZER_TYPE_ID_BASE = 7_100;

    private ClusterBuckets() {}

    /**
     * What a Hazelcast member needs before it starts so the buckets can live in it: bucket4j's serializers (its
     * entry processors travel between members) and a map without synchronous backups (a lost bucket only
     * refills, so no create waits for a backup).
     */
    public static void configure(Config hazelcast) {
        HazelcastProxyManager.addCustomSerializers(hazelcast.getSerializationConfig(), SERIALIZER_TYPE_ID_BASE);
        hazelcast.addMapConfig(new MapConfig(MAP).setBackupCount(0).setAsyncBackupCount(1));
    }

    /**
     * The buckets of the cluster {@code vertx} runs in, when it is clustered over Hazelcast (a single node has no
     * cluster manager). Vert.x 5 has no public accessor for a running instance's cluster manager, so this is the
     * one place that asks its internal API.
     */
    public static Optional<AsyncProxyManager<String>> of(Vertx vertx) {
        if (((VertxInternal) vertx).clusterManager() instanceof HazelcastClusterManager manager) {
            return Optional.of(in(manager.getHazelcastInstance()));
        }
        return Optional.empty();
    }

    /** The buckets in {@code hazelcast}'s map {@link #MAP}. */
    public static AsyncProxyManager<String> in(HazelcastInstance hazelcast) {
        IMap<String, byte[]> map = hazelcast.getMap(MAP);
        return Bucket4jHazelcast.entryProcessorBasedBuilder(map)
                // an idle merchant's bucket is full again after a second: keep it no longer than that
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                .build()
                .asAsync();
    }
}
