package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import java.util.List;
import java.util.UUID;

/**
 * Merchants and what a token request is checked against. Changes a merchant makes to itself are audited and go
 * through {@link AuditStore}; every committed change tells the caches of every node to drop their copy.
 */
public interface MerchantStore {

    record MerchantPage(List<Merchant> merchants, boolean hasMore) {}

    /** What a token request is checked against; an unknown id answers {@code Credentials(null, null)}. */
    record Credentials(Merchant merchant, byte[] secretHash) {}

    Future<Merchant> create(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret);

    /** One merchant; unknown is 404. */
    Future<Merchant> get(UUID id);

    Future<MerchantPage> list(int limit, UUID startingAfter);

    /** An administrator's change (not audited as the merchant's own). */
    Future<Merchant> update(UUID id, MerchantChanges changes);

    Future<Credentials> credentials(UUID id);
}
