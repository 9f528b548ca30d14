package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.people.SignInStep;
import io.walletpay.store.PortalSessionStore;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/** {@link PortalSessionStore} in memory, for the use cases' tests; held to the same contract as PostgreSQL's. */
final class InMemoryPortalSessionStore implements PortalSessionStore {

    private final Map<ByteBuffer, PortalSession> sessions = new LinkedHashMap<>();
    private final Clock clock;

    InMemoryPortalSessionStore() {
        this(Clock.systemUTC());
    }

    /** With {@code clock} deciding when sessions end. */
    InMemoryPortalSessionStore(Clock clock) {
        this.clock = clock;
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
    }

    @Override
    public synchronized Future<Void> open(
            byte[] idHash, UUID merchantId, UUID personId, SignInStep step, String sourceAddress, String userAgent) {
        clearEnded(merchantId, Lifetimes.PORTAL);
        OffsetDateTime now = now();
        sessions.put(
                key(idHash),
                new PortalSession(
                        idHash.clone(), merchantId, personId, step, now, now, sourceAddress, userAgent, true));
        return Future.succeededFuture();
    }

    @Override
    public synchronized Future<Optional<PortalSession>> use(byte[] idHash, Lifetimes lifetimes) {
        ByteBuffer key = key(idHash);
        PortalSession session = sessions.get(key);
        if (session == null || !live(session, lifetimes)) {
            return Future.succeededFuture(Optional.empty());
        }
        PortalSession used = with(session, now(), session.livemode());
        sessions.put(key, used);
        return Future.succeededFuture(Optional.of(used));
    }

    @Override
    public synchronized Future<Void> switchMode(byte[] idHash, boolean livemode) {
        sessions.computeIfPresent(key(idHash), (key, session) -> with(session, session.lastSeenAt(), livemode));
        return Future.succeededFuture();
    }

    @Override
    public synchronized Future<Void> end(byte[] idHash) {
        sessions.remove(key(idHash));
        return Future.succeededFuture();
    }

    @Override
    public synchronized Future<Boolean> end(UUID merchantId, byte[] idHash) {
        ByteBuffer key = key(idHash);
        PortalSession session = sessions.get(key);
        if (session == null || !session.merchantId().equals(merchantId)) {
            return Future.succeededFuture(false);
        }
        sessions.remove(key);
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Integer> endAll(UUID merchantId, byte[] keep) {
        return Future.succeededFuture(endWhere(session -> session.merchantId().equals(merchantId), keep));
    }

    @Override
    public synchronized Future<Integer> endAllOf(UUID personId, byte[] keep) {
        return Future.succeededFuture(endWhere(session -> session.personId().equals(personId), keep));
    }

    @Override
    public synchronized Future<List<PortalSession>> live(UUID merchantId, Lifetimes lifetimes) {
        clearEnded(merchantId, lifetimes);
        List<PortalSession> live = new ArrayList<>();
        sessions.values().stream()
                .filter(session -> session.merchantId().equals(merchantId) && session.step() == SignInStep.IN)
                .forEach(live::add);
        live.sort(Comparator.comparing(PortalSession::lastSeenAt).reversed());
        return Future.succeededFuture(live.size() > 50 ? live.subList(0, 50) : live);
    }

    /** Moves the session's opening and last use {@code ago} into the past, as if that time had passed. */
    synchronized void age(byte[] idHash, Duration ago) {
        sessions.computeIfPresent(
                key(idHash),
                (key, session) -> new PortalSession(
                        session.idHash(),
                        session.merchantId(),
                        session.personId(),
                        session.step(),
                        session.createdAt().minus(ago),
                        session.lastSeenAt().minus(ago),
                        session.sourceAddress(),
                        session.userAgent(),
                        session.livemode()));
    }

    private int endWhere(Predicate<PortalSession> which, byte[] keep) {
        ByteBuffer kept = keep == null ? null : key(keep);
        int ended = 0;
        for (Iterator<Map.Entry<ByteBuffer, PortalSession>> each =
                        sessions.entrySet().iterator();
                each.hasNext(); ) {
            Map.Entry<ByteBuffer, PortalSession> entry = each.next();
            if (which.test(entry.getValue()) && !entry.getKey().equals(kept)) {
                each.remove();
                ended++;
            }
        }
        return ended;
    }

    private void clearEnded(UUID merchantId, Lifetimes lifetimes) {
        sessions.values().removeIf(session -> session.merchantId().equals(merchantId) && !live(session, lifetimes));
    }

    private boolean live(PortalSession session, Lifetimes lifetimes) {
        OffsetDateTime now = now();
        if (session.step() != SignInStep.IN) {
            return session.createdAt().isAfter(now.minus(Lifetimes.SIGNING_IN.absolute()));
        }
        return session.lastSeenAt().isAfter(now.minus(lifetimes.idle()))
                && session.createdAt().isAfter(now.minus(lifetimes.absolute()));
    }

    private static PortalSession with(PortalSession session, OffsetDateTime lastSeenAt, boolean livemode) {
        return new PortalSession(
                session.idHash(),
                session.merchantId(),
                session.personId(),
                session.step(),
                session.createdAt(),
                lastSeenAt,
                session.sourceAddress(),
                session.userAgent(),
                livemode);
    }

    private static ByteBuffer key(byte[] hash) {
        return ByteBuffer.wrap(hash.clone());
    }
}
