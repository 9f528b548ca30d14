package io.walletpay.config;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and as whom the live adapter talks to the wallet provider. {@code apiBaseUrl} serves the OAuth token and
 * the merchant API ({@code /oauth/token}, {@code /v1/...}); {@code gatewayBaseUrl} serves the customer's payment
 * page ({@code /Payment/Redirect}). Trailing slashes are dropped.
 */
public record LiveProviderSettings(
        String apiBaseUrl,
        String gatewayBaseUrl,
        String clientId,
        String clientSecret,
        Duration connectTimeout,
        Duration requestTimeout) {

    public LiveProviderSettings {
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
                    Duration.ofMillis(provider.requestTimeoutMs()));
        } catch (IllegalArgumentException | NullPointerException e) {
            String problem = e.getMessage() == null ? "is invalid" : e.getMessage();
            String key = problem.startsWith("apiBaseUrl")
                    ? "api_base_url"
                    : problem.startsWith("gatewayBaseUrl")
                            ? "gateway_base_url"
                            : problem.startsWith("clientId")
                                    ? "client_id"
                                    : problem.startsWith("clientSecret")
                                            ? "client_secret"
                                            : problem.startsWith("connectTimeout")
                                                    ? "connect_timeout_ms"
                                                    : "request_timeout_ms";
            throw new ConfigException("provider." + key, problem);
        }
    }

    @Override
    public String toString() {
        // The record's default toString would print the secret into any log line that mentions the settings.
        return "LiveProviderSettings[apiBaseUrl=" + apiBaseUrl + ", gatewayBaseUrl=" + gatewayBaseUrl
                + ", clientId=" + clientId + ", clientSecret=***, connectTimeout=" + connectTimeout
                + ", requestTimeout=" + requestTimeout + "]";
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
