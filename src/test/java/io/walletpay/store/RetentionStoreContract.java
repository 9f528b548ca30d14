package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link RetentionStore} must do, run against each: the in-memory store the use case's
 * fast test uses, and PostgreSQL. Only sessions past a lifetime and attempts before the cut go, never more than the
 * batch's limit, the oldest attempts first.
 */
public abstract class RetentionStoreContract {

    private static final Lifetimes PORTAL = Lifetimes.PORTAL;

    /** The store under test. */
    protected abstract RetentionStore retention();

    /** A portal session named {@code name}, opened {@code openFor} ago and last used {@code idleFor} ago. */
    protected abstract void session(String name, Duration openFor, Duration idleFor) throws Exception;

    /** The sessions left, by name, in any order. */
    protected abstract List<String> sessions() throws Exception;

    /** A webhook attempt named {@code name} made {@code ago}, recorded after every attempt seeded before it. */
    protected abstract void attempt(String name, Duration ago) throws Exception;

    /** The attempts left, by name, in the order they were recorded. */
    protected abstract List<String> attempts() throws Exception;

    @Test
    void onlySessionsPastALifetimeAreForgotten() throws Exception {
        session("in use", Duration.ofHours(11), Duration.ofMinutes(29));
        session("idle too long", Duration.ofHours(1), Duration.ofMinutes(31));
        session("open too long", Duration.ofHours(13), Duration.ofMinutes(1));

        assertThat(await(retention().forgetEndedSessions(PORTAL, 1000))).isEqualTo(2);

        assertThat(sessions()).containsExactly("in use");
        assertThat(await(retention().forgetEndedSessions(PORTAL, 1000))).isZero();
    }

    @Test
    void aBatchOfSessionsForgetsAtMostItsLimit() throws Exception {
        for (int i = 0; i < 5; i++) {
            session("ended " + i, Duration.ofHours(2), Duration.ofHours(1));
        }
        session("in use", Duration.ofMinutes(5), Duration.ofMinutes(1));

        assertThat(await(retention().forgetEndedSessions(PORTAL, 2))).isEqualTo(2);
        assertThat(sessions()).hasSize(4).contains("in use");
        assertThat(await(retention().forgetEndedSessions(PORTAL, 2))).isEqualTo(2);
        assertThat(await(retention().forgetEndedSessions(PORTAL, 2))).isEqualTo(1);
        assertThat(await(retention().forgetEndedSessions(PORTAL, 2))).isZero();
        assertThat(sessions()).containsExactly("in use");
    }

    @Test
    void attemptsBeforeTheCutGoOldestFirstAtMostTheLimitABatch() throws Exception {
        for (int day = 40; day > 35; day--) {
            attempt("old " + day, Duration.ofDays(day));
        }
        attempt("recent 2", Duration.ofDays(2));
        attempt("recent 1", Duration.ofDays(1));
        Instant cut = Instant.now().minus(Duration.ofDays(30));

        assertThat(await(retention().forgetAttemptsBefore(cut, 2))).isEqualTo(2);
        assertThat(attempts()).containsExactly("old 38", "old 37", "old 36", "recent 2", "recent 1");
        assertThat(await(retention().forgetAttemptsBefore(cut, 2))).isEqualTo(2);
        // the two oldest left are one before the cut and one after: only the first goes
        assertThat(await(retention().forgetAttemptsBefore(cut, 2))).isEqualTo(1);
        assertThat(await(retention().forgetAttemptsBefore(cut, 2))).isZero();
        assertThat(attempts()).containsExactly("recent 2", "recent 1");
    }
}
