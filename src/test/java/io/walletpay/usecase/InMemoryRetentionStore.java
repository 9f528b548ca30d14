package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import io.walletpay.store.RetentionStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Sessions and webhook attempts in memory, as {@link RetentionStore} sees them; its contract keeps it true. */
final class InMemoryRetentionStore implements RetentionStore {

    /** A session's two times. */
    record Session(Instant created, Instant lastSeen) {}

    /** An attempt: its name and when it was made. */
    record Attempt(String name, Instant at) {}

    final Map<String, Session> sessions = new LinkedHashMap<>();
    final List<Attempt> attempts = new ArrayList<>();
    private final Clock clock;

    InMemoryRetentionStore(Clock clock) {
        this.clock = clock;
    }

    void session(String name, Duration openFor, Duration idleFor) {
        Instant now = clock.instant();
        sessions.put(name, new Session(now.minus(openFor), now.minus(idleFor)));
    }

    void attempt(String name, Duration ago) {
        attempts.add(new Attempt(name, clock.instant().minus(ago)));
    }

    @Override
    public Future<Integer> forgetEndedSessions(Lifetimes lifetimes, int limit) {
        Instant now = clock.instant();
        int forgotten = 0;
        for (Iterator<Session> each = sessions.values().iterator(); each.hasNext() && forgotten < limit; ) {
            Session session = each.next();
            if (!session.lastSeen().isAfter(now.minus(lifetimes.idle()))
                    || !session.created().isAfter(now.minus(lifetimes.absolute()))) {
                each.remove();
                forgotten++;
            }
        }
        return Future.succeededFuture(forgotten);
    }

    @Override
    public Future<Integer> forgetAttemptsBefore(Instant before, int limit) {
        List<Attempt> oldest = attempts.subList(0, Math.min(limit, attempts.size()));
        int looked = oldest.size();
        oldest.removeIf(attempt -> attempt.at().isBefore(before));
        int forgotten = looked - oldest.size();
        return Future.succeededFuture(forgotten);
    }
}
