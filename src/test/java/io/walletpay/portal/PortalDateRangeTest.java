package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The portal's date filters cover whole days in Haiti, the two Sundays the clocks change included. */
class PortalDateRangeTest {

    @Test
    void aRangeEndingOnTheDayTheClocksGoBackEndsAtMidnightInHaiti() {
        // 2026-11-01 has 25 hours in Haiti: it ends at 00:00 EST (-05:00), not 00:00 of the day's EDT (-04:00)
        assertThat(paymentsUntil("2026-11-01")).isEqualTo(OffsetDateTime.parse("2026-11-02T00:00-05:00"));
        assertThat(new DeliveryFilter("", "", "2026-11-01").createdLt())
                .isEqualTo(OffsetDateTime.parse("2026-11-02T00:00-05:00"));
    }

    @Test
    void aRangeEndingOnTheDayTheClocksGoForwardEndsAtMidnightInHaiti() {
        // 2026-03-08 has 23 hours: it ends at 00:00 EDT (-04:00)
        assertThat(paymentsUntil("2026-03-08")).isEqualTo(OffsetDateTime.parse("2026-03-09T00:00-04:00"));
        assertThat(new DeliveryFilter("", "", "2026-03-08").createdLt())
                .isEqualTo(OffsetDateTime.parse("2026-03-09T00:00-04:00"));
    }

    @Test
    void oneDayFromAndToIsThatWholeDay() {
        PaymentFilter filter =
                PaymentFilter.of("", "", "2026-11-01", "2026-11-01", "").orElseThrow();
        var query = filter.query(UUID.randomUUID(), 10, null);
        assertThat(query.createdGte()).isEqualTo(OffsetDateTime.parse("2026-11-01T00:00-04:00"));
        assertThat(query.createdLt()).isEqualTo(OffsetDateTime.parse("2026-11-02T00:00-05:00"));
    }

    private static OffsetDateTime paymentsUntil(String to) {
        return PaymentFilter.of("", "", "", to, "")
                .orElseThrow()
                .query(UUID.randomUUID(), 10, null)
                .createdLt();
    }
}
