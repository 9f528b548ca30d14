package io.walletpay.store;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The merchant portal's sessions. A session is known by the SHA-256 of the random id its cookie carries; it ends
 * when its merchant logs out, signs out everywhere, or leaves it idle or open for too long.
 */
public interface PortalSessionStore {

    /** A session as the settings page lists it. */
    record PortalSession(
            byte[] idHash,
            UUID merchantId,
            int keyVersion,
            OffsetDateTime createdAt,
            OffsetDateTime lastSeenAt,
            String sourceAddress,
            String userAgent,
            boolean livemode) {

        /** A session acting in live mode. */
        public PortalSession(
                byte[] idHash,
                UUID merchantId,
                int keyVersion,
                OffsetDateTime createdAt,
                OffsetDateTime lastSeenAt,
                String sourceAddress,
                String userAgent) {
            this(idHash, merchantId, keyVersion, createdAt, lastSeenAt, sourceAddress, userAgent, true);
        }
    }

    /** How long a session lives: since it was last used, and at most since it began. */
    record Lifetimes(Duration idle, Duration absolute) {

        /** The portal's: 30 minutes unused, 12 hours after login whatever happens. */
        public static final Lifetimes PORTAL = new Lifetimes(Duration.ofMinutes(30), Duration.ofHours(12));
    }

    /** Opens a session; ended sessions of the same merchant are cleared on the way. */
    Future<Void> open(byte[] idHash, UUID merchantId, int keyVersion, String sourceAddress, String userAgent);

    /**
     * The session, marked as used now, or empty when there is none (never opened, logged out, or past one of its
     * lifetimes, which also ends it).
     */
    Future<Optional<PortalSession>> use(byte[] idHash, Lifetimes lifetimes);

    /**
     * Which of its merchant's two rows the session acts on from now on: the live merchant, or with {@code livemode}
     * false its test twin. The session stays its merchant's (its {@code merchantId} is the live one's).
     */
    Future<Void> switchMode(byte[] idHash, boolean livemode);

    /** Ends one session; ending one that is not there is no error. */
    Future<Void> end(byte[] idHash);

    /** Ends every session of {@code merchantId} except {@code keep} (null ends all); the number ended. */
    Future<Integer> endAll(UUID merchantId, byte[] keep);

    /** The merchant's live sessions, most recently used first. */
    Future<List<PortalSession>> live(UUID merchantId, Lifetimes lifetimes);
}
