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
    private final io.walletpay.store.MerchantStore merchants;

    public RotateSecretKey(Stores stores) {
        this.audit = stores.audit();
        this.merchants = stores.merchants();
    }

    /** A live merchant's new key. */
    public Future<Rotated> rotate(UUID merchantId, Actor actor) {
        return rotate(merchantId, true, actor);
    }

    /** The test twin's new key ({@code sk_test_…}), the twin found from its live merchant {@code liveId}. */
    public Future<Rotated> rotateTest(UUID liveId, Actor actor) {
        return merchants.twin(liveId).compose(twin -> rotate(twin.id(), false, actor));
    }

    /** A new key for the merchant row {@code merchantId}: a live key, or with {@code livemode} false a test key. */
    public Future<Rotated> rotate(UUID merchantId, boolean livemode, Actor actor) {
        String secretKey = Secrets.newSecretKey(livemode);
        return audit.rotateSecretKey(
                        merchantId,
                        Secrets.hash(secretKey),
                        Audited.entry(merchantId, actor, Audited.SECRET_KEY_ROTATE, "secret_key"))
                .map(merchant -> new Rotated(merchant, secretKey));
    }
}
