package io.walletpay.page;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * What a payment link's public page shows: the shop, what it sells, and either the fixed {@code amount} or a field
 * for the customer's amount from {@code minAmount}; or, when the link takes no more payments, why ({@code goneKey},
 * a message key); or, when its places left are all held by payments in progress, from when to try again
 * ({@code busyUntil}). {@code typed} is what the customer typed (shown again after a refusal) and {@code errorKey} why it
 * was refused ({@code errorAmount} the bound it names); all nullable, like {@code amount}, {@code goneKey} and {@code busyUntil}.
 */
public record LinkView(
        String merchantName,
        String description,
        BigDecimal amount,
        BigDecimal minAmount,
        String formAction,
        String typed,
        String errorKey,
        BigDecimal errorAmount,
        String goneKey,
        OffsetDateTime busyUntil) {

    public boolean gone() {
        return goneKey != null;
    }

    public boolean busy() {
        return busyUntil != null;
    }

    public boolean fixedAmount() {
        return amount != null;
    }

    public boolean hasError() {
        return errorKey != null;
    }
}
