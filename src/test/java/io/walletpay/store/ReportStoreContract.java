package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.report.ClosedThrough;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link ReportStore}'s closed days must do, run against each: the in-memory store
 * the totals' fast test uses, and PostgreSQL. A day closes once, only from where the merchant's closed days end and
 * only with nothing pending; the merchants furthest behind come first, those without payments too.
 */
public abstract class ReportStoreContract {

    static final LocalDate DAY = LocalDate.parse("2026-11-10");

    /** The store under test. */
    protected abstract ReportStore reports();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    /** A payment of the merchant created at 10:00 in Haiti on {@code day}, {@code pending} or completed. */
    protected abstract void payment(UUID merchant, LocalDate day, boolean pending) throws Exception;

    @Test
    void aDayClosesOnceAndOnlyFromWhereTheMerchantsClosedDaysEnd() throws Exception {
        UUID merchant = newMerchant();
        payment(merchant, DAY, false);

        assertThat(await(reports().closeDay(merchant, DAY, null))).isTrue();
        assertThat(await(reports().closeDay(merchant, DAY, null))).isFalse();
        assertThat(await(reports().closeDay(merchant, DAY.plusDays(1), DAY.minusDays(1))))
                .isFalse();
        assertThat(await(reports().closeDay(merchant, DAY.plusDays(1), DAY))).isTrue();

        assertThat(mine(await(reports().behind(DAY.plusDays(1), 1000)), merchant))
                .isEmpty();
        assertThat(mine(await(reports().behind(DAY.plusDays(2), 1000)), merchant))
                .containsExactly(new ClosedThrough(merchant, DAY.plusDays(1)));
    }

    @Test
    void aDayWithAPendingPaymentIsNotClosed() throws Exception {
        UUID merchant = newMerchant();
        payment(merchant, DAY, false);
        payment(merchant, DAY, true);

        assertThat(await(reports().closeDay(merchant, DAY, null))).isFalse();

        assertThat(mine(await(reports().behind(DAY, 1000)), merchant))
                .containsExactly(new ClosedThrough(merchant, null));
    }

    @Test
    void theNextDayWithPaymentsIsFoundAfterAGivenDay() throws Exception {
        UUID merchant = newMerchant();
        payment(merchant, DAY, false);
        payment(merchant, DAY.plusDays(3), true);

        assertThat(await(reports().firstDayWithPayments(merchant, null))).contains(DAY);
        assertThat(await(reports().firstDayWithPayments(merchant, DAY))).contains(DAY.plusDays(3));
        assertThat(await(reports().firstDayWithPayments(merchant, DAY.plusDays(3))))
                .isEmpty();
        assertThat(await(reports().firstDayWithPayments(newMerchant(), null))).isEmpty();
    }

    @Test
    void theMerchantsFurthestBehindComeFirstThoseWithoutPaymentsToo() throws Exception {
        UUID closed = newMerchant();
        payment(closed, DAY, false);
        await(reports().closeDay(closed, DAY, null));
        UUID none = newMerchant();

        List<ClosedThrough> behind = await(reports().behind(DAY.plusDays(5), 1000));

        assertThat(mine(behind, none, closed))
                .containsExactly(new ClosedThrough(none, null), new ClosedThrough(closed, DAY));
    }

    /** The entries of {@code behind} that name one of {@code merchants}, in their order. */
    private static List<ClosedThrough> mine(List<ClosedThrough> behind, UUID... merchants) {
        List<UUID> wanted = List.of(merchants);
        return behind.stream()
                .filter(entry -> wanted.contains(entry.merchantId()))
                .toList();
    }
}
