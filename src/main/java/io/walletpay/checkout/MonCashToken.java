package io.walletpay.checkout;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The life of MonCash's OAuth access token: one instance serves every event loop, one token request is in flight
 * however many callers wait (each resumes on its own context), and the token is reused until shortly before its
 * ~59 s run out, or until the provider refuses it. How a token is asked for over HTTP is {@link MonCashExchange}'s;
 * this class never sees the client credentials, and never writes a token anywhere.
 */
final class MonCashToken {

    private static final Duration MAX_EXPIRY_MARGIN = Duration.ofSeconds(5);

    /** A token as the provider granted it, with the lifetime it announced (zero when it announced none). */
    record Grant(String value, Duration lifetime) {

        @Override
        public String toString() {
            return "Grant[value=***, lifetime=" + lifetime + "]";
        }
    }

    private record Cached(String value, Instant usableUntil) {}

    private final Clock clock;
    private final Supplier<Future<Grant>> request;

    private final Object lock = new Object();
    private Cached cached; // guarded by lock
    private Future<Cached> pending; // guarded by lock: the one token request in flight

    MonCashToken(Clock clock, Supplier<Future<Grant>> request) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.request = Objects.requireNonNull(request, "request");
    }

    /** A token usable now: the cached one, or the one the request in flight (or a new one) brings. */
    Future<String> current() {
        synchronized (lock) {
            if (cached != null && clock.instant().isBefore(cached.usableUntil())) {
                return Future.succeededFuture(cached.value());
            }
            Future<Cached> waitFor = pending;
            if (waitFor == null) {
                Promise<Cached> promise = Promise.promise();
                Future<Cached> started = promise.future();
                pending = started;
                waitFor = started;
                Instant requestedAt = clock.instant();
                ask().map(grant -> new Cached(grant.value(), requestedAt.plus(usableLifetime(grant.lifetime()))))
                        .onComplete(result -> {
                            // a failed request is not kept: the next caller asks again
                            synchronized (lock) {
                                if (pending == started) {
                                    pending = null;
                                }
                                if (result.succeeded()) {
                                    cached = result.result();
                                }
                            }
                            promise.handle(result);
                        });
            }
            // not the field: a request that failed at once has cleared it already
            return onCallersContext(waitFor).map(Cached::value);
        }
    }

    /** The request as a future even when it throws, so a failure at once cannot leave {@code pending} set for ever. */
    private Future<Grant> ask() {
        try {
            return request.get();
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }

    /**
     * The provider answered 401 to {@code rejected}: it may revoke or expire a token sooner than it said. Forgotten
     * unless a newer token has replaced it already, so the many calls that hit one revoked token bring one refresh.
     */
    void refused(String rejected) {
        synchronized (lock) {
            if (cached != null && cached.value().equals(rejected)) {
                cached = null;
            }
        }
    }

    /**
     * How long a token is reused: its lifetime less a margin of 10 % (at most 5 s), counted from when it was
     * requested, so a call never leaves with a token about to expire in flight. No lifetime: used once.
     */
    static Duration usableLifetime(Duration lifetime) {
        if (lifetime.isNegative() || lifetime.isZero()) {
            return Duration.ZERO;
        }
        Duration margin = lifetime.dividedBy(10);
        if (margin.compareTo(MAX_EXPIRY_MARGIN) > 0) {
            margin = MAX_EXPIRY_MARGIN;
        }
        return lifetime.minus(margin);
    }

    /**
     * {@code shared} as seen from the caller's context. The token request completes on whichever loop started it; a
     * waiter from another loop must resume on its own, or its handlers would run on a foreign thread next to that
     * loop's.
     */
    private static <T> Future<T> onCallersContext(Future<T> shared) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return shared;
        }
        Promise<T> own = Promise.promise();
        shared.onComplete(result -> {
            if (Vertx.currentContext() == caller) {
                own.handle(result);
            } else {
                caller.runOnContext(ignored -> own.handle(result));
            }
        });
        return own.future();
    }
}
