package io.walletpay.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.webhook.DueDelivery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WaitingRowsTest {

    private static final UUID A = new UUID(0, 1);
    private static final UUID B = new UUID(0, 2);

    private static DueDelivery row(UUID merchant, long n) {
        return new DueDelivery(
                new UUID(merchant.getLeastSignificantBits(), n),
                merchant,
                "{}",
                0,
                0,
                0,
                null,
                null,
                null,
                "s",
                null,
                null);
    }

    @Test
    void startsEachMerchantsRowsInTheOrderTheyCameWhileItHasRoom() {
        WaitingRows waiting = new WaitingRows();
        for (long n = 1; n <= 3; n++) {
            waiting.add(row(A, n), 0);
            waiting.add(row(B, n), 0);
        }
        Map<UUID, Integer> room = new HashMap<>(Map.of(A, 2, B, 1));
        List<DueDelivery> started = new ArrayList<>();

        waiting.startWhile(merchant -> room.get(merchant) > 0, delivery -> {
            room.merge(delivery.merchantId(), -1, Integer::sum);
            started.add(delivery);
        });

        assertThat(started).containsExactlyInAnyOrder(row(A, 1), row(A, 2), row(B, 1));
        assertThat(started.stream().filter(d -> d.merchantId().equals(A))).containsExactly(row(A, 1), row(A, 2));
        assertThat(waiting.size()).isEqualTo(3);
        assertThat(waiting.takeAll()).containsExactlyInAnyOrder(row(A, 3), row(B, 2), row(B, 3));
        assertThat(waiting.size()).isZero();
        assertThat(waiting.hasAny(A)).isFalse();
    }

    @Test
    void aStartThatFreesItsSlotAtOnceComesBackInSafely() {
        WaitingRows waiting = new WaitingRows();
        for (long n = 1; n <= 3; n++) {
            waiting.add(row(A, n), 0);
            waiting.add(row(B, n), 0);
        }
        List<DueDelivery> started = new ArrayList<>();
        // an attempt without a webhook URL ends at once, and its freed slot starts the next waiting row from inside
        waiting.startWhile(merchant -> true, new java.util.function.Consumer<>() {
            @Override
            public void accept(DueDelivery delivery) {
                started.add(delivery);
                waiting.startWhile(merchant -> true, this);
            }
        });

        assertThat(started).hasSize(6).doesNotHaveDuplicates();
        assertThat(waiting.size()).isZero();
    }

    @Test
    void takesOnlyRowsOlderThanTheGivenTime() {
        WaitingRows waiting = new WaitingRows();
        waiting.add(row(A, 1), 10);
        waiting.add(row(A, 2), 20);
        waiting.add(row(B, 1), 30);

        assertThat(waiting.takeOlderThan(25)).containsExactly(row(A, 1), row(A, 2));
        assertThat(waiting.size()).isEqualTo(1);
        assertThat(waiting.hasAny(A)).isFalse();
        assertThat(waiting.hasAny(B)).isTrue();
    }
}
