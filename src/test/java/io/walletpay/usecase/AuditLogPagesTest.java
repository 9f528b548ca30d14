package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.Actor;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.AuditRecord;
import io.walletpay.merchant.Merchant;
import io.walletpay.support.TestMerchants;
import org.junit.jupiter.api.Test;

/** A merchant reading its audit log ({@link AuditLog}): its own entries only, newest first, a page at a time. */
class AuditLogPagesTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final AuditLog log = new AuditLog(StoresOver.of(audit, null, null));

    @Test
    void aMerchantReadsItsOwnChangesNewestFirstAPageAtATime() {
        Merchant merchant = audit.add(TestMerchants.active());
        Merchant other = audit.add(TestMerchants.active());
        SetPayoutPhone payoutPhone = new SetPayoutPhone(audit);
        done(payoutPhone.set(merchant.id(), "50937001234", Actor.person("ana@boutik.ht", "::1")));
        done(payoutPhone.set(other.id(), "50937005678", Actor.admin("::1")));
        done(payoutPhone.set(merchant.id(), "", Actor.admin("10.0.0.1")));

        AuditPage first = done(log.list(merchant.id(), null, 1));
        AuditPage second = done(log.list(merchant.id(), first.entries().get(0).id(), 1));

        assertThat(first.hasMore()).isTrue();
        assertThat(first.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.actor()).isEqualTo("admin");
            assertThat(entry.sourceAddress()).isEqualTo("10.0.0.1");
            assertThat(entry.what()).isEqualTo("cleared");
        });
        assertThat(second.hasMore()).isFalse();
        assertThat(second.entries()).extracting(AuditRecord::actor).containsExactly("person:ana@boutik.ht");
    }
}
