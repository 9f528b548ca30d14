package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import java.util.Optional;

/**
 * The tries of live payments at the wallet provider ({@link ProviderOrder}): the ones opened after a decline, and
 * what the provider said about each. A decline counts against its payment once, however often it is reported.
 */
public interface ProviderOrderStore {

    /** Where the customer pays the try, when it was opened already. */
    Future<Optional<String>> opened(ProviderOrder order);

    /**
     * Records the try as opened at the provider with its gateway address; when two requests opened it at once, the
     * first one recorded wins and every caller gets its address.
     */
    Future<String> open(ProviderOrder order, String redirectUrl);

    /**
     * Records the provider's decline of the try, and counts it against the payment when it is the payment's current
     * try, still pending; a decline reported again is not counted again. Whether it was counted now.
     */
    Future<Boolean> declined(ProviderOrder order, String transactionId, String reason);

    /** Records that the provider reports the try paid by {@code transactionId}. */
    Future<Void> paid(ProviderOrder order, String transactionId);
}
