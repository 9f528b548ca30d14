package io.walletpay.merchant;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A merchant as the service works with it. The secret key is not here: only its hash exists, in the store.
 * {@code locale} ({@code ht}, {@code fr}, {@code en} or null for the service's default) is the language of its
 * customer pages when the customer's browser does not ask for one of them.
 */
public record Merchant(
        UUID id,
        String name,
        MerchantStatus status,
        String webhookSecret,
        String webhookUrl,
        String returnUrl,
        String locale,
        BigDecimal feePercent,
        BigDecimal feeFixed,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        int secretKeyVersion) {

    @Override
    public String toString() {
        return "Merchant[id=" + id + ", name=" + name + ", status=" + status + ", webhookSecret=***]";
    }

    public boolean active() {
        return status == MerchantStatus.ACTIVE;
    }
}
