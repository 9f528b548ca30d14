package io.walletpay.delivery;

import io.walletpay.webhook.DueDelivery;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Rows handed over to a sender whose merchant had no free endpoint slot: each merchant's in the order they came,
 * with the time each began to wait. Not thread-safe: the sender's event loop owns it.
 */
final class WaitingRows {

    private record Waiting(DueDelivery delivery, long sinceNanos) {}

    private final Map<UUID, ArrayDeque<Waiting>> byMerchant = new HashMap<>();
    private int size;

    int size() {
        return size;
    }

    /** Whether a row of {@code merchantId} already waits (a newer one then queues behind it). */
    boolean hasAny(UUID merchantId) {
        return byMerchant.containsKey(merchantId);
    }

    void add(DueDelivery delivery, long nowNanos) {
        byMerchant
                .computeIfAbsent(delivery.merchantId(), id -> new ArrayDeque<>())
                .add(new Waiting(delivery, nowNanos));
        size++;
    }

    /**
     * Starts, merchant by merchant and in order, each row whose merchant {@code hasRoom} (asked again after each
     * start, which takes a slot).
     */
    void startWhile(Predicate<UUID> hasRoom, Consumer<DueDelivery> start) {
        take(queue -> hasRoom.test(queue.peek().delivery().merchantId()), start);
    }

    /** Takes the rows that began to wait before {@code oldestNanos}. */
    List<DueDelivery> takeOlderThan(long oldestNanos) {
        List<DueDelivery> taken = new ArrayList<>();
        take(queue -> queue.peek().sinceNanos() < oldestNanos, taken::add);
        return taken;
    }

    List<DueDelivery> takeAll() {
        List<DueDelivery> taken = new ArrayList<>(size);
        take(queue -> true, taken::add);
        return taken;
    }

    /**
     * Polls each merchant's queue while {@code next} holds for its head, giving each row polled to {@code to}. Safe
     * when {@code to} comes back here (an attempt that ends at once frees its slot at once): it walks a copy of the
     * merchants and looks each queue up again.
     */
    private void take(Predicate<ArrayDeque<Waiting>> next, Consumer<DueDelivery> to) {
        if (size == 0) {
            return;
        }
        for (UUID merchant : List.copyOf(byMerchant.keySet())) {
            ArrayDeque<Waiting> queue = byMerchant.get(merchant);
            while (queue != null && !queue.isEmpty() && next.test(queue)) {
                size--;
                to.accept(queue.poll().delivery());
            }
            if (queue != null && queue.isEmpty()) {
                byMerchant.remove(merchant, queue);
            }
        }
    }
}
