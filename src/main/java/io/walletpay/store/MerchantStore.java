package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.Credentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.MerchantPage;
import java.util.UUID;

/**
 * Merchants and what a token request is checked against. Changes a merchant makes to itself are audited and go
 * through {@link AuditStore}; every committed change tells the caches of every node to drop their copy.
 */
public interface MerchantStore {

    Future<Merchant> create(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret);

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
