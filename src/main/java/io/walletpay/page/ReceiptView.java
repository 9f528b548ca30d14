package io.walletpay.page;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Set;

/**
 * The result of a checkout: merchant, amount, status, the payment's short code (short enough to read to the shop
 * over the phone), date and time. {@code referenceId} and
 * {@code returnUrl} are nullable; a failed or cancelled payment links back to the merchant's site when it has one.
 */
public record ReceiptView(
        String merchantName,
        BigDecimal amount,
        String status,
        String shortCode,
        String referenceId,
        OffsetDateTime decidedAt,
        String returnUrl) {

    private static final Set<String> KNOWN = Set.of("pending", "completed", "failed", "cancelled", "expired");

    /** The CSS class of the status badge; only known statuses get their own colour. */
    public String statusClass() {
        return KNOWN.contains(status) ? "status status-" + status : "status";
    }

    public boolean hasReference() {
        return referenceId != null && !referenceId.isBlank();
    }

    /** A payment that ended without being paid: its receipt says no money left the customer's account. */
    public boolean noMoneyTaken() {
        return "failed".equals(status) || "cancelled".equals(status) || "expired".equals(status);
    }

    /** A way back to the shop after a payment that did not go through. */
    public boolean linksBack() {
        return returnUrl != null && !"completed".equals(status);
    }
}
