package io.walletpay.login;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.config.AppConfig;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private final LoginThrottle throttle = new LoginThrottle(new AppConfig.Logins(5, 3, 3600));

    @Test
    void anUntouchedAddressStatesTheFullAddressLimit() {
        assertThat(throttle.quota("10.0.0.1", null)).isEqualTo(new LoginThrottle.Quota(5, 5, 0));
    }

    @Test
    void theTighterOfTheAddressAndTheNamedAccountSpeaks() {
        assertThat(throttle.quota("10.0.0.1", "shop")).isEqualTo(new LoginThrottle.Quota(3, 3, 0));
        throttle.failed("10.0.0.1", "shop");
        LoginThrottle.Quota account = throttle.quota("10.0.0.1", "shop");
        assertThat(account.limit()).isEqualTo(3);
        assertThat(account.remaining()).isEqualTo(2);
        assertThat(account.resetSeconds()).isBetween(1L, 1200L);
        assertThat(throttle.quota("10.0.0.1", null).remaining()).isEqualTo(4);
        assertThat(throttle.quota("10.0.0.2", "shop"))
                .as("another address is untouched")
                .isEqualTo(new LoginThrottle.Quota(3, 3, 0));
    }

    @Test
    void readingTheQuotaTakesNothing() {
        for (int i = 0; i < 10; i++) {
            throttle.quota("10.0.0.3", "shop");
        }
        assertThat(throttle.blocked("10.0.0.3", "shop")).isEmpty();
        assertThat(throttle.quota("10.0.0.3", "shop").remaining()).isEqualTo(3);
    }
}
