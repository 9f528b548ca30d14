package io.walletpay.usecase;

import io.walletpay.merchant.Merchant;
import io.walletpay.store.PaymentLinkStore;
import io.walletpay.store.PaymentLinkStoreContract;
import io.walletpay.support.TestMerchants;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** The payment links' contract on the in-memory store the use cases' tests run over. */
class InMemoryPaymentLinkStoreContractTest extends PaymentLinkStoreContract {

    private final Map<UUID, Merchant> merchants = new HashMap<>();
    private final InMemoryPaymentLinkStore links = new InMemoryPaymentLinkStore(new InMemoryPaymentStore(), merchants);

    @Override
    protected PaymentLinkStore links() {
        return links;
    }

    @Override
    protected UUID newMerchant() {
        Merchant merchant = TestMerchants.active();
        merchants.put(merchant.id(), merchant);
        return merchant.id();
    }
}
