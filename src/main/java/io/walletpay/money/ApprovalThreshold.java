package io.walletpay.money;

import java.math.BigDecimal;

/**
 * The four-eyes rule of a merchant's money out: a refund or payout of at least the merchant's approval threshold
 * waits for another person's approval; with no threshold (the default) none does.
 */
public final class ApprovalThreshold {

    private ApprovalThreshold() {}

    /** Whether {@code amount} waits for approval under {@code threshold} (null: four eyes off). */
    public static boolean requiresApproval(BigDecimal threshold, BigDecimal amount) {
        return threshold != null && amount.compareTo(threshold) >= 0;
    }

    /** Whether {@code decider} may approve or reject what {@code requester} asked for: never their own request. */
    public static boolean mayDecide(String requester, String decider) {
        return requester == null || !requester.equals(decider);
    }
}
