package io.walletpay.checkout;

import java.time.Duration;

/**
 * A payment opened at the provider: its token, the provider gateway page the customer is sent to, and how long
 * the provider keeps that token usable ({@code tokenLife}; null when it did not say).
 */
public record ProviderPayment(String paymentToken, String redirectUrl, Duration tokenLife) {

    public ProviderPayment(String paymentToken, String redirectUrl) {
        this(paymentToken, redirectUrl, null);
    }

    /**
     * How long the payment stays open: the configured expiry, or less when the provider's payment token dies
     * sooner, since after that the customer can no longer pay at the gateway.
     */
    public Duration expiresIn(Duration configured) {
        if (tokenLife == null || tokenLife.compareTo(configured) >= 0) {
            return configured;
        }
        return tokenLife.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : tokenLife;
    }

    @Override
    public String toString() {
        // the token lets anyone pay or look at the payment: keep it out of logs
        return "ProviderPayment[paymentToken=***, tokenLife=" + tokenLife + "]";
    }
}
