package io.walletpay.money;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The books of the business account at one moment. walletpay collects every merchant's payments into one wallet
 * account and pays refunds and payouts out of it, so what the account should hold ({@link #expected}) is the opening
 * balance (what it held when walletpay began to use it), plus every completed payment's gross amount (the fee stays
 * in the account too), less every transfer the provider paid. {@code reported} is what the provider says it holds,
 * null when it does not say; {@link #drift} is the difference. Transfers still pending ({@code inFlight}, and
 * {@code inReview}: held for an operator) are not in {@code expected} yet although the provider may already have
 * paid them, so while there are any a drift is no sign of a fault.
 */
public record BooksCheck(
        BigDecimal openingBalance,
        BigDecimal completedPayments,
        BigDecimal succeededTransfers,
        BigDecimal reported,
        Outstanding inFlight,
        Outstanding inReview) {

    /** Pending transfers of one kind: how many, and their amount. */
    public record Outstanding(int count, BigDecimal amount) {

        public static final Outstanding NONE = new Outstanding(0, BigDecimal.ZERO);

        public Outstanding {
            amount = centimes(amount);
        }
    }

    public BooksCheck {
        openingBalance = centimes(openingBalance);
        completedPayments = centimes(completedPayments);
        succeededTransfers = centimes(succeededTransfers);
        // the provider's figure is taken as it comes; a fraction of a centime would be its rounding, not a drift
        reported = reported == null ? null : reported.setScale(2, RoundingMode.HALF_EVEN);
    }

    /** What the ledger says the account holds. */
    public BigDecimal expected() {
        return openingBalance.add(completedPayments).subtract(succeededTransfers);
    }

    /** What the provider reports less what the ledger expects; null when the provider does not say. */
    public BigDecimal drift() {
        return reported == null ? null : reported.subtract(expected());
    }

    /** Whether transfers are pending, whose payment the provider may have made while the ledger waits for it. */
    public boolean settling() {
        return inFlight.count() > 0 || inReview.count() > 0;
    }

    /** A drift that nothing pending explains: money arrived or left that the ledger does not know of. */
    public boolean unexplainedDrift() {
        BigDecimal drift = drift();
        return drift != null && drift.signum() != 0 && !settling();
    }

    private static BigDecimal centimes(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.UNNECESSARY);
    }
}
