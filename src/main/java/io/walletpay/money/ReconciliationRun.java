package io.walletpay.money;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One kept comparison of the books: when it ran, what started it, the figures, and {@code error} when the provider
 * could not be asked (then {@code check.reported()} is null).
 */
public record ReconciliationRun(UUID id, OffsetDateTime ranAt, Trigger trigger, BooksCheck check, String error) {

    /** The hourly schedule, or an operator's request. */
    public enum Trigger {
        SCHEDULE("schedule"),
        OPERATOR("operator");

        private final String wireName;

        Trigger(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        public static Trigger fromWire(String value) {
            for (Trigger trigger : values()) {
                if (trigger.wireName.equals(value)) {
                    return trigger;
                }
            }
            throw new IllegalArgumentException("unknown reconciliation trigger: " + value);
        }
    }
}
