package io.walletpay.bus;

import io.vertx.core.Future;
import io.walletpay.bus.MerchantMessages.CreateMerchant;
import io.walletpay.bus.MerchantMessages.Credentials;
import io.walletpay.bus.MerchantMessages.GetCredentials;
import io.walletpay.bus.MerchantMessages.GetMerchant;
import io.walletpay.bus.MerchantMessages.ListMerchants;
import io.walletpay.bus.MerchantMessages.MerchantPage;
import io.walletpay.bus.MerchantMessages.RotateSecretKey;
import io.walletpay.bus.MerchantMessages.RotateWebhookSecret;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The merchant store as its callers see it: typed, future-returning, over the bus (see {@link StoreClients}). */
public final class MerchantStoreClient {

    private final BusCalls bus;

    MerchantStoreClient(BusCalls bus) {
        this.bus = bus;
    }

    public Future<Merchant> create(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret) {
        return bus.request(Addresses.MERCHANT_CREATE, new CreateMerchant(id, merchant, secretHash, webhookSecret));
    }

    public Future<Merchant> get(UUID id) {
        return bus.request(Addresses.MERCHANT_GET, new GetMerchant(id));
    }

    public Future<MerchantPage> list(int limit, UUID startingAfter) {
        return bus.request(Addresses.MERCHANT_LIST, new ListMerchants(limit, startingAfter));
    }

    public Future<Merchant> update(UUID id, MerchantChanges changes) {
        return bus.request(Addresses.MERCHANT_UPDATE, new UpdateMerchant(id, changes));
    }

    /** Makes {@code webhookSecret} the signing secret; the previous one still signs until {@code previousActiveUntil}. */
    public Future<Merchant> rotateWebhookSecret(UUID id, String webhookSecret, OffsetDateTime previousActiveUntil) {
        return bus.request(
                Addresses.MERCHANT_ROTATE_WEBHOOK_SECRET,
                new RotateWebhookSecret(id, webhookSecret, previousActiveUntil));
    }

    /** Replaces the secret key's hash; tokens issued under the old key stop at once. */
    public Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash) {
        return bus.request(Addresses.MERCHANT_ROTATE_SECRET_KEY, new RotateSecretKey(id, secretHash));
    }

    /** The merchant and its secret key's hash; an unknown id answers a dummy hash after the same round trip. */
    public Future<Credentials> credentials(UUID id) {
        return bus.request(Addresses.MERCHANT_CREDENTIALS, new GetCredentials(id));
    }
}
