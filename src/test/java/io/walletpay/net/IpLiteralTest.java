package io.walletpay.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IpLiteralTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "255.255.255.255",
                "10.0.0.1",
                "::",
                "::1",
                "1::",
                "fe80::1:2",
                "2001:db8:0:0:0:0:0:1",
                "2001:DB8::A:b",
                "::ffff:10.0.0.1",
                "64:ff9b::192.0.2.33",
                "1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6:7::",
                "::2:3:4:5:6:7:8",
                "1:2:3:4:5:6:1.2.3.4"
            })
    void readsTheSameBytesAsTheJdkForUnambiguousLiterals(String literal) throws Exception {
        assertThat(IpLiteral.parse(literal)).isEqualTo(sixteenIfIpv6(literal, InetAddress.getByName(literal)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "10",
                "10.1",
                "10.0.1",
                "010.0.0.1",
                "1.2.3.256",
                "1.2.3.4.5",
                "1.2.3.-4",
                "1..3.4",
                "localhost",
                "example.com",
                ":",
                ":::",
                "1:::2",
                "1::2::3",
                "1:2:3:4:5:6:7:8:9",
                "1:2:3:4:5:6:7",
                "::1:2:3:4:5:6:7:8",
                "12345::",
                "g::1",
                ":1::",
                "1::2:",
                "::1.2.3",
                "1.2.3.4::",
                "fe80::1%eth0",
                "[::1]",
                " 10.0.0.1",
                "١.١.١.١"
            })
    void refusesAnythingElseWithoutAskingDns(String text) {
        assertThatThrownBy(() -> IpLiteral.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property
    void readsEveryIpv6AddressAsTheJdkPrintsIt(@ForAll @Size(16) byte[] bytes) throws Exception {
        String printed = Inet6Address.getByAddress(null, bytes, null).getHostAddress();

        assertThat(IpLiteral.parse(printed)).isEqualTo(bytes);
    }

    @Property
    void readsEveryIpv4AddressAsTheJdkPrintsIt(@ForAll @Size(4) byte[] bytes) throws Exception {
        assertThat(IpLiteral.parse(InetAddress.getByAddress(bytes).getHostAddress()))
                .isEqualTo(bytes);
    }

    // The JDK hands back IPv4-mapped literals as four bytes; the parser keeps all sixteen.
    private static byte[] sixteenIfIpv6(String literal, InetAddress parsed) {
        byte[] bytes = parsed.getAddress();
        if (literal.indexOf(':') < 0 || !(parsed instanceof Inet4Address)) {
            return bytes;
        }
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        System.arraycopy(bytes, 0, mapped, 12, 4);
        return mapped;
    }
}
