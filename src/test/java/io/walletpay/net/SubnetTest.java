package io.walletpay.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubnetTest {

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource({
        "172.16.0.0/12,   172.16.0.0,       true",
        "172.16.0.0/12,   172.31.255.255,   true",
        "172.16.0.0/12,   172.32.0.0,       false",
        "172.16.0.0/12,   172.15.255.255,   false",
        "100.64.0.0/10,   100.127.255.255,  true",
        "100.64.0.0/10,   100.128.0.0,      false",
        "0.0.0.0/0,       203.0.113.9,      true",
        "0.0.0.0/0,       ::1,              false",
        "8.8.8.8,         8.8.8.8,          true",
        "8.8.8.8,         8.8.8.9,          false",
        "fc00::/7,        fdff::1,          true",
        "fc00::/7,        fe00::,           false",
        "fe80::/10,       febf:ffff::,      true",
        "fe80::/10,       fec0::,           false",
        "::/0,            10.0.0.1,         false",
        "::1/128,         ::1,              true",
        "::1/128,         ::2,              false",
    })
    void containsExactlyTheAddressesUnderItsPrefix(String cidr, String address, boolean inside) {
        assertThat(Subnet.parse(cidr).contains(IpLiteral.parse(address))).isEqualTo(inside);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "10.0.0.1/8     | bits set after its /8",
                "10.0.0.0/33    | prefix length from 0 to 32",
                "fe80::/129     | prefix length from 0 to 128",
                "10.0.0.0/x     | prefix length",
                "10.0.0.0/0008  | prefix length",
                "10.0.0.0/8/8   | prefix length",
                "intranet/8     | not an IPv4 or IPv6 address literal",
            })
    void namesWhatIsWrongWithABadSubnet(String cidr, String problem) {
        assertThatThrownBy(() -> Subnet.parse(cidr))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem);
    }
}
