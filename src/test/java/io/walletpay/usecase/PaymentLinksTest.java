package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.error.ServiceException;
import io.walletpay.links.PaymentLinkRequest;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.PaymentLink;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A merchant's payment links: made active with an unguessable code and audited, switched off once. */
class PaymentLinksTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final Map<UUID, Merchant> merchants = new HashMap<>();
    private final InMemoryPaymentLinkStore links = new InMemoryPaymentLinkStore(payments, merchants);
    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final PaymentLinks paymentLinks = new PaymentLinks(
            StoresOver.of(audit, links, null),
            new AmountLimits(new BigDecimal("1.00"), new BigDecimal("100000.00")),
            "https://pay.example");
    private final Merchant merchant = TestMerchants.active();

    @Test
    void aNewLinkIsActiveWithAnUnguessableCodeItsAddressAndAnAuditEntry() {
        merchants.put(merchant.id(), merchant);

        PaymentLink link =
                done(paymentLinks.create(merchant, tickets(), Actor.person("ana@boutik.ht", "198.51.100.7")));

        assertThat(link.active()).isTrue();
        assertThat(link.code()).hasSize(16);
        assertThat(paymentLinks.url(link)).isEqualTo("https://pay.example/l/" + link.code());
        assertThat(audit.entries).singleElement().satisfies(entry -> assertThat(entry.what())
                .isEqualTo(link.id().toString()));
        assertThat(done(paymentLinks.get(merchant.id(), link.id())).id()).isEqualTo(link.id());
    }

    @Test
    void aDisabledMerchantMakesNoLink() {
        Merchant disabled = TestMerchants.withStatus(MerchantStatus.DISABLED);

        Throwable refused = failure(paymentLinks.create(disabled, tickets(), Actor.person("ana@boutik.ht", "x")));

        assertThat(((ServiceException) refused).code()).isEqualTo("merchant_disabled");
        assertThat(audit.entries).isEmpty();
    }

    @Test
    void aDeactivatedLinkStaysOff() {
        merchants.put(merchant.id(), merchant);
        PaymentLink link = done(paymentLinks.create(merchant, tickets(), Actor.person("ana@boutik.ht", "x")));

        PaymentLink off = done(paymentLinks.deactivate(merchant.id(), link.id(), Actor.person("ana@boutik.ht", "x")));
        PaymentLink again = done(paymentLinks.deactivate(merchant.id(), link.id(), Actor.person("ana@boutik.ht", "x")));

        assertThat(off.active()).isFalse();
        assertThat(again.active()).isFalse();
    }

    private static PaymentLinkRequest tickets() {
        return new PaymentLinkRequest(new BigDecimal("250.00"), null, "Tickets", null, null, null);
    }
}
