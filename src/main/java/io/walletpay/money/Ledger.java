package io.walletpay.money;

import java.math.BigDecimal;

/** What the ledger says went in and out of the business account, and the transfers not settled yet. */
public record Ledger(
        BigDecimal completedPayments,
        BigDecimal succeededTransfers,
        BooksCheck.Outstanding inFlight,
        BooksCheck.Outstanding inReview) {}
