package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.support.TestConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScaleOutConfigTest {

    @Test
    void oneNodeRunningEverythingUnclusteredIsTheDefault() {
        AppConfig config = TestConfig.with(Map.of());

        assertThat(config.role()).isEqualTo(AppConfig.Role.ALL);
        assertThat(config.cluster().enabled()).isFalse();
        assertThat(config.cluster().members()).isEmpty();
    }

    @Test
    void clusterAndRoleComeFromTheirEnvironmentVariables() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_ROLE", "worker",
                "WALLETPAY_CLUSTER_ENABLED", "true",
                "WALLETPAY_CLUSTER_MEMBERS", "10.0.0.1:5701, 10.0.0.2:5701",
                "WALLETPAY_CLUSTER_HOST", "10.0.0.1",
                "WALLETPAY_CLUSTER_PORT", "5801"));

        assertThat(config.role()).isEqualTo(AppConfig.Role.WORKER);
        assertThat(config.role().servesHttp()).isFalse();
        assertThat(config.role().deliversWebhooks()).isTrue();
        assertThat(config.cluster())
                .isEqualTo(new AppConfig.Cluster(true, List.of("10.0.0.1:5701", "10.0.0.2:5701"), "10.0.0.1", 5801, 5));
        assertThat(AppConfig.Role.API.servesHttp()).isTrue();
        assertThat(AppConfig.Role.API.deliversWebhooks()).isFalse();
    }

    @Test
    void theMerchantCacheLifeIsASettingWithABoundedRange() {
        assertThat(TestConfig.with(Map.of()).cluster().merchantCacheSeconds()).isEqualTo(5);
        assertThat(TestConfig.with(Map.of("WALLETPAY_CLUSTER_MERCHANT_CACHE_SECONDS", "0"))
                        .cluster()
                        .merchantCacheSeconds())
                .isZero();
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_CLUSTER_MERCHANT_CACHE_SECONDS", "-1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster.merchant_cache_seconds");
    }

    @Test
    void aClusterWithoutMembersOrWithMalformedOnesIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_CLUSTER_ENABLED", "true")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster.members");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_CLUSTER_MEMBERS", "node-a")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster.members");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_ROLE", "both")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("role");
    }
}
