package io.walletpay.report;

import java.math.BigDecimal;

/** How many payments of one status, their amount, fees and net. */
public record StatusTotal(String status, long count, BigDecimal amount, BigDecimal fees, BigDecimal net) {

    public static StatusTotal none(String status) {
        BigDecimal zero = BigDecimal.ZERO.setScale(2);
        return new StatusTotal(status, 0, zero, zero, zero);
    }

    /** This total with one day's added. */
    public StatusTotal plus(DayTotal day) {
        return new StatusTotal(
                status, count + day.count(), amount.add(day.amount()), fees.add(day.fees()), net.add(day.net()));
    }
}
