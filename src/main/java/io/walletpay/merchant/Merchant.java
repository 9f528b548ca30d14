package io.walletpay.merchant;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A merchant as the service works with it. The secret key is not here: only its hash exists, in the store. */
public record Merchant(
        UUID id,
        String name,
        MerchantStatus status,
        String webhookSecret,
        String webhookUrl,
        String returnUrl,
        BigDecimal feePercent,
        BigDecimal feeFixed,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {

    @Override
    public String toString() {
        return "Merchant[id=" + id + ", name=" + name + ", status=" + status + ", webhookSecret=***]";
    }

    public boolean active() {
        return status == MerchantStatus.ACTIVE;
    }
}
