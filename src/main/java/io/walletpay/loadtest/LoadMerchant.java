package io.walletpay.loadtest;

/**
 * One merchant the run sends payments for: its id, the credentials to renew its token, its current bearer token,
 * and the webhook secret the receiver verifies with. Nothing secret ever reaches {@link #toString()}.
 */
final class LoadMerchant {

    private final int index;
    private final String merchantId;
    private final String secretKey;
    private final String webhookSecret;
    private volatile String authorization;

    LoadMerchant(int index, String merchantId, String secretKey, String webhookSecret) {
        this.index = index;
        this.merchantId = merchantId;
        this.secretKey = secretKey;
        this.webhookSecret = webhookSecret;
    }

    /** The stand-in for {@code --no-auth}: no id, no token. */
    static LoadMerchant anonymous() {
        return new LoadMerchant(0, null, null, null);
    }

    int index() {
        return index;
    }

    String merchantId() {
        return merchantId;
    }

    String secretKey() {
        return secretKey;
    }

    String webhookSecret() {
        return webhookSecret;
    }

    /** The {@code Authorization} header value, or null without a token. */
    String authorization() {
        return authorization;
    }

    void useToken(String token) {
        this.authorization = "Bearer " + token;
    }

    @Override
    public String toString() {
        return "LoadMerchant[" + index + ", " + (merchantId == null ? "anonymous" : merchantId) + "]";
    }
}
