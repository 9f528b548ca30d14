package io.walletpay.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.walletpay.http.CreateRateLimiter;
import io.walletpay.http.RateLimitedException;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The cluster-wide create rate limit when its Hazelcast is gone: the node's own bucket decides (same allowance,
 * same 429), so a cluster failure never turns creates into errors.
 */
@BehaviourTest
class CreateRateLimiterFallbackTest {

    @Test
    void withoutItsClusterTheNodesOwnBucketDecides() throws Exception {
        Config config = new Config().setClusterName("walletpay-fallback-" + UUID.randomUUID());
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.getNetworkConfig().setPort(TestConfig.freePort()).setPortAutoIncrement(false);
        config.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
        config.getNetworkConfig().getJoin().getAutoDetectionConfig().setEnabled(false);
        ClusterBuckets.configure(config);
        HazelcastInstance hazelcast = Hazelcast.newHazelcastInstance(config);
        int perSecond = 5;
        CreateRateLimiter limiter = new CreateRateLimiter(perSecond, ClusterBuckets.in(hazelcast));
        UUID merchant = UUID.randomUUID();
        assertThat(limiter.clusterWide()).isTrue();
        assertThat(acquire(limiter, merchant)).as("through the cluster").isNull();

        hazelcast.shutdown();
        List<Throwable> answers = new ArrayList<>();
        for (int i = 0; i < 3 * perSecond; i++) {
            answers.add(acquire(limiter, merchant));
        }

        assertThat(answers.subList(0, perSecond))
                .as("the node's own full bucket")
                .containsOnlyNulls();
        assertThat(answers.get(answers.size() - 1)).isInstanceOf(RateLimitedException.class);
        assertThat(answers).allMatch(f -> f == null || f instanceof RateLimitedException, "allowed or 429");
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private final Vertx vertx = Vertx.vertx();

    /** Acquires on an event loop, as the create route does: null when allowed, else the failure. */
    private Throwable acquire(CreateRateLimiter limiter, UUID merchant) throws Exception {
        Promise<Void> promise = Promise.promise();
        vertx.getOrCreateContext().runOnContext(v -> limiter.acquire(merchant).onComplete(promise));
        return promise.future()
                .toCompletionStage()
                .toCompletableFuture()
                .handle((ok, failure) -> failure)
                .get(30, TimeUnit.SECONDS);
    }
}
