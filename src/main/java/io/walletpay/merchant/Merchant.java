package io.walletpay.merchant;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A merchant as the service works with it. The secret key is not here: only its hash exists, in the store.
 * {@code locale} ({@code ht}, {@code fr}, {@code en} or null for the service's default) is the language of its
 * customer pages when the customer's browser does not ask for one of them. A merchant's test mode is a row of its
 * own, its twin, naming the live merchant in {@code liveMerchantId}: every object is kept by merchant id, so test
 * objects are apart from live ones wherever they are stored. {@code approvalThreshold} is the amount from which a
 * refund or payout waits for another person's approval (null: four eyes off); the twin follows the live row's.
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
        int secretKeyVersion,
        UUID liveMerchantId,
        BigDecimal approvalThreshold) {

    /** A merchant without an approval threshold (four eyes off). */
    public Merchant(
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
            int secretKeyVersion,
            UUID liveMerchantId) {
        this(
                id,
                name,
                status,
                webhookSecret,
                webhookUrl,
                returnUrl,
                locale,
                feePercent,
                feeFixed,
                createdAt,
                updatedAt,
                secretKeyVersion,
                liveMerchantId,
                null);
    }

    /** A live merchant (its test twin names it in {@code liveMerchantId}). */
    public Merchant(
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
        this(
                id,
                name,
                status,
                webhookSecret,
                webhookUrl,
                returnUrl,
                locale,
                feePercent,
                feeFixed,
                createdAt,
                updatedAt,
                secretKeyVersion,
                null);
    }

    /** Whether this row acts in live mode; a test twin acts in test mode only (sandbox, data apart). */
    public boolean livemode() {
        return liveMerchantId == null;
    }

    /** The id the merchant is known by in both modes: the live merchant's. */
    public UUID publicId() {
        return liveMerchantId == null ? id : liveMerchantId;
    }

    @Override
    public String toString() {
        return "Merchant[id=" + id + ", name=" + name + ", status=" + status + ", webhookSecret=***]";
    }

    public boolean active() {
        return status == MerchantStatus.ACTIVE;
    }
}
