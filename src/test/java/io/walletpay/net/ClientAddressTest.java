package io.walletpay.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whose address a request is: the peer's, or behind trusted proxies the one they say they received it from. */
class ClientAddressTest {

    private final ClientAddress behindProxies = new ClientAddress(List.of("10.0.0.0/8", "192.0.2.1"));

    @Test
    void withoutTrustedProxiesThePeerIsTheClientWhateverItClaims() {
        ClientAddress direct = new ClientAddress(List.of());
        assertThat(direct.trustsAnyProxy()).isFalse();
        assertThat(direct.resolve("203.0.113.9", List.of("198.51.100.1"))).isEqualTo("203.0.113.9");
    }

    @Test
    void aPeerThatIsNoTrustedProxyIsTheClientEvenWithAHeader() {
        assertThat(behindProxies.resolve("203.0.113.9", List.of("198.51.100.1")))
                .isEqualTo("203.0.113.9");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // what the proxy appended is the client
                "198.51.100.7                            | 198.51.100.7",
                // whatever the client put before it is its own claim, and ignored
                "6.6.6.6, 198.51.100.7                   | 198.51.100.7",
                "not-an-address, 198.51.100.7            | 198.51.100.7",
                // a chain of our proxies is walked through to the first address that is none of them
                "198.51.100.7, 192.0.2.1, 10.1.2.3       | 198.51.100.7",
                "198.51.100.7:4711                       | 198.51.100.7",
                "[2001:db8::7]:4711                      | 2001:db8:0:0:0:0:0:7",
                "::ffff:198.51.100.7                     | 198.51.100.7",
                // an entry our proxy cannot have written: all we know is that proxy
                "198.51.100.7, garbage                   | 10.9.9.9",
                "10.1.1.1                                | 10.1.1.1"
            })
    void behindATrustedProxyTheClientIsTheNearestAddressThatIsNotOne(String header, String client) {
        assertThat(behindProxies.resolve("10.9.9.9", List.of(header))).isEqualTo(client);
    }

    @Test
    void severalHeadersAreOneListInTheirOrder() {
        assertThat(behindProxies.resolve("10.9.9.9", List.of("6.6.6.6", "198.51.100.7, 10.1.2.3")))
                .isEqualTo("198.51.100.7");
        assertThat(behindProxies.resolve("10.9.9.9", List.of())).isEqualTo("10.9.9.9");
    }

    @Test
    void aTrustedProxyThatIsNoAddressOrBlockIsRefused() {
        assertThatThrownBy(() -> new ClientAddress(List.of("proxy.internal")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ClientAddress(List.of("10.0.0.1/8"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ClientAddress(List.of("::ffff:172.28.0.10")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("as an IPv4 address");
        // the shipped Kubernetes value, which a start refuses until it is replaced
        assertThatThrownBy(() -> new ClientAddress(List.of("REPLACE-with-the-ingress-controller-pods-CIDR")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
