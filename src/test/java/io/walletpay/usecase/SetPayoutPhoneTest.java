package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Merchant;
import io.walletpay.support.TestMerchants;
import org.junit.jupiter.api.Test;

/** Where payouts go: a Haitian mobile number kept as 509XXXXXXXX, audited with its last four digits only. */
class SetPayoutPhoneTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final SetPayoutPhone payoutPhone = new SetPayoutPhone(audit);
    private final Merchant merchant = audit.add(TestMerchants.active());

    @Test
    void aNumberInAnySpellingIsStoredAsItsDigitsAndTheLogShowsOnlyItsLastFour() {
        String stored = done(payoutPhone.set(merchant.id(), "+509 3700-1234", Actor.merchant(merchant.id(), "::1")));

        assertThat(stored).isEqualTo("50937001234");
        assertThat(audit.payoutPhones).containsEntry(merchant.id(), "50937001234");
        assertThat(audit.entries).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("payout_phone.set");
            assertThat(entry.actor()).isEqualTo(merchant.id().toString());
            assertThat(entry.what()).endsWith("1234").doesNotContain("3700");
        });
    }

    @Test
    void anEmptyNumberClearsItAndTheLogSaysSo() {
        done(payoutPhone.set(merchant.id(), "50937001234", Actor.admin("::1")));

        assertThat(done(payoutPhone.set(merchant.id(), " ", Actor.admin("::1"))))
                .isNull();

        assertThat(audit.payoutPhones.get(merchant.id())).isNull();
        assertThat(audit.entries).extracting(entry -> entry.what()).last().isEqualTo("cleared");
    }

    @Test
    void aNumberThatIsNotAHaitianMobileIsRefusedAndNothingIsStored() {
        Throwable refused = catchThrowable(() -> payoutPhone.set(merchant.id(), "+1 212 555 0100", Actor.admin("::1")));

        assertThat(((ServiceException) refused).code()).isEqualTo("invalid_payout_phone");
        assertThat(audit.payoutPhones).isEmpty();
        assertThat(audit.entries).isEmpty();
    }
}
