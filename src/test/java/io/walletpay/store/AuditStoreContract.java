package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static io.walletpay.store.ContractCalls.code;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.AuditRecord;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link AuditStore} must do, run against each: the in-memory store the use cases'
 * tests use, and PostgreSQL. A change commits with its entry or not at all; a merchant reads its own log only.
 */
public abstract class AuditStoreContract {

    /** The store under test. */
    protected abstract AuditStore audit();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    @Test
    void aChangeIsStoredWithItsEntryAndTheLogNamesWhoAndWhat() throws Exception {
        UUID merchant = newMerchant();

        Merchant changed = await(audit().update(merchant, renamed("Boutik Nouvo"), entry(merchant, "name")));
        await(audit().setPayoutPhone(merchant, "50937001234", entry(merchant, "•••• 1234")));

        assertThat(changed.name()).isEqualTo("Boutik Nouvo");
        AuditPage log = await(audit().list(merchant, null, 10));
        assertThat(log.hasMore()).isFalse();
        assertThat(log.entries()).extracting(AuditRecord::what).containsExactly("•••• 1234", "name");
        AuditRecord newest = log.entries().get(0);
        assertThat(newest.merchantId()).isEqualTo(merchant);
        assertThat(newest.actor()).isEqualTo("admin");
        assertThat(newest.sourceAddress()).isEqualTo("203.0.113.9");
        assertThat(newest.action()).isEqualTo("test.action");
        assertThat(newest.at()).isNotNull();
        assertThat(log.entries().get(0).id()).isGreaterThan(log.entries().get(1).id());
    }

    @Test
    void aChangeOfAnUnknownMerchantIsNotFoundAndWritesNoEntry() throws Exception {
        UUID unknown = UUID.randomUUID();

        assertThat(code(() -> audit().update(unknown, renamed("Nobody"), entry(unknown, "name"))))
                .isEqualTo("not_found");
        assertThat(code(() -> audit().setPayoutPhone(unknown, "50937001234", entry(unknown, "phone"))))
                .isEqualTo("not_found");
        assertThat(code(() -> audit().rotateSecretKey(unknown, new byte[] {1}, entry(unknown, "secret_key"))))
                .isEqualTo("not_found");

        assertThat(await(audit().list(unknown, null, 10)).entries()).isEmpty();
    }

    @Test
    void theLogIsReadNewestFirstAPageAtATimeAndOnlyByItsMerchant() throws Exception {
        UUID merchant = newMerchant();
        UUID other = newMerchant();
        for (String what : new String[] {"first", "second", "third"}) {
            await(audit().record(entry(merchant, what)));
        }
        await(audit().record(entry(other, "theirs")));

        AuditPage first = await(audit().list(merchant, null, 2));
        AuditPage second = await(audit().list(merchant, first.entries().get(1).id(), 2));

        assertThat(first.entries()).extracting(AuditRecord::what).containsExactly("third", "second");
        assertThat(first.hasMore()).isTrue();
        assertThat(second.entries()).extracting(AuditRecord::what).containsExactly("first");
        assertThat(second.hasMore()).isFalse();
        long theirs = await(audit().list(other, null, 10)).entries().get(0).id();
        assertThat(code(() -> audit().list(merchant, theirs, 10))).isEqualTo("invalid_starting_after");
    }

    @Test
    void theLogPagesBackToTheFirstPage() throws Exception {
        UUID merchant = newMerchant();
        UUID other = newMerchant();
        for (String what : new String[] {"first", "second", "third", "fourth", "fifth"}) {
            await(audit().record(entry(merchant, what)));
        }
        await(audit().record(entry(other, "theirs")));
        AuditPage first = await(audit().list(merchant, null, 2));
        AuditPage second = await(audit().list(merchant, first.entries().get(1).id(), 2));
        AuditPage third = await(audit().list(merchant, second.entries().get(1).id(), 2));
        assertThat(third.entries()).extracting(AuditRecord::what).containsExactly("first");

        AuditPage backToSecond =
                await(audit().list(merchant, null, third.entries().get(0).id(), 2));
        AuditPage backToFirst =
                await(audit().list(merchant, null, backToSecond.entries().get(0).id(), 2));

        assertThat(backToSecond.entries()).extracting(AuditRecord::what).containsExactly("third", "second");
        assertThat(backToSecond.hasMore()).isTrue();
        assertThat(backToFirst.entries()).extracting(AuditRecord::what).containsExactly("fifth", "fourth");
        assertThat(backToFirst.hasMore()).isFalse();
        long theirs = await(audit().list(other, null, 10)).entries().get(0).id();
        assertThat(code(() -> audit().list(merchant, null, theirs, 10))).isEqualTo("invalid_ending_before");
    }

    private static AuditEntry entry(UUID merchant, String what) {
        return new AuditEntry(merchant, "admin", "203.0.113.9", "test.action", what);
    }

    private static MerchantChanges renamed(String name) {
        return new MerchantChanges(name, null, null, false, null, false, null, false, null, null);
    }
}
