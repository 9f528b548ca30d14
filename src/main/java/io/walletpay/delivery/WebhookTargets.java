package io.walletpay.delivery;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ServiceException;
import io.walletpay.net.IpLiteral;
import io.walletpay.webhook.TargetGuard;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Where the service may send a merchant's traffic: resolves an endpoint's host on its own (an IP literal is never
 * handed to a resolver, a host name gets the endpoint's connect timeout) and applies the target rules (no private
 * or reserved addresses in production unless allow-listed; no plain http in production unless allow-listed). Used
 * by every webhook attempt and, in production, when a merchant saves a Webhook or Return URL, so a URL that
 * delivery would refuse is refused at save time, not after three days of failed deliveries.
 */
public final class WebhookTargets {

    private final Vertx vertx;
    private final SystemNameResolver resolver;
    private final TargetGuard guard;
    private final boolean production;
    private final int resolveTimeoutMs;

    public WebhookTargets(Vertx vertx, AppConfig config) {
        this.vertx = vertx;
        this.resolver = new SystemNameResolver(vertx);
        this.production = config.production();
        this.guard = new TargetGuard(!production, config.webhooks().allowedSubnets());
        this.resolveTimeoutMs = config.webhooks().connectTimeoutMs();
    }

    /** Why {@code address} must not be sent to, if it must not. */
    Optional<String> refusal(InetAddress address, boolean https) {
        Optional<String> guarded = guard.rejectionReason(address);
        if (guarded.isPresent()) {
            return guarded;
        }
        if (production && !https && !guard.allowListed(address)) {
            return Optional.of("plain http targets are refused in production unless allow-listed");
        }
        return Optional.empty();
    }

    /**
     * Succeeds when delivery would send to {@code url}; otherwise fails with a 400 naming {@code field}. Only
     * production checks (development sends anywhere the URL rule allows, local receivers included); a null URL (a
     * cleared one) always passes.
     */
    public Future<Void> checkForSaving(String field, String url) {
        if (!production || url == null) {
            return Future.succeededFuture();
        }
        URI uri = URI.create(url);
        boolean https = "https".equalsIgnoreCase(uri.getScheme());
        return resolve(uri.getHost())
                .recover(failure -> Future.failedFuture(ServiceException.invalid(
                        field, field + " must name a host that resolves (" + uri.getHost() + " does not)")))
                .compose(address -> refusal(address, https)
                        .<Future<Void>>map(reason -> Future.failedFuture(
                                ServiceException.invalid(field, field + " is not allowed in production: " + reason)))
                        .orElseGet(Future::succeededFuture));
    }

    /** The address to connect to for {@code host}, resolved for this endpoint alone within the connect timeout. */
    Future<InetAddress> resolve(String host) {
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (looksLikeLiteral(literal)) {
            try {
                return Future.succeededFuture(InetAddress.getByAddress(host, IpLiteral.parse(literal)));
            } catch (IllegalArgumentException | UnknownHostException malformed) {
                // an ambiguous numeric form (10.1, 010.0.0.1) is refused, not handed to a resolver to interpret
                return Future.failedFuture(new UnknownHostException(host + ": not a valid IP address literal"));
            }
        }
        Promise<InetAddress> resolved = Promise.promise();
        long timeout = vertx.setTimer(
                resolveTimeoutMs, fired -> resolved.tryFail(new UnknownHostException(host + ": no answer in time")));
        resolver.resolve(host).onComplete(done -> {
            vertx.cancelTimer(timeout);
            if (done.succeeded()) {
                resolved.tryComplete(done.result());
            } else {
                resolved.tryFail(done.cause());
            }
        });
        return resolved.future();
    }

    /** Digits and dots (IPv4) or anything with a colon (IPv6); host names always carry a letter outside hex. */
    private static boolean looksLikeLiteral(String host) {
        return host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }
}
