package io.walletpay.checkout;

/** A payment opened at the provider: its token, and the provider gateway page the customer is sent to. */
public record ProviderPayment(String paymentToken, String redirectUrl) {

    @Override
    public String toString() {
        return "ProviderPayment[paymentToken=***]"; // the token lets anyone pay or look at the payment: keep it out of
        // logs
    }
}
