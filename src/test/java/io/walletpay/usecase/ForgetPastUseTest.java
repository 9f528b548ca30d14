package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Forgetting rows past their use: a backlog goes a bounded share a run, the oldest first, runs follow at once while
 * a backlog is left and once a minute after; a live session and an attempt inside the kept time stay.
 */
class ForgetPastUseTest {

    private final SettleTransfersTest.TestClock clock =
            new SettleTransfersTest.TestClock(Instant.parse("2026-12-02T12:00:00Z"));
    private final InMemoryRetentionStore rows = new InMemoryRetentionStore(clock);
    private final ForgetPastUse forget = new ForgetPastUse(rows, Lifetimes.PORTAL, clock);
    private final int share = ForgetPastUse.BATCH * ForgetPastUse.BATCHES_PER_RUN;

    @Test
    void aBacklogOfAttemptsGoesABoundedShareARunOldestFirst() {
        int old = share * 2 + ForgetPastUse.BATCH / 2;
        for (int i = 0; i < old; i++) {
            rows.attempt("old " + i, ForgetPastUse.ATTEMPTS_KEPT.plusDays(10).minusSeconds(i));
        }
        rows.attempt("kept", ForgetPastUse.ATTEMPTS_KEPT.minusMinutes(1));

        assertThat(done(forget.whenDue())).isEqualTo(share);
        assertThat(rows.attempts.get(0).name()).isEqualTo("old " + share);
        assertThat(done(forget.whenDue())).isEqualTo(share); // a backlog was left: the next sweep goes on at once
        assertThat(done(forget.whenDue())).isEqualTo(ForgetPastUse.BATCH / 2);
        assertThat(done(forget.whenDue())).isZero(); // caught up: not again within the minute

        assertThat(rows.attempts)
                .extracting(InMemoryRetentionStore.Attempt::name)
                .containsExactly("kept");
    }

    @Test
    void endedSessionsGoAndOneInUseStays() {
        rows.session("in use", Duration.ofHours(3), Duration.ofMinutes(2));
        for (int i = 0; i < ForgetPastUse.BATCH + 3; i++) {
            rows.session("ended " + i, Duration.ofHours(3), Duration.ofMinutes(45));
        }

        assertThat(done(forget.run())).isEqualTo(ForgetPastUse.BATCH + 3);
        assertThat(rows.sessions).containsOnlyKeys("in use");
    }

    @Test
    void aRunComesAtMostOnceAMinuteOnceCaughtUp() {
        rows.session("ended", Duration.ofHours(13), Duration.ofMinutes(1));
        assertThat(done(forget.whenDue())).isEqualTo(1);

        rows.session("ended later", Duration.ofHours(13), Duration.ofMinutes(1));
        assertThat(done(forget.whenDue())).isZero();
        clock.advance(ForgetPastUse.EVERY);
        assertThat(done(forget.whenDue())).isEqualTo(1);
        assertThat(rows.sessions).isEmpty();
    }

    @Test
    void aServiceSweepingOftenForgetsEveryOtherSweepAndOneSweepingRarelyOnceAMinute() {
        assertThat(ForgetPastUse.every(Duration.ofSeconds(1))).isEqualTo(Duration.ofSeconds(2));
        assertThat(ForgetPastUse.every(Duration.ofSeconds(30))).isEqualTo(Duration.ofMinutes(1));
        assertThat(ForgetPastUse.every(Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(1));
    }
}
