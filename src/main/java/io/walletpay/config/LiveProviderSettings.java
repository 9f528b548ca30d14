package io.walletpay.config;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and as whom the live adapter talks to the wallet provider (MonCash). {@code apiBaseUrl} serves the OAuth
 * token and the merchant API, {@code gatewayBaseUrl} the customer's payment page; every path below them is
 * configurable because the provider has moved hosts and paths before ({@link Paths}). {@code maxAmount} is the
 * business account's cap on one payment (null: no cap known). Trailing slashes are dropped.
 */
public record LiveProviderSettings(
        String apiBaseUrl,
        String gatewayBaseUrl,
        String clientId,
        String clientSecret,
        Duration connectTimeout,
        Duration requestTimeout,
        Paths paths,
        BigDecimal maxAmount) {

    /** The paths MonCash's public SDKs use; each starts with '/'. */
    public record Paths(
            String token, String createPayment, String retrieveTransaction, String retrieveOrder, String redirect) {

        public static final Paths MONCASH = new Paths(
                "/oauth/token",
                "/v1/CreatePayment",
                "/v1/RetrieveTransactionPayment",
                "/v1/RetrieveOrderPayment",
                "/Payment/Redirect");

        public Paths {
            token = path("tokenPath", token);
            createPayment = path("createPaymentPath", createPayment);
            retrieveTransaction = path("retrieveTransactionPath", retrieveTransaction);
            retrieveOrder = path("retrieveOrderPath", retrieveOrder);
            redirect = path("redirectPath", redirect);
        }

        private static String path(String name, String value) {
            if (value == null
                    || !value.startsWith("/")
                    || value.contains("?")
                    || value.contains("#")
                    || value.chars().anyMatch(c -> c <= ' ')) {
                throw new IllegalArgumentException(name + " must start with '/' and have no query, fragment or space");
            }
            return value;
        }
    }

    /** MonCash's paths, no amount cap. */
    public LiveProviderSettings(
            String apiBaseUrl,
            String gatewayBaseUrl,
            String clientId,
            String clientSecret,
            Duration connectTimeout,
            Duration requestTimeout) {
        this(apiBaseUrl, gatewayBaseUrl, clientId, clientSecret, connectTimeout, requestTimeout, Paths.MONCASH, null);
    }

    public LiveProviderSettings {
        Objects.requireNonNull(paths, "paths");
        if (maxAmount != null && maxAmount.signum() <= 0) {
            throw new IllegalArgumentException("maxAmount must be positive");
        }
        apiBaseUrl = baseUrl("apiBaseUrl", apiBaseUrl);
        gatewayBaseUrl = baseUrl("gatewayBaseUrl", gatewayBaseUrl);
        if (clientId == null || clientId.isBlank()) {
            throw new IllegalArgumentException("clientId is required");
        }
        if (clientSecret == null || clientSecret.isBlank()) {
            throw new IllegalArgumentException("clientSecret is required");
        }
        positive("connectTimeout", connectTimeout);
        positive("requestTimeout", requestTimeout);
    }

    /** The {@code provider.*} configuration as settings; a value they refuse is a ConfigException naming its key. */
    public static LiveProviderSettings from(AppConfig.Provider provider) {
        try {
            return new LiveProviderSettings(
                    provider.apiBaseUrl(),
                    provider.gatewayBaseUrl(),
                    provider.clientId(),
                    provider.clientSecret(),
                    Duration.ofMillis(provider.connectTimeoutMs()),
                    Duration.ofMillis(provider.requestTimeoutMs()),
                    new Paths(
                            provider.tokenPath(),
                            provider.createPaymentPath(),
                            provider.retrieveTransactionPath(),
                            provider.retrieveOrderPath(),
                            provider.redirectPath()),
                    provider.maxAmount());
        } catch (IllegalArgumentException | NullPointerException e) {
            String problem = e.getMessage() == null ? "is invalid" : e.getMessage();
            String key = CONFIG_KEYS.entrySet().stream()
                    .filter(entry -> problem.startsWith(entry.getKey()))
                    .map(java.util.Map.Entry::getValue)
                    .findFirst()
                    .orElse("request_timeout_ms");
            throw new ConfigException("provider." + key, problem);
        }
    }

    /** Which {@code provider.*} key each setting comes from, to name it in a configuration error. */
    private static final java.util.Map<String, String> CONFIG_KEYS = java.util.Map.ofEntries(
            java.util.Map.entry("apiBaseUrl", "api_base_url"),
            java.util.Map.entry("gatewayBaseUrl", "gateway_base_url"),
            java.util.Map.entry("clientId", "client_id"),
            java.util.Map.entry("clientSecret", "client_secret"),
            java.util.Map.entry("connectTimeout", "connect_timeout_ms"),
            java.util.Map.entry("requestTimeout", "request_timeout_ms"),
            java.util.Map.entry("tokenPath", "token_path"),
            java.util.Map.entry("createPaymentPath", "create_payment_path"),
            java.util.Map.entry("retrieveTransactionPath", "retrieve_transaction_path"),
            java.util.Map.entry("retrieveOrderPath", "retrieve_order_path"),
            java.util.Map.entry("redirectPath", "redirect_path"),
            java.util.Map.entry("maxAmount", "max_amount"));

    @Override
    public String toString() {
        // The record's default toString would print the secret into any log line that mentions the settings.
        return "LiveProviderSettings[apiBaseUrl=" + apiBaseUrl + ", gatewayBaseUrl=" + gatewayBaseUrl
                + ", clientId=" + clientId + ", clientSecret=***, connectTimeout=" + connectTimeout
                + ", requestTimeout=" + requestTimeout + ", paths=" + paths + ", maxAmount=" + maxAmount + "]";
    }

    private static String baseUrl(String name, String value) {
        Objects.requireNonNull(value, name);
        String trimmed = value.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        URI uri;
        try {
            uri = URI.create(trimmed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a URL");
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                || uri.getHost() == null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(name + " must be an http(s) URL without query or fragment");
        }
        return trimmed;
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
