package io.walletpay.page;

import java.math.BigDecimal;

/**
 * A problem page. When it is about one payment, {@code merchantName} and {@code amount} say which (the customer may
 * have several open, and an expired page that names neither leaves them guessing); both are null otherwise.
 * {@code returnUrl} (nullable) is the merchant's site, offered as a way back.
 */
public record ProblemView(Problem problem, String merchantName, BigDecimal amount, String returnUrl) {

    /** A problem about no payment in particular. */
    public ProblemView(Problem problem, String returnUrl) {
        this(problem, null, null, returnUrl);
    }

    public boolean aboutAPayment() {
        return merchantName != null && amount != null;
    }
}
