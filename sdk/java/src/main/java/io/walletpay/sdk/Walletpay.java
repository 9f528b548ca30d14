package io.walletpay.sdk;

import io.walletpay.client.ApiClient;
import io.walletpay.client.ApiException;
import io.walletpay.client.api.MerchantAccountApi;
import io.walletpay.client.model.Token;
import io.walletpay.client.model.TokenRequest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * One merchant's client: the generated {@link ApiClient} with what a shop needs around it. The token
 * {@link #authenticate} obtains is sent with the following calls; a create (a payment, a refund, a payout) sent
 * without an {@code Idempotency-Key} gets a fresh one; a 429 or 503 is sent again after {@code Retry-After}
 * ({@link RetryingHttpClient}). Build the generated APIs on it: {@code new PaymentsApi(walletpay.apiClient())}.
 */
public final class Walletpay {

    // the creates the service makes idempotent with an Idempotency-Key
    private static final List<Pattern> IDEMPOTENT_CREATES = List.of(
            Pattern.compile("/api/merchant/payments/wallet/?"),
            Pattern.compile("/api/merchant/payments/[^/]+/refunds"),
            Pattern.compile("/api/merchant/payouts"));

    private final ApiClient apiClient;
    private volatile String token;

    /** {@code baseUrl} is the service's public base URL (the {@code servers} URL of /openapi.yaml). */
    public Walletpay(String baseUrl) {
        this(baseUrl, 3, Duration.ofSeconds(30));
    }

    public Walletpay(String baseUrl, int maxRetries, Duration maxRetryWait) {
        apiClient = new ApiClient(
                RetryingHttpClient.builder(maxRetries, maxRetryWait),
                ApiClient.createDefaultObjectMapper(),
                baseUrl.replaceAll("/+$", ""));
        apiClient.setRequestInterceptor(this::prepare);
    }

    /** A fresh key for one logical request; send the same key again to retry that request safely. */
    public static String newIdempotencyKey() {
        return UUID.randomUUID().toString();
    }

    public ApiClient apiClient() {
        return apiClient;
    }

    /** Gets a token ({@code POST /api/merchant/token/}) and keeps it for the following calls. */
    public Token authenticate(String merchantId, String secretKey) throws ApiException {
        Token issued = new MerchantAccountApi(apiClient)
                .createToken(new TokenRequest().merchantId(merchantId).secretKey(secretKey))
                .getData();
        token = issued.getToken();
        return issued;
    }

    /** Uses a token obtained elsewhere. */
    public void useToken(String token) {
        this.token = token;
    }

    private void prepare(HttpRequest.Builder request) {
        HttpRequest sent = request.copy().build();
        if (token != null && sent.headers().firstValue("Authorization").isEmpty()) {
            request.header("Authorization", "Bearer " + token);
        }
        String path = sent.uri().getRawPath();
        if (sent.method().equals("POST")
                && sent.headers().firstValue("Idempotency-Key").isEmpty()
                && IDEMPOTENT_CREATES.stream().anyMatch(create -> create.matcher(path).matches())) {
            request.header("Idempotency-Key", newIdempotencyKey());
        }
    }
}
