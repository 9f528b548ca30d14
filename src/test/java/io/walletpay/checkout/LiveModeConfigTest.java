package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.config.AppConfig;
import io.walletpay.config.ConfigException;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.support.TestConfig;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code provider.*} in live mode: what start-up accepts, and the key it names when it refuses. */
class LiveModeConfigTest {

    static Map<String, String> live() {
        Map<String, String> env = new HashMap<>();
        env.put("WALLETPAY_PROVIDER_MODE", "live");
        env.put("WALLETPAY_PROVIDER_API_BASE_URL", "https://wallet.example/Api/");
        env.put("WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "https://wallet.example/Moncash-middleware");
        env.put("WALLETPAY_PROVIDER_CLIENT_ID", "client");
        env.put("WALLETPAY_PROVIDER_CLIENT_SECRET", "very-secret");
        env.put("WALLETPAY_PROVIDER_REQUEST_TIMEOUT_MS", "7000");
        return env;
    }

    @Test
    void aCompleteLiveConfigurationBecomesTheAdaptersSettings() {
        AppConfig config = TestConfig.with(live());

        LiveProviderSettings settings = LiveProviderSettings.from(config.provider());

        assertThat(settings.apiBaseUrl()).isEqualTo("https://wallet.example/Api");
        assertThat(settings.requestTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(settings.toString()).doesNotContain("very-secret");
    }

    @Test
    void aMissingSecretOrAnUnusableUrlStopsStartUpNamingTheKey() {
        Map<String, String> noSecret = live();
        noSecret.remove("WALLETPAY_PROVIDER_CLIENT_SECRET");
        Map<String, String> badGateway = live();
        badGateway.put("WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "ftp://wallet.example/pay");

        assertThatThrownBy(() -> TestConfig.with(noSecret))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.client_secret");
        assertThatThrownBy(() -> TestConfig.with(badGateway))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.gateway_base_url");
    }

    @Test
    void moncashsPathsAreTheDefaultsAndEachCanBeMovedWithTheAccountsCap() {
        assertThat(LiveProviderSettings.from(TestConfig.with(live()).provider()).paths())
                .isEqualTo(LiveProviderSettings.Paths.MONCASH);
        assertThat(LiveProviderSettings.from(TestConfig.with(live()).provider()).maxAmount())
                .isNull();
        Map<String, String> moved = live();
        moved.put("WALLETPAY_PROVIDER_TOKEN_PATH", "/v2/oauth/token");
        moved.put("WALLETPAY_PROVIDER_CREATE_PAYMENT_PATH", "/v2/CreatePayment");
        moved.put("WALLETPAY_PROVIDER_RETRIEVE_TRANSACTION_PATH", "/v2/RetrieveTransactionPayment");
        moved.put("WALLETPAY_PROVIDER_RETRIEVE_ORDER_PATH", "/v2/RetrieveOrderPayment");
        moved.put("WALLETPAY_PROVIDER_REDIRECT_PATH", "/Checkout/Redirect");
        moved.put("WALLETPAY_PROVIDER_MAX_AMOUNT", "75000");

        LiveProviderSettings settings =
                LiveProviderSettings.from(TestConfig.with(moved).provider());

        assertThat(settings.paths())
                .isEqualTo(new LiveProviderSettings.Paths(
                        "/v2/oauth/token",
                        "/v2/CreatePayment",
                        "/v2/RetrieveTransactionPayment",
                        "/v2/RetrieveOrderPayment",
                        "/Checkout/Redirect"));
        assertThat(settings.maxAmount()).isEqualByComparingTo("75000.00");
    }

    @Test
    void aPathOrCapThatCannotWorkStopsStartUpNamingTheKey() {
        Map<String, String> relative = live();
        relative.put("WALLETPAY_PROVIDER_CREATE_PAYMENT_PATH", "v1/CreatePayment");
        Map<String, String> withQuery = live();
        withQuery.put("WALLETPAY_PROVIDER_REDIRECT_PATH", "/Payment/Redirect?x=1");
        Map<String, String> negativeCap = live();
        negativeCap.put("WALLETPAY_PROVIDER_MAX_AMOUNT", "-5");

        assertThatThrownBy(() -> TestConfig.with(relative))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.create_payment_path");
        assertThatThrownBy(() -> TestConfig.with(withQuery))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.redirect_path");
        assertThatThrownBy(() -> TestConfig.with(negativeCap))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.max_amount");
    }
}
