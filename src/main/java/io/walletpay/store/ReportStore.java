package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.report.SettlementReport;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** A merchant's figures: the portal's overview and the settlement report of a day, summed by PostgreSQL. */
public interface ReportStore {

    /** How many payments of one status, their amount, fees and net. */
    record StatusTotal(String status, long count, BigDecimal amount, BigDecimal fees, BigDecimal net) {}

    /** The completed volume of one day ({@code yyyy-MM-dd} in Haiti). */
    record DayVolume(String day, BigDecimal amount) {}

    record Summary(List<StatusTotal> byStatus, List<DayVolume> days) {}

    /** One merchant's payments created in [{@code from}, {@code to}), by status and by Haitian day. */
    Future<Summary> summarize(UUID merchantId, OffsetDateTime from, OffsetDateTime to);

    /** One merchant's completed payments of one day in Haiti. */
    Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date);
}
