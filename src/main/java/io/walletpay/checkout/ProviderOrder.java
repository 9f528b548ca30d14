package io.walletpay.checkout;

import io.walletpay.json.Identifiers;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One try of a payment at the wallet provider, named by the order id the provider knows it by. A payment's first
 * try is the payment id itself; after a decline the customer tries again as a new provider payment, whose order id
 * is the payment id with the try's number ({@code …-2}, {@code …-3}), so every try is a transaction of its own at
 * the provider and all of them lead back to the one payment.
 */
public record ProviderOrder(UUID paymentId, int attempt) {

    private static final int UUID_LENGTH = 36;
    private static final int MAX_ATTEMPT = 99;

    public ProviderOrder {
        Objects.requireNonNull(paymentId, "paymentId");
        if (attempt < 1 || attempt > MAX_ATTEMPT) {
            throw new IllegalArgumentException("attempt must be between 1 and " + MAX_ATTEMPT + ": " + attempt);
        }
    }

    /** The payment's first try, whose order id is the payment id. */
    public static ProviderOrder first(UUID paymentId) {
        return new ProviderOrder(paymentId, 1);
    }

    /** The try a payment is on after {@code declines} declines. */
    public static ProviderOrder after(UUID paymentId, int declines) {
        return new ProviderOrder(paymentId, declines + 1);
    }

    /** The order an id the provider reports names; empty when it is none of ours. */
    public static Optional<ProviderOrder> parse(String orderId) {
        if (orderId == null || orderId.length() < UUID_LENGTH) {
            return Optional.empty();
        }
        UUID paymentId = Identifiers.parse(orderId.substring(0, UUID_LENGTH));
        if (paymentId == null) {
            return Optional.empty();
        }
        String suffix = orderId.substring(UUID_LENGTH);
        if (suffix.isEmpty()) {
            return Optional.of(first(paymentId));
        }
        if (!suffix.matches("-[2-9]|-[1-9][0-9]")) {
            return Optional.empty();
        }
        return Optional.of(new ProviderOrder(paymentId, Integer.parseInt(suffix.substring(1))));
    }

    /** The id the provider knows this try by. */
    public String id() {
        return attempt == 1 ? paymentId.toString() : paymentId + "-" + attempt;
    }

    @Override
    public String toString() {
        return id();
    }
}
