package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.Credentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.MerchantPage;
import io.walletpay.merchant.Secrets;
import java.util.UUID;

/**
 * Merchants and what a token request is checked against. Changes a merchant makes to itself are audited and go
 * through {@link AuditStore}; every committed change tells the caches of every node to drop their copy.
 */
public interface MerchantStore {

    /** A merchant and its test twin, whose secret key nobody knows until it is rotated. */
    default Future<Merchant> create(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret) {
        Secrets.Issued test = Secrets.forTestMode();
        return create(id, merchant, secretHash, webhookSecret, test.secretHash(), test.webhookSecret());
    }

    /** A merchant (answered) and, in the same transaction, its test twin with the test secrets given. */
    Future<Merchant> create(
            UUID id,
            NewMerchant merchant,
            byte[] secretHash,
            String webhookSecret,
            byte[] testSecretHash,
            String testWebhookSecret);

    /** The test twin of the live merchant {@code liveId}; 404 when there is no such merchant. */
    Future<Merchant> twin(UUID liveId);

    /**
     * What a secret key offered for {@code id} (a live merchant's id) is checked against: the live row's, or with
     * {@code livemode} false its twin's.
     */
    default Future<Credentials> credentials(UUID id, boolean livemode) {
        return livemode ? credentials(id) : testCredentials(id);
    }

    /** The twin's credentials for the live merchant {@code liveId}; {@code Credentials(null, null)} when none. */
    Future<Credentials> testCredentials(UUID liveId);

    /** One merchant; unknown is 404. */
    Future<Merchant> get(UUID id);

    default Future<MerchantPage> list(int limit, UUID startingAfter) {
        return list(limit, startingAfter, null);
    }

    /**
     * Every merchant, newest first: the page after {@code startingAfter} or the one just before {@code endingBefore}
     * (at most one set; an id that names no merchant: 400 for the parameter it came as).
     */
    Future<MerchantPage> list(int limit, UUID startingAfter, UUID endingBefore);

    /** An administrator's change (not audited as the merchant's own). */
    Future<Merchant> update(UUID id, MerchantChanges changes);

    Future<Credentials> credentials(UUID id);
}
