package io.walletpay.webhook;

import io.walletpay.net.Subnet;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Whether a webhook may connect to an already-resolved address. Merchants choose the URL, so without this they
 * could make us POST into our own network or a cloud metadata service. Judge the address the socket will use,
 * never the host name: DNS can answer differently the second time.
 */
public final class TargetGuard {

    private enum Kind {
        /** This machine: refused unless development mode or the allow-list permits it. */
        LOOPBACK,
        /** Private or special-purpose: refused unless the allow-list permits it. */
        BLOCKED,
        /** Not one host we could mean to call: no development setup needs these, so nothing unlocks them. */
        NEVER
    }

    private record Range(Subnet subnet, String name, Kind kind) {
        static Range of(String cidr, String name) {
            return new Range(Subnet.parse(cidr), name, Kind.BLOCKED);
        }

        static Range loopback(String cidr) {
            return new Range(Subnet.parse(cidr), "loopback", Kind.LOOPBACK);
        }

        static Range never(String cidr, String name) {
            return new Range(Subnet.parse(cidr), name, Kind.NEVER);
        }
    }

    /** The range an address falls in, and the IPv4 address it was judged by when that was carried inside IPv6. */
    private record Verdict(Range range, byte[] carriedIpv4) {}

    private static final List<Range> IPV4 = List.of(
            Range.never("0.0.0.0/8", "unspecified (\"this network\")"),
            Range.of("10.0.0.0/8", "private-use"),
            Range.of("100.64.0.0/10", "shared address space (CGNAT)"),
            Range.loopback("127.0.0.0/8"),
            Range.of("169.254.0.0/16", "link-local (incl. cloud metadata)"),
            Range.of("172.16.0.0/12", "private-use"),
            Range.of("192.0.0.0/24", "IETF protocol assignments"),
            Range.of("192.0.2.0/24", "documentation (TEST-NET-1)"),
            Range.of("192.168.0.0/16", "private-use"),
            Range.of("198.18.0.0/15", "benchmarking"),
            Range.of("198.51.100.0/24", "documentation (TEST-NET-2)"),
            Range.of("203.0.113.0/24", "documentation (TEST-NET-3)"),
            Range.never("224.0.0.0/4", "multicast"),
            Range.never("255.255.255.255/32", "limited broadcast"),
            Range.of("240.0.0.0/4", "reserved"));

    private static final List<Range> IPV6 = List.of(
            Range.never("::/128", "unspecified"),
            Range.loopback("::1/128"),
            Range.never("ff00::/8", "multicast"),
            Range.of("fc00::/7", "unique local"),
            Range.of("fe80::/10", "link-local"),
            Range.of("fec0::/10", "site-local (deprecated)"),
            Range.of("2001:db8::/32", "documentation"),
            Range.of("3fff::/20", "documentation"),
            Range.of("2001:2::/48", "benchmarking"),
            Range.of("100::/64", "discard-only"),
            // RFC 8215 local-use translation prefix: where the IPv4 sits inside depends on the local setup
            Range.of("64:ff9b:1::/48", "local-use NAT64"));

    // IANA allocates unicast only from here; refusing the rest keeps the guard closed for ranges not named above
    private static final Subnet GLOBAL_UNICAST = Subnet.parse("2000::/3");
    private static final Subnet IPV4_COMPATIBLE = Subnet.parse("::/96");
    private static final Subnet IPV4_MAPPED = Subnet.parse("::ffff:0:0/96");
    private static final Subnet NAT64 = Subnet.parse("64:ff9b::/96");
    private static final Subnet SIX_TO_FOUR = Subnet.parse("2002::/16");
    private static final Subnet TEREDO = Subnet.parse("2001::/32");

    private final boolean allowPrivate;
    private final List<Subnet> allowed;

    /**
     * @param allowPrivate development mode: this machine's loopback addresses are permitted (a receiver running
     *     beside the service); private networks, link-local and cloud metadata addresses still are not
     * @param allowedSubnets CIDR blocks permitted even outside development mode, e.g. a test network
     */
    public TargetGuard(boolean allowPrivate, List<String> allowedSubnets) {
        this.allowPrivate = allowPrivate;
        this.allowed = allowedSubnets.stream().map(Subnet::parse).toList();
    }

    public boolean permits(InetAddress address) {
        return rejectionReason(address).isEmpty();
    }

    /** Why {@code address} may not be connected to, or empty when it may. */
    public Optional<String> rejectionReason(InetAddress address) {
        byte[] raw = address.getAddress();
        // the socket connects to the IPv4 address itself, so judge (and allow-list) that
        byte[] target = IPV4_MAPPED.contains(raw) ? Arrays.copyOfRange(raw, 12, 16) : raw;
        Verdict verdict = classify(target);
        if (verdict == null) {
            return Optional.empty();
        }
        if (verdict.range().kind() == Kind.LOOPBACK && allowPrivate) {
            return Optional.empty();
        }
        if (verdict.range().kind() != Kind.NEVER
                && allowed.stream().anyMatch(s -> s.contains(target) || s.contains(raw))) {
            return Optional.empty();
        }
        return Optional.of(describe(address, target, verdict));
    }

    /** Whether {@code address} lies in an allow-listed subnet (production lets plain http reach only those). */
    public boolean allowListed(InetAddress address) {
        byte[] raw = address.getAddress();
        byte[] target = IPV4_MAPPED.contains(raw) ? Arrays.copyOfRange(raw, 12, 16) : raw;
        return allowed.stream().anyMatch(s -> s.contains(target) || s.contains(raw));
    }

    /** Null for a public address. */
    private static Verdict classify(byte[] address) {
        if (address.length == 4) {
            return find(IPV4, address, null);
        }
        Verdict special = find(IPV6, address, null);
        if (special != null) {
            return special;
        }
        byte[] embedded = embeddedIpv4(address);
        if (embedded != null) {
            return find(IPV4, embedded, embedded);
        }
        return GLOBAL_UNICAST.contains(address)
                ? null
                : new Verdict(new Range(GLOBAL_UNICAST, "reserved: outside global unicast", Kind.BLOCKED), null);
    }

    // The IPv4 address a transition mechanism would carry the packet to; null when there is none.
    private static byte[] embeddedIpv4(byte[] address) {
        if (IPV4_COMPATIBLE.contains(address) || NAT64.contains(address)) {
            return Arrays.copyOfRange(address, 12, 16);
        }
        if (SIX_TO_FOUR.contains(address)) {
            return Arrays.copyOfRange(address, 2, 6);
        }
        if (TEREDO.contains(address)) {
            byte[] client = Arrays.copyOfRange(address, 12, 16);
            for (int i = 0; i < client.length; i++) {
                client[i] ^= (byte) 0xff; // Teredo stores the client's address inverted
            }
            return client;
        }
        return null;
    }

    private static Verdict find(List<Range> ranges, byte[] address, byte[] carriedIpv4) {
        return ranges.stream()
                .filter(r -> r.subnet().contains(address))
                .findFirst()
                .map(r -> new Verdict(r, carriedIpv4))
                .orElse(null);
    }

    private static String describe(InetAddress address, byte[] target, Verdict verdict) {
        byte[] ipv4 = verdict.carriedIpv4() != null ? verdict.carriedIpv4() : target.length == 4 ? target : null;
        String carried =
                ipv4 != null && address.getAddress().length == 16 ? " carries IPv4 " + ipv4Text(ipv4) + ", which" : "";
        return address.getHostAddress() + carried + " is " + verdict.range().name() + " ("
                + verdict.range().subnet() + "), not a public address";
    }

    private static String ipv4Text(byte[] v4) {
        return (v4[0] & 0xff) + "." + (v4[1] & 0xff) + "." + (v4[2] & 0xff) + "." + (v4[3] & 0xff);
    }
}
