package io.walletpay.payment;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.util.Optional;

/**
 * The payment state machine: pending may become any one of the four terminal states, and a terminal state never
 * changes. The store enforces the same rule with a conditional UPDATE; this is the rule it enforces.
 */
public enum PaymentStatus {
    PENDING("pending"),
    COMPLETED("completed"),
    FAILED("failed"),
    CANCELLED("cancelled"),
    EXPIRED("expired");

    private final String wireName;

    PaymentStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The lower-case name used in JSON, query strings and the database. */
    public String wireName() {
        return wireName;
    }

    /** The status named {@code wireName} exactly (case-sensitive, as the API only ever writes lower case). */
    public static Optional<PaymentStatus> fromWire(String wireName) {
        for (PaymentStatus status : values()) {
            if (status.wireName.equals(wireName)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }

    public boolean terminal() {
        return this != PENDING;
    }

    public boolean canMoveTo(PaymentStatus next) {
        return this == PENDING && next != null && next.terminal();
    }

    /** {@code next} when this status may become it; otherwise a 409 {@code invalid_state}. */
    public PaymentStatus transitionTo(PaymentStatus next) {
        if (!canMoveTo(next)) {
            throw new ServiceException(
                    ErrorKind.CONFLICT,
                    "invalid_state",
                    "Payment is " + wireName + "; it can no longer become " + (next == null ? "null" : next.wireName));
        }
        return next;
    }
}
