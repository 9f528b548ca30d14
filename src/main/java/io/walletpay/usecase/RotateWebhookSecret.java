package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.AuditStore;
import io.walletpay.store.Stores;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A new webhook signing secret, shown once; the old one still signs for {@code webhooks.secret_overlap_hours} so
 * the merchant can switch its receiver without missing a delivery. Recorded in the audit log (never the secret).
 */
public final class RotateWebhookSecret {

    /** The merchant after the rotation, its new secret, and until when the old one still signs. */
    public record Rotated(Merchant merchant, String webhookSecret, OffsetDateTime previousActiveUntil) {}

    private final AuditStore audit;
    private final int overlapHours;

    public RotateWebhookSecret(Stores stores, int overlapHours) {
        this.audit = stores.audit();
        this.overlapHours = overlapHours;
    }

    public Future<Rotated> rotate(UUID merchantId, Actor actor) {
        String secret = Secrets.newWebhookSecret();
        // decided here and stored as is, so the answer states exactly until when the old secret still signs
        OffsetDateTime previousUntil =
                OffsetDateTime.now(ZoneOffset.UTC).plusHours(overlapHours).truncatedTo(ChronoUnit.SECONDS);
        return audit.rotateWebhookSecret(
                        merchantId,
                        secret,
                        previousUntil,
                        Audited.entry(merchantId, actor, Audited.WEBHOOK_SECRET_ROTATE, "webhook_secret"))
                .map(merchant -> new Rotated(merchant, secret, previousUntil));
    }
}
