package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.report.ClosedThrough;
import io.walletpay.report.DayTotal;
import io.walletpay.report.SettlementReport;
import io.walletpay.store.ReportStore;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The closed days of {@link ReportStore} in memory, for the totals' fast test: each merchant's Haitian days with
 * payments (and whether one of them is pending) and the day its totals are kept through, closed by the same
 * conditions as PostgreSQL's statement ({@code ReportStoreContract} holds both to them). The reports' sums are PostgreSQL's, tested there.
 */
final class InMemoryReportStore implements ReportStore {

    /** Per merchant, its days with payments: true where one of that day's payments is pending. */
    private final Map<UUID, TreeMap<LocalDate, Boolean>> days = new LinkedHashMap<>();

    final Map<UUID, LocalDate> closedThrough = new HashMap<>();

    /** A merchant the store knows, with no payments yet. */
    UUID merchant(UUID merchantId) {
        days.computeIfAbsent(merchantId, id -> new TreeMap<>());
        return merchantId;
    }

    /** The merchant has a payment on {@code day}, pending or not. */
    void payment(UUID merchantId, LocalDate day, boolean pending) {
        days.computeIfAbsent(merchantId, id -> new TreeMap<>()).merge(day, pending, Boolean::logicalOr);
    }

    @Override
    public Future<List<ClosedThrough>> behind(LocalDate lastClosable, int limit) {
        List<ClosedThrough> behind = new ArrayList<>();
        for (UUID merchant : days.keySet()) {
            LocalDate through = closedThrough.get(merchant);
            if (through == null || through.isBefore(lastClosable)) {
                behind.add(new ClosedThrough(merchant, through));
            }
        }
        // as PostgreSQL orders them: furthest behind first, then by id (its bytes, as the hex text orders them)
        behind.sort(Comparator.comparing(
                        ClosedThrough::through, Comparator.nullsFirst(Comparator.<LocalDate>naturalOrder()))
                .thenComparing(entry -> entry.merchantId().toString()));
        return Future.succeededFuture(behind.subList(0, Math.min(limit, behind.size())));
    }

    @Override
    public Future<Optional<LocalDate>> firstDayWithPayments(UUID merchantId, LocalDate after) {
        TreeMap<LocalDate, Boolean> mine = days.getOrDefault(merchantId, new TreeMap<>());
        return Future.succeededFuture(Optional.ofNullable(after == null ? firstKey(mine) : mine.higherKey(after)));
    }

    @Override
    public Future<Boolean> closeDay(UUID merchantId, LocalDate day, LocalDate previous) {
        // as PostgreSQL's one statement: never over a pending payment of the day; the merchant's first closed day
        // whatever previous says, then only from where its closed days end
        TreeMap<LocalDate, Boolean> mine = days.getOrDefault(merchantId, new TreeMap<>());
        boolean first = !closedThrough.containsKey(merchantId);
        if (Boolean.TRUE.equals(mine.get(day))
                || (!first && (previous == null || !previous.equals(closedThrough.get(merchantId))))) {
            return Future.succeededFuture(false);
        }
        closedThrough.put(merchantId, day);
        return Future.succeededFuture(true);
    }

    @Override
    public Future<List<DayTotal>> dailyTotals(UUID merchantId, LocalDate firstDay, LocalDate lastDay) {
        return Future.failedFuture(
                new UnsupportedOperationException("the reports' sums are tested against PostgreSQL"));
    }

    @Override
    public Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date) {
        return Future.failedFuture(
                new UnsupportedOperationException("the reports' sums are tested against PostgreSQL"));
    }

    private static LocalDate firstKey(TreeMap<LocalDate, Boolean> days) {
        return days.isEmpty() ? null : days.firstKey();
    }
}
