package io.walletpay.delivery;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import java.net.InetAddress;

/**
 * Resolves a host name the way Vert.x's own clients do: without blocking, with the hosts file and the system's
 * resolver settings. Vert.x 5 offers that resolver only through its internal API ({@code VertxInternal}); the public
 * {@code DnsClient} asks one DNS server and skips the hosts file, and {@code InetAddress} blocks a thread per
 * look-up. This class is the one place that reaches inside Vert.x for it.
 */
final class SystemNameResolver {

    private final Vertx vertx;

    SystemNameResolver(Vertx vertx) {
        this.vertx = vertx;
    }

    Future<InetAddress> resolve(String host) {
        return ((VertxInternal) vertx).nameResolver().resolve(host);
    }
}
