package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadTestOptionsTest {

    private static final String TARGET = "http://127.0.0.1:8080";

    @Test
    void verifiesWebhooksByDefaultWhenPaying() {
        LoadTestOptions options =
                LoadTestOptions.parse("--target", TARGET, "--admin-token", "t", "--rate=100", "--pay");

        assertThat(options.verifyWebhooks()).isTrue();
        assertThat(options.mode()).isEqualTo("rate");
        assertThat(options.merchants()).isEqualTo(4);
        assertThat(options.connections()).isEqualTo(64);
        assertThat(options.durationSeconds()).isEqualTo(30);
        assertThat(options.warmupSeconds()).isEqualTo(5);
        assertThat(options.webhookHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void leavesHalfTheProcessorsToTheServiceByDefault() {
        assertThat(LoadTestOptions.defaultEventLoops(false, 2)).isEqualTo(1);
        assertThat(LoadTestOptions.defaultEventLoops(false, 1)).isEqualTo(1);
        assertThat(LoadTestOptions.defaultEventLoops(false, 8)).isEqualTo(4);
        assertThat(LoadTestOptions.defaultEventLoops(true, 2)).isEqualTo(2);
        int processors = Runtime.getRuntime().availableProcessors();
        assertThat(LoadTestOptions.parse("--target", TARGET, "--admin-token", "t", "--rate=100")
                        .eventLoops())
                .isEqualTo(Math.max(1, processors / 2));
        assertThat(LoadTestOptions.parse("--ceiling-server").eventLoops()).isEqualTo(processors);
        assertThat(LoadTestOptions.parse("--target", TARGET, "--admin-token", "t", "--rate=100", "--event-loops", "3")
                        .eventLoops())
                .isEqualTo(3);
    }

    @Test
    void spreadsOverSeveralNodesOfOneBasePath() {
        LoadTestOptions options = LoadTestOptions.parse(
                "--target", "http://127.0.0.1:8081, http://127.0.0.1:8082", "--admin-token", "t", "--rate=10");
        assertThat(options.targetUris()).extracting(java.net.URI::getPort).containsExactly(8081, 8082);
        assertThat(options.targetUri().getPort()).isEqualTo(8081);
        assertThatThrownBy(() -> LoadTestOptions.parse(
                        "--target", "http://a:1/x,http://b:2/y", "--admin-token", "t", "--rate=10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one base path");
        assertThatThrownBy(() ->
                        LoadTestOptions.parse("--target", "http://a:1,ftp://b:2", "--admin-token", "t", "--rate=10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http(s) URL");
    }

    @Test
    void refusesBothRateAndConcurrency() {
        assertThatThrownBy(() -> LoadTestOptions.parse(
                        "--target", TARGET, "--admin-token", "t", "--rate", "10", "--concurrency", "4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exactly one of --rate");
    }

    @Test
    void refusesToVerifyAnExistingMerchantsWebhooksWithoutItsSecret() {
        assertThatThrownBy(() -> LoadTestOptions.parse(
                        "--target", TARGET, "--merchant-id", "m", "--secret-key", "k", "--rate", "10", "--pay"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--webhook-secret");
    }

    @Test
    void refusesPayingWithoutCredentials() {
        assertThatThrownBy(() -> LoadTestOptions.parse("--target", TARGET, "--no-auth", "--concurrency", "4", "--pay"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--no-auth");
    }

    @Test
    void keepsSecretsOutOfItsDescription() {
        LoadTestOptions options = LoadTestOptions.parse(
                "--target",
                TARGET,
                "--merchant-id",
                "m-1",
                "--secret-key",
                "sk_very_secret",
                "--webhook-secret",
                "whsec_very_secret",
                "--rate",
                "10",
                "--pay");

        assertThat(options.toString()).doesNotContain("sk_very_secret").doesNotContain("whsec_very_secret");
    }
}
