package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

// Literal addresses only: InetAddress.getByName on a literal parses it and never asks DNS.
class TargetGuardTest {

    private static final TargetGuard PRODUCTION = new TargetGuard(false, List.of());
    private static final TargetGuard DEVELOPMENT = new TargetGuard(true, List.of());

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "0.0.0.0,           unspecified",
        "0.255.255.255,     unspecified",
        "10.0.0.0,          private-use",
        "10.255.255.255,    private-use",
        "100.64.0.0,        CGNAT",
        "100.127.255.255,   CGNAT",
        "127.0.0.1,         loopback",
        "127.255.255.255,   loopback",
        "169.254.0.0,       link-local",
        "169.254.169.254,   link-local",
        "169.254.255.255,   link-local",
        "172.16.0.0,        private-use",
        "172.31.255.255,    private-use",
        "192.0.0.0,         IETF protocol assignments",
        "192.0.0.255,       IETF protocol assignments",
        "192.0.2.1,         documentation",
        "192.168.0.0,       private-use",
        "192.168.255.255,   private-use",
        "198.18.0.0,        benchmarking",
        "198.19.255.255,    benchmarking",
        "198.51.100.7,      documentation",
        "203.0.113.9,       documentation",
        "224.0.0.1,         multicast",
        "239.255.255.255,   multicast",
        "240.0.0.0,         reserved",
        "255.255.255.254,   reserved",
        "255.255.255.255,   broadcast",
    })
    void blocksEverySpecialIpv4Range(String address, String kind) throws Exception {
        InetAddress target = InetAddress.getByName(address);

        assertThat(target).isInstanceOf(Inet4Address.class);
        assertThat(PRODUCTION.permits(target)).isFalse();
        assertThat(PRODUCTION.rejectionReason(target))
                .hasValueSatisfying(reason ->
                        assertThat(reason).startsWith(address + " is ").contains(kind));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "8.8.8.8",
                "1.1.1.1",
                "1.0.0.0",
                "9.255.255.255",
                "11.0.0.0",
                "100.63.255.255",
                "100.128.0.0",
                "126.255.255.255",
                "128.0.0.0",
                "169.253.255.255",
                "169.255.0.0",
                "172.15.255.255",
                "172.32.0.0",
                "192.0.1.0",
                "192.0.3.0",
                "192.167.255.255",
                "192.169.0.0",
                "198.17.255.255",
                "198.20.0.0",
                "198.51.99.255",
                "198.51.101.0",
                "203.0.112.255",
                "203.0.114.0",
                "223.255.255.255"
            })
    void permitsPublicIpv4IncludingTheNeighboursOfEveryRange(String address) throws Exception {
        InetAddress target = InetAddress.getByName(address);

        assertThat(PRODUCTION.rejectionReason(target)).isEmpty();
        assertThat(PRODUCTION.permits(target)).isTrue();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "::,                                        unspecified",
        "::1,                                       loopback",
        "fc00::,                                    unique local",
        "fd12:3456:789a::1,                         unique local",
        "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,   unique local",
        "fe80::1,                                   link-local",
        "febf:ffff::1,                              link-local",
        "fec0::1,                                   site-local",
        "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,   site-local",
        "ff00::,                                    multicast",
        "ff02::1,                                   multicast",
        "2001:db8::1,                               documentation",
        "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,    documentation",
        "3fff::1,                                   documentation",
        "2001:2::1,                                 benchmarking",
        "100::,                                     discard-only",
        "100::ffff:ffff:ffff:ffff,                  discard-only",
        "64:ff9b:1::a00:1,                          local-use NAT64",
        "64:ff9b:1:ffff::808:808,                   local-use NAT64",
        "4000::1,                                   outside global unicast",
        "100:0:0:1::1,                              outside global unicast",
        "1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,   outside global unicast",
    })
    void blocksEverySpecialIpv6Range(String address, String kind) throws Exception {
        InetAddress target = InetAddress.getByName(address);

        assertThat(target).isInstanceOf(Inet6Address.class);
        assertThat(PRODUCTION.permits(target)).isFalse();
        assertThat(PRODUCTION.rejectionReason(target))
                .hasValueSatisfying(reason -> assertThat(reason).contains(kind));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2606:4700:4700::1111",
                "2001:4860:4860::8888",
                "2a00:1450:4001:80b::200e",
                "2001:db7:ffff:ffff:ffff:ffff:ffff:ffff",
                "2001:db9::1",
                "2001:3::1",
                "3ffe:ffff::1",
                "3fff:1000::1"
            })
    void permitsPublicIpv6(String address) throws Exception {
        assertThat(PRODUCTION.rejectionReason(InetAddress.getByName(address))).isEmpty();
    }

    @ParameterizedTest(name = "{0} carries {1}")
    @CsvSource({
        // IPv4-mapped, kept as sixteen raw bytes (getByName would unwrap it)
        "::ffff:127.0.0.1,                          127.0.0.1",
        "::ffff:10.1.2.3,                           10.1.2.3",
        "::ffff:169.254.169.254,                    169.254.169.254",
        "::ffff:0.0.0.0,                            0.0.0.0",
        // IPv4-compatible (deprecated)
        "::127.0.0.1,                               127.0.0.1",
        "::192.168.1.1,                             192.168.1.1",
        // 6to4: the IPv4 address is bits 16..48
        "2002:7f00:1::,                             127.0.0.1",
        "2002:a00:1::1,                             10.0.0.1",
        "2002:c0a8:101:1::1,                        192.168.1.1",
        "2002:a9fe:a9fe::,                          169.254.169.254",
        // NAT64 well-known prefix
        "64:ff9b::7f00:1,                           127.0.0.1",
        "64:ff9b::10.0.0.1,                         10.0.0.1",
        "64:ff9b::a9fe:a9fe,                        169.254.169.254",
        // Teredo: the client's address is the last 32 bits inverted
        "2001:0:4136:e378:8000:63bf:80ff:fffe,      127.0.0.1",
        "2001:0:4136:e378:8000:63bf:f5ff:fffe,      10.0.0.1",
        "2001:0:4136:e378:8000:63bf:3f57:fefd,      192.168.1.2",
    })
    void blocksPrivateAndLoopbackIpv4CarriedInsideIpv6(String address, String carried) throws Exception {
        InetAddress target = raw16(address);

        assertThat(target).isInstanceOf(Inet6Address.class);
        assertThat(PRODUCTION.rejectionReason(target))
                .hasValueSatisfying(reason -> assertThat(reason).contains("carries IPv4 " + carried + ","));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "::ffff:8.8.8.8",
                "::ffff:1.1.1.1",
                "::8.8.8.8",
                "2002:808:808::1",
                "64:ff9b::8.8.8.8",
                "2001:0:4136:e378:8000:63bf:f7f7:f7f7"
            })
    void permitsPublicIpv4CarriedInsideIpv6(String address) throws Exception {
        assertThat(PRODUCTION.rejectionReason(raw16(address))).isEmpty();
    }

    @Test
    void judgesTheIpv4AddressWhenJavaHasAlreadyUnwrappedAMappedOne() throws Exception {
        assertThat(InetAddress.getByName("::ffff:127.0.0.1")).isInstanceOf(Inet4Address.class);
        assertThat(PRODUCTION.permits(InetAddress.getByName("::ffff:127.0.0.1")))
                .isFalse();
        assertThat(PRODUCTION.permits(InetAddress.getByName("::ffff:8.8.8.8"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "2002:7f00:1::"})
    void developmentModePermitsThisMachinesLoopback(String address) throws Exception {
        assertThat(DEVELOPMENT.rejectionReason(raw16OrV4(address))).isEmpty();
        assertThat(PRODUCTION.permits(raw16OrV4(address))).isFalse();
    }

    /** A developer's webhook test must not reach the cloud's metadata service or the office network. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "10.0.0.1",
                "172.20.0.5",
                "192.168.1.1",
                "100.64.0.1",
                "169.254.169.254",
                "fd00::1",
                "fe80::1",
                "::ffff:169.254.169.254",
                "240.0.0.1"
            })
    void developmentModeRefusesPrivateLinkLocalAndMetadataTargets(String address) throws Exception {
        assertThat(DEVELOPMENT.rejectionReason(raw16OrV4(address))).isPresent();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "0.1.2.3",
                "::",
                "224.0.0.1",
                "239.1.2.3",
                "255.255.255.255",
                "ff02::1",
                "ff05::1:3",
                "::ffff:0.0.0.0",
                "::ffff:224.0.0.251",
                "2002:e000:1::"
            })
    void nothingPermitsUnspecifiedMulticastOrBroadcastAddresses(String address) throws Exception {
        TargetGuard everything = new TargetGuard(true, List.of("0.0.0.0/0", "::/0"));
        InetAddress target = raw16OrV4(address);

        assertThat(DEVELOPMENT.permits(target)).isFalse();
        assertThat(everything.permits(target)).isFalse();
    }

    @Test
    void permitsAddressesInsideAllowListedSubnetsOnly() throws Exception {
        TargetGuard guard = new TargetGuard(false, List.of("127.0.0.0/8", "10.20.0.0/16", "fd00:1::/32"));

        assertThat(guard.permits(InetAddress.getByName("127.0.0.1"))).isTrue();
        assertThat(guard.permits(InetAddress.getByName("10.20.255.1"))).isTrue();
        assertThat(guard.permits(InetAddress.getByName("fd00:1:2::3"))).isTrue();
        assertThat(guard.permits(raw16("::ffff:127.0.0.1"))).isTrue();
        assertThat(guard.permits(InetAddress.getByName("10.21.0.1"))).isFalse();
        assertThat(guard.permits(InetAddress.getByName("192.168.1.1"))).isFalse();
        assertThat(guard.permits(InetAddress.getByName("fd00:2::1"))).isFalse();
        assertThat(guard.permits(InetAddress.getByName("::1"))).isFalse();
        assertThat(guard.permits(InetAddress.getByName("8.8.8.8"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "10.0.0.0/33",
                "10.0.0.1/8",
                "10.0.0/8",
                "localhost/8",
                "example.com",
                "::1/129",
                "1:::2/64",
                "10.0.0.0/",
                "10.0.0.0/-1",
                ""
            })
    void refusesAnAllowListEntryThatIsNotACidrLiteral(String cidr) {
        assertThatThrownBy(() -> new TargetGuard(false, List.of(cidr))).isInstanceOf(IllegalArgumentException.class);
    }

    private static InetAddress raw16OrV4(String literal) throws UnknownHostException {
        return literal.indexOf(':') >= 0 ? raw16(literal) : InetAddress.getByName(literal);
    }

    // Keeps an IPv6 literal as sixteen bytes even when it is IPv4-mapped, as a resolver may hand it to us.
    private static InetAddress raw16(String literal) throws UnknownHostException {
        byte[] bytes = InetAddress.getByName(literal).getAddress();
        if (bytes.length == 4) {
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xff;
            mapped[11] = (byte) 0xff;
            System.arraycopy(bytes, 0, mapped, 12, 4);
            bytes = mapped;
        }
        return Inet6Address.getByAddress(null, bytes, null);
    }
}
