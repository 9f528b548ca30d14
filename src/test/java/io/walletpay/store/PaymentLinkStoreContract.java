package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static io.walletpay.store.ContractCalls.code;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.AuditEntry;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link PaymentLinkStore} must do, run against each: the in-memory store the use
 * cases' tests use, and PostgreSQL. A link is its merchant's; a link turned off, or whose places are all held,
 * takes no more payments.
 */
public abstract class PaymentLinkStoreContract {

    /** The store under test. */
    protected abstract PaymentLinkStore links();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    @Test
    void aLinkIsReadBackByItsMerchantAndByItsCodeAndByNoOtherMerchant() throws Exception {
        UUID merchant = newMerchant();
        NewLink link = link(merchant, null);

        PaymentLink created = await(links().create(link));

        assertThat(created.id()).isEqualTo(link.id());
        assertThat(created.active()).isTrue();
        assertThat(created.amount()).isEqualByComparingTo("250.00");
        assertThat(created.code()).isEqualTo(link.code());
        assertThat(await(links().get(merchant, link.id())).description()).isEqualTo("Tikè konsè");
        assertThat(await(links().byCode(link.code())).link().id()).isEqualTo(link.id());
        assertThat(code(() -> links().get(newMerchant(), link.id()))).isEqualTo("not_found");
        assertThat(code(() -> links().byCode("NO-SUCH-LINK"))).isEqualTo("not_found");
    }

    @Test
    void aPaymentThroughALinkNamesItAndALinkTurnedOffTakesNoMore() throws Exception {
        UUID merchant = newMerchant();
        NewLink link = link(merchant, null);
        await(links().create(link));

        Payment paid = await(links().createPayment(link.id(), payment(merchant)));
        PaymentLink off = await(links().deactivate(
                        merchant, link.id(), new AuditEntry(merchant, "admin", "::1", "payment_link.deactivate", "")));

        assertThat(paid.paymentLinkId()).isEqualTo(link.id());
        assertThat(off.active()).isFalse();
        assertThat(code(() -> links().createPayment(link.id(), payment(merchant))))
                .isEqualTo(PaymentLinkStore.GONE);
    }

    @Test
    void aLinkWhosePlacesAreAllHeldByPaymentsInProgressIsBusy() throws Exception {
        UUID merchant = newMerchant();
        NewLink link = link(merchant, 1);
        await(links().create(link));
        await(links().createPayment(link.id(), payment(merchant)));

        assertThat(code(() -> links().createPayment(link.id(), payment(merchant))))
                .isEqualTo(PaymentLinkStore.BUSY);
        assertThat(await(links().get(merchant, link.id())).paymentsInUse()).isEqualTo(1);
    }

    private static NewLink link(UUID merchant, Integer maxPayments) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        return new NewLink(
                id,
                merchant,
                "L" + id.toString().replace("-", "").substring(0, 12).toUpperCase(),
                new BigDecimal("250.00"),
                null,
                "Tikè konsè",
                null,
                null,
                maxPayments,
                now);
    }

    private static NewPayment payment(UUID merchant) {
        return PaymentStoreContract.payment(merchant, "250.00", Duration.ofMinutes(30), "sandbox");
    }
}
