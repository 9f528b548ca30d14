package io.walletpay.webhook;

import java.time.OffsetDateTime;

/**
 * What a delivery had when a sender claimed it, which the record of the sender's attempt is checked against.
 * {@code leaseUntil} names the claim: a sender whose lease ran out and whose delivery another sender claimed since
 * records its attempt without touching the delivery. {@code redeliveries} tells whether the merchant asked for the
 * delivery again while the attempt was under way: the attempt is counted and the delivery stays queued for the
 * redelivery. {@code attemptsSoFar} is the count the attempt's number follows.
 */
public record DeliveryClaim(int attemptsSoFar, int redeliveries, OffsetDateTime leaseUntil) {

    public DeliveryClaim {
        java.util.Objects.requireNonNull(leaseUntil, "a claim always sets a lease");
    }
}
