package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SettleWindowTest {

    static final OffsetDateTime SENT = OffsetDateTime.of(2026, 12, 1, 10, 0, 0, 0, ZoneOffset.UTC);
    static final SettleWindow WINDOW = new SettleWindow(Duration.ofMinutes(30));

    @Test
    void asksAgainWithBackOffWhileTheWindowLasts() {
        Instant now = SENT.toInstant().plusSeconds(3);

        assertThat(WINDOW.nextLookUp(SENT, 1, now)).contains(Duration.ofSeconds(2));
        assertThat(WINDOW.nextLookUp(SENT, 3, now)).contains(Duration.ofSeconds(8));
        assertThat(WINDOW.nextLookUp(SENT, 20, now)).contains(Duration.ofMinutes(5));
    }

    @Test
    void theLastLookUpFallsOnTheWindowsEnd() {
        Instant nearTheEnd = SENT.toInstant().plus(Duration.ofMinutes(30)).minusSeconds(40);

        assertThat(WINDOW.nextLookUp(SENT, 12, nearTheEnd)).contains(Duration.ofSeconds(40));
    }

    @Test
    void holdsForReviewOnceTheWindowIsOver() {
        assertThat(WINDOW.nextLookUp(SENT, 12, SENT.toInstant().plus(Duration.ofMinutes(30))))
                .isEmpty();
        assertThat(WINDOW.nextLookUp(SENT, 2, SENT.toInstant().plus(Duration.ofHours(3))))
                .isEmpty();
    }

    @Test
    void aThirtyMinuteWindowAsksAboutADozenTimes() {
        Instant now = SENT.toInstant();
        int lookUps = 0;
        for (int attempts = 1; ; attempts++) {
            var next = WINDOW.nextLookUp(SENT, attempts, now);
            if (next.isEmpty()) {
                break;
            }
            now = now.plus(next.get());
            lookUps++;
        }
        assertThat(lookUps).isBetween(10, 16);
        assertThat(now).isEqualTo(SENT.toInstant().plus(Duration.ofMinutes(30)));
    }
}
