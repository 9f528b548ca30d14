package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.support.TestMerchants;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A new secret key shown once, only its hash stored, the rotation in the audit log and never the key. */
class RotateSecretKeyTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final RotateSecretKey rotation = new RotateSecretKey(StoresOver.merchants(audit));

    @Test
    void theTestKeyIsTheTwinsAndStartsSkTestLeavingTheLiveKeyAlone() {
        Merchant live = audit.add(TestMerchants.active());
        Merchant twin = audit.add(TestMerchants.twinOf(live));

        RotateSecretKey.Rotated rotated = done(rotation.rotateTest(live.id(), Actor.admin("203.0.113.9")));

        assertThat(rotated.secretKey()).startsWith("sk_test_");
        assertThat(rotated.merchant().id()).isEqualTo(twin.id());
        assertThat(rotated.merchant().publicId()).isEqualTo(live.id());
        assertThat(Secrets.matches(rotated.secretKey(), audit.secretHashes.get(twin.id())))
                .isTrue();
        assertThat(audit.secretHashes).doesNotContainKey(live.id());
    }

    @Test
    void aLiveRotationNeverGivesATestKey() {
        Merchant live = audit.add(TestMerchants.active());

        assertThat(done(rotation.rotate(live.id(), Actor.admin("203.0.113.9"))).secretKey())
                .doesNotStartWith("sk_test_");
    }

    @Test
    void theNewKeyIsShownOnceAndOnlyItsHashIsStoredWithTheAuditEntry() {
        Merchant merchant = audit.add(TestMerchants.active());

        RotateSecretKey.Rotated rotated = done(rotation.rotate(merchant.id(), Actor.admin("203.0.113.9")));

        assertThat(rotated.secretKey()).isNotBlank();
        assertThat(Secrets.matches(rotated.secretKey(), audit.secretHashes.get(merchant.id())))
                .isTrue();
        assertThat(audit.entries).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo(Audited.SECRET_KEY_ROTATE);
            assertThat(entry.what()).isEqualTo("secret_key").doesNotContain(rotated.secretKey());
            assertThat(entry.sourceAddress()).isEqualTo("203.0.113.9");
        });
    }

    @Test
    void twoRotationsGiveTwoDifferentKeys() {
        Merchant merchant = audit.add(TestMerchants.active());

        String first =
                done(rotation.rotate(merchant.id(), Actor.admin("203.0.113.9"))).secretKey();
        String second =
                done(rotation.rotate(merchant.id(), Actor.admin("203.0.113.9"))).secretKey();

        assertThat(first).isNotEqualTo(second);
        assertThat(Secrets.matches(first, audit.secretHashes.get(merchant.id())))
                .isFalse();
    }

    @Test
    void anUnknownMerchantIsNotFound() {
        Throwable missing = failure(rotation.rotate(UUID.randomUUID(), Actor.admin("203.0.113.9")));

        assertThat(((ServiceException) missing).code()).isEqualTo("not_found");
        assertThat(audit.entries).isEmpty();
    }
}
