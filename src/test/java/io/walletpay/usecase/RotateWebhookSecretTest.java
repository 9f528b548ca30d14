package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.support.TestMerchants;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** A new webhook secret, the old one signing on for the overlap, and the rotation audited without the secret. */
class RotateWebhookSecretTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final RotateWebhookSecret rotation = new RotateWebhookSecret(StoresOver.of(audit, null, null), 24);

    @Test
    void theNewSecretIsStoredAndTheOldOneStillSignsForTheOverlap() {
        Merchant merchant = audit.add(TestMerchants.active());
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC);

        RotateWebhookSecret.Rotated rotated =
                done(rotation.rotate(merchant.id(), Actor.merchant(merchant.id(), "198.51.100.7")));

        assertThat(rotated.webhookSecret()).startsWith("whsec_").isNotEqualTo(merchant.webhookSecret());
        assertThat(rotated.merchant().webhookSecret()).isEqualTo(rotated.webhookSecret());
        assertThat(rotated.previousActiveUntil())
                .isEqualTo(audit.previousActiveUntil.get(merchant.id()))
                .isAfter(before.plusHours(23))
                .isBefore(before.plusHours(25));
        assertThat(audit.entries).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo(Audited.WEBHOOK_SECRET_ROTATE);
            assertThat(entry.what()).doesNotContain(rotated.webhookSecret());
        });
    }
}
