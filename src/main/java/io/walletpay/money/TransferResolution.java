package io.walletpay.money;

import io.walletpay.error.ServiceException;
import java.time.OffsetDateTime;
import java.util.Locale;

/**
 * An operator's decision on a transfer held for review, after checking the business account's history at the
 * provider: {@code outcome}, the operator's {@code note} saying why, and when it was made.
 */
public record TransferResolution(Outcome outcome, String note, OffsetDateTime at) {

    /** The note is required and bounded: it is the record of why money moved or did not. */
    public static final int MAX_NOTE = 500;

    public enum Outcome {
        /** The provider never made it: send the same reference once more. */
        SEND_AGAIN("send_again"),
        /** The provider never made it and it should not be made: failed, the debit given back. */
        FAILED("failed"),
        /** The provider made it: succeeded. */
        SUCCEEDED("succeeded");

        private final String wireName;

        Outcome(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        /** A 400 naming the three choices for anything else. */
        public static Outcome fromWire(String value) {
            for (Outcome outcome : values()) {
                if (outcome.wireName.equals(value == null ? null : value.strip().toLowerCase(Locale.ROOT))) {
                    return outcome;
                }
            }
            throw ServiceException.invalid("outcome", "outcome must be one of send_again, failed, succeeded");
        }
    }
}
