package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.money.BooksCheck.Outstanding;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The books' figures: the ledger expects the opening balance plus payments in less transfers paid; the drift is what
 * the provider reports less that, exact to the centime; a drift alarms only when nothing pending explains it.
 */
class BooksCheckTest {

    private static BooksCheck check(String reported, Outstanding inFlight, Outstanding inReview) {
        return new BooksCheck(
                new BigDecimal("1000"),
                new BigDecimal("2500.50"),
                new BigDecimal("300.25"),
                reported == null ? null : new BigDecimal(reported),
                inFlight,
                inReview);
    }

    @Test
    void theLedgerExpectsTheOpeningBalancePlusPaymentsLessTransfersPaid() {
        BooksCheck check = check("3200.25", Outstanding.NONE, Outstanding.NONE);

        assertThat(check.expected()).isEqualTo(new BigDecimal("3200.25"));
        assertThat(check.drift()).isEqualTo(new BigDecimal("0.00"));
        assertThat(check.unexplainedDrift()).isFalse();
    }

    @Test
    void theDriftIsWhatTheProviderReportsLessWhatTheLedgerExpectsToTheCentime() {
        assertThat(check("3200.24", Outstanding.NONE, Outstanding.NONE).drift().toPlainString())
                .isEqualTo("-0.01");
        assertThat(check("3300.25", Outstanding.NONE, Outstanding.NONE).drift().toPlainString())
                .isEqualTo("100.00");
    }

    @Test
    void everyFigureHasTwoDecimals() {
        BooksCheck check = new BooksCheck(
                new BigDecimal("5"),
                BigDecimal.ZERO,
                BigDecimal.ZERO,
                new BigDecimal("5.1"),
                new Outstanding(0, BigDecimal.ZERO),
                Outstanding.NONE);

        assertThat(check.openingBalance().toPlainString()).isEqualTo("5.00");
        assertThat(check.expected().toPlainString()).isEqualTo("5.00");
        assertThat(check.reported().toPlainString()).isEqualTo("5.10");
        assertThat(check.drift().toPlainString()).isEqualTo("0.10");
        assertThat(check.inFlight().amount().toPlainString()).isEqualTo("0.00");
    }

    @Test
    void aLedgerFigureWithAFractionOfACentimeIsADefectNotRounded() {
        assertThatThrownBy(() -> new BooksCheck(
                        new BigDecimal("0.001"),
                        BigDecimal.ZERO,
                        BigDecimal.ZERO,
                        null,
                        Outstanding.NONE,
                        Outstanding.NONE))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void withoutAReportedBalanceThereIsNoDrift() {
        BooksCheck check = check(null, Outstanding.NONE, Outstanding.NONE);

        assertThat(check.expected()).isEqualTo(new BigDecimal("3200.25"));
        assertThat(check.drift()).isNull();
        assertThat(check.unexplainedDrift()).isFalse();
    }

    @Test
    void aDriftWithNothingPendingIsUnexplained() {
        assertThat(check("3100.25", Outstanding.NONE, Outstanding.NONE).unexplainedDrift())
                .isTrue();
    }

    @Test
    void aDriftWhileTransfersAreInFlightOrInReviewIsExplainedByThem() {
        Outstanding one = new Outstanding(1, new BigDecimal("100.00"));

        assertThat(check("3100.25", one, Outstanding.NONE).unexplainedDrift()).isFalse();
        assertThat(check("3100.25", Outstanding.NONE, one).unexplainedDrift()).isFalse();
        assertThat(check("3100.25", one, Outstanding.NONE).settling()).isTrue();
    }
}
