package io.walletpay.net;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The address of the client a request comes from, which every per-address limit and the audit log use. It is the
 * connection's peer, unless that peer is one of {@code http.trusted_proxies}: then it is read from
 * {@code X-Forwarded-For}, from the right, skipping the entries that are trusted proxies themselves. Each proxy
 * appends the address it received the request from, so only what our own proxies wrote can be believed; anything
 * further left is whatever the client chose to send. (vertx-web's forwarded-header support takes the leftmost
 * entry from any peer, which would let every client pick its own address.)
 *
 * <p>{@code Forwarded} is not read: the shipped proxies append to {@code X-Forwarded-For}, and a {@code Forwarded}
 * header they pass through untouched would be the client's own.
 */
public final class ClientAddress implements Handler<RoutingContext> {

    private static final String KEY = ClientAddress.class.getName();
    private static final String FORWARDED_FOR = "X-Forwarded-For";
    private static final Subnet IPV4_MAPPED = Subnet.parse("::ffff:0:0/96");

    private final List<Subnet> trusted;

    /** {@code trustedProxies}: addresses or CIDR blocks ({@code 10.0.0.0/8}); an unreadable one is an exception. */
    public ClientAddress(List<String> trustedProxies) {
        this.trusted = trustedProxies.stream().map(ClientAddress::proxy).toList();
    }

    /** A trusted proxy as configured; an IPv4-mapped one would never match, as peers are compared as IPv4. */
    private static Subnet proxy(String entry) {
        Subnet subnet = Subnet.parse(entry);
        if (IPV4_MAPPED.contains(IpLiteral.parse(entry.strip().split("/", 2)[0]))) {
            throw new IllegalArgumentException("trusted proxy '" + entry + "': write it as an IPv4 address");
        }
        return subnet;
    }

    /** Whether any proxy is trusted; without one, the peer is the client and nothing needs installing. */
    public boolean trustsAnyProxy() {
        return !trusted.isEmpty();
    }

    /** Remembers the request's client address for {@link #of}. */
    @Override
    public void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        ctx.put(
                KEY,
                resolve(request.remoteAddress().hostAddress(), request.headers().getAll(FORWARDED_FOR)));
        ctx.next();
    }

    /** The client address of the request, as resolved when a router trusts proxies, else the connection's peer. */
    public static String of(RoutingContext ctx) {
        String resolved = ctx.get(KEY);
        return resolved != null ? resolved : ctx.request().remoteAddress().hostAddress();
    }

    /** The client behind {@code peer}, given the request's {@code X-Forwarded-For} headers in order. */
    String resolve(String peer, List<String> forwardedFor) {
        String address = peer;
        if (!isTrusted(address)) {
            return address;
        }
        List<String> hops = hops(forwardedFor);
        for (int i = hops.size() - 1; i >= 0; i--) {
            String hop = canonical(hops.get(i));
            if (hop == null) {
                // not written by a proxy of ours, which writes addresses: the last trusted hop is all we know
                return address;
            }
            address = hop;
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return address;
    }

    private boolean isTrusted(String address) {
        byte[] bytes = bytes(address);
        if (bytes == null) {
            return false;
        }
        for (Subnet subnet : trusted) {
            if (subnet.contains(bytes)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> hops(List<String> headers) {
        List<String> hops = new ArrayList<>();
        for (String header : headers) {
            for (String hop : header.split(",")) {
                hops.add(hop.strip());
            }
        }
        return hops;
    }

    /** The address an entry names ({@code 203.0.113.7}, {@code 203.0.113.7:4711}, {@code [2001:db8::1]:4711}). */
    private static String canonical(String hop) {
        String host = hop;
        if (host.startsWith("[") && host.indexOf(']') > 0) {
            host = host.substring(1, host.indexOf(']'));
        } else if (host.indexOf(':') > 0 && host.indexOf(':') == host.lastIndexOf(':')) {
            host = host.substring(0, host.indexOf(':')); // IPv4 with a port
        }
        byte[] bytes = bytes(host);
        if (bytes == null) {
            return null;
        }
        try {
            return InetAddress.getByAddress(bytes).getHostAddress();
        } catch (UnknownHostException impossible) {
            return null;
        }
    }

    /** The address's bytes, an IPv4-mapped IPv6 address as its IPv4 one; null for anything but a literal. */
    private static byte[] bytes(String address) {
        byte[] bytes;
        try {
            bytes = IpLiteral.parse(address);
        } catch (IllegalArgumentException notAnAddress) {
            return null;
        }
        if (bytes.length == 16 && isIpv4Mapped(bytes)) {
            return Arrays.copyOfRange(bytes, 12, 16);
        }
        return bytes;
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
    }
}
