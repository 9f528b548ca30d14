package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.people.SignInStep;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The merchant portal's sessions, each a person's. A session is known by the SHA-256 of the random id its cookie
 * carries; it ends when its person logs out or is removed, when they or an owner end it, or when it is left idle or
 * open for too long.
 */
public interface PortalSessionStore {

    /** A session as the settings and team pages list it. */
    record PortalSession(
            byte[] idHash,
            UUID merchantId,
            UUID personId,
            SignInStep step,
            OffsetDateTime createdAt,
            OffsetDateTime lastSeenAt,
            String sourceAddress,
            String userAgent,
            boolean livemode) {}

    /** How long a session lives: since it was last used, and at most since it began. */
    record Lifetimes(Duration idle, Duration absolute) {

        /** The portal's: 30 minutes unused, 12 hours after login whatever happens. */
        public static final Lifetimes PORTAL = new Lifetimes(Duration.ofMinutes(30), Duration.ofHours(12));

        /** A session between the password and the code: 10 minutes to type it. */
        public static final Lifetimes SIGNING_IN = new Lifetimes(Duration.ofMinutes(10), Duration.ofMinutes(10));
    }

    /**
     * Opens a session of {@code personId} (a person of {@code merchantId}) at {@code step}; ended sessions of the
     * same merchant are cleared on the way.
     */
    Future<Void> open(
            byte[] idHash, UUID merchantId, UUID personId, SignInStep step, String sourceAddress, String userAgent);

    /**
     * The session, marked as used now, or empty when there is none (never opened, logged out, or past one of its
     * lifetimes, which also ends it). A session still signing in lives by {@link Lifetimes#SIGNING_IN}.
     */
    Future<Optional<PortalSession>> use(byte[] idHash, Lifetimes lifetimes);

    /**
     * Which of its merchant's two rows the session acts on from now on: the live merchant, or with {@code livemode}
     * false its test twin. The session stays its merchant's (its {@code merchantId} is the live one's).
     */
    Future<Void> switchMode(byte[] idHash, boolean livemode);

    /** Ends one session; ending one that is not there is no error. */
    Future<Void> end(byte[] idHash);

    /** Ends one of the merchant's sessions; false when the merchant has no such session. */
    Future<Boolean> end(UUID merchantId, byte[] idHash);

    /** Ends every session of {@code merchantId} except {@code keep} (null ends all); the number ended. */
    Future<Integer> endAll(UUID merchantId, byte[] keep);

    /** Ends every session of the person except {@code keep} (null ends all); the number ended. */
    Future<Integer> endAllOf(UUID personId, byte[] keep);

    /** The merchant's live sessions (of people who are in), most recently used first. */
    Future<List<PortalSession>> live(UUID merchantId, Lifetimes lifetimes);
}
