package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.AuditStore;
import io.walletpay.store.Stores;
import java.util.UUID;

/**
 * A new secret key, shown this once (only its hash is stored). The old key stops at once and so does every token
 * issued under it; the merchant's cached copies are dropped when the store announces the change. Recorded in the
 * audit log (never the key).
 */
public final class RotateSecretKey {

    /** The merchant after the rotation and its new secret key, to show once. */
    public record Rotated(Merchant merchant, String secretKey) {}

    private final AuditStore audit;

    public RotateSecretKey(Stores stores) {
        this.audit = stores.audit();
    }

    public Future<Rotated> rotate(UUID merchantId, Actor actor) {
        String secretKey = Secrets.newSecretKey();
        return audit.rotateSecretKey(
                        merchantId,
                        Secrets.hash(secretKey),
                        Audited.entry(merchantId, actor, Audited.SECRET_KEY_ROTATE, "secret_key"))
                .map(merchant -> new Rotated(merchant, secretKey));
    }
}
