package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.report.ClosedThrough;
import io.walletpay.report.DayTotal;
import io.walletpay.report.SettlementReport;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A merchant's figures: the portal's overview and the settlement report of a day, summed by PostgreSQL. Days that
 * can no longer change (ended, none of their payments pending) are summed once and kept, so the overview's cost
 * does not grow with the history.
 */
public interface ReportStore {

    /** One merchant's payments created from {@code firstDay} to {@code lastDay} (Haitian days, both included). */
    Future<List<DayTotal>> dailyTotals(UUID merchantId, LocalDate firstDay, LocalDate lastDay);

    /** One merchant's completed payments of one day in Haiti. */
    Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date);

    /** Up to {@code limit} merchants whose days are not yet kept up to {@code lastClosable}, the furthest behind first. */
    Future<List<ClosedThrough>> behind(LocalDate lastClosable, int limit);

    /** The first Haitian day after {@code after} (null: from the start) on which the merchant has a payment. */
    Future<Optional<LocalDate>> firstDayWithPayments(UUID merchantId, LocalDate after);

    /**
     * Keeps {@code day}'s totals and moves the merchant's closed days to it, provided they still end at {@code
     * previous} (null: none closed) and none of the payments of {@code day} is pending; days between {@code previous}
     * and {@code day} must have no payments. False when either condition did not hold (nothing changed).
     */
    Future<Boolean> closeDay(UUID merchantId, LocalDate day, LocalDate previous);
}
