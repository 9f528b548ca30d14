package io.walletpay.portal;

import io.walletpay.page.PageText;
import io.walletpay.report.DayTotal;
import io.walletpay.report.StatusTotal;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What the overview shows: totals by status for three periods and the bars of the 30-day volume chart. */
public record OverviewView(
        String merchantName, List<Period> periods, List<Bar> bars, io.walletpay.money.Balance balance) {

    public static final List<String> STATUSES = List.of("completed", "pending", "failed", "cancelled", "expired");

    /** One period's totals: a row per status (zeros included), then completed fees and net. */
    public record Period(String key, List<StatusTotal> rows, BigDecimal fees, BigDecimal net) {}

    /** One day's bar; x, y and height in the SVG's units (a 600×160 box). */
    public record Bar(String day, BigDecimal amount, int x, int y, int height, int width) {
        /** The day as the pages write dates, without the year: {@code 24/11}. */
        public String shortDay() {
            return LocalDate.parse(day).format(java.time.format.DateTimeFormatter.ofPattern("dd/MM"));
        }

        /** The day as the pages write dates: {@code 24/11/2026}. */
        public String fullDay() {
            return LocalDate.parse(day).format(java.time.format.DateTimeFormatter.ofPattern("dd/MM/yyyy"));
        }
    }

    /** The day that sold the most in the chart's 30 days; empty when nothing sold. */
    public java.util.Optional<Bar> bestDay() {
        return bars.stream().filter(bar -> bar.amount().signum() > 0).max(java.util.Comparator.comparing(Bar::amount));
    }

    /** What the chart's 30 days sold, all bars together. */
    public BigDecimal chartTotal() {
        return bars.stream().map(Bar::amount).reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add);
    }

    static final int CHART_WIDTH = 600;
    static final int CHART_HEIGHT = 160;

    /** The period {@code key}: the totals of {@code days} from {@code firstDay} on, a row per status. */
    static Period period(String key, List<DayTotal> days, LocalDate firstDay) {
        Map<String, StatusTotal> byStatus = new java.util.HashMap<>();
        for (DayTotal day : days) {
            if (!day.day().isBefore(firstDay)) {
                byStatus.merge(day.status(), StatusTotal.none(day.status()).plus(day), (was, added) -> was.plus(day));
            }
        }
        List<StatusTotal> rows = new ArrayList<>();
        for (String status : STATUSES) {
            rows.add(byStatus.getOrDefault(status, StatusTotal.none(status)));
        }
        StatusTotal completed = rows.get(0);
        return new Period(key, rows, completed.fees(), completed.net());
    }

    /** A bar for each of the 30 Haitian days ending today, empty days included. */
    static List<Bar> bars(List<DayTotal> month, ZonedDateTime now) {
        Map<String, BigDecimal> volume = month.stream()
                .filter(day -> day.status().equals("completed"))
                .collect(Collectors.toMap(day -> day.day().toString(), DayTotal::amount));
        LocalDate today = now.withZoneSameInstant(PageText.HAITI).toLocalDate();
        BigDecimal max = volume.values().stream().max(BigDecimal::compareTo).orElse(BigDecimal.ZERO);
        int width = CHART_WIDTH / 30;
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            LocalDate day = today.minusDays(29 - i);
            BigDecimal amount = volume.getOrDefault(day.toString(), BigDecimal.ZERO.setScale(2));
            int height = max.signum() == 0
                    ? 0
                    : amount.multiply(BigDecimal.valueOf(CHART_HEIGHT - 10))
                            .divide(max, 0, RoundingMode.HALF_UP)
                            .intValue();
            bars.add(new Bar(day.toString(), amount, i * width + 2, CHART_HEIGHT - height, height, width - 4));
        }
        return bars;
    }
}
