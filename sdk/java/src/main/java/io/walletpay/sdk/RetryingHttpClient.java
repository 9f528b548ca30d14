package io.walletpay.sdk;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An {@link HttpClient} that sends a 429 or 503 again after the {@code Retry-After} the service gives (else 1, 2,
 * 4 s; never above the cap), only for GETs and requests with an {@code Idempotency-Key}, which cannot do a thing
 * twice. The generated client's blocking calls go through {@link #send}; asynchronous ones are sent once.
 */
public final class RetryingHttpClient extends HttpClient {

    static final Set<Integer> RETRIED_STATUSES = Set.of(429, 503);

    private final HttpClient delegate;
    private final int maxRetries;
    private final Duration maxWait;

    public RetryingHttpClient(HttpClient delegate, int maxRetries, Duration maxWait) {
        this.delegate = delegate;
        this.maxRetries = maxRetries;
        this.maxWait = maxWait;
    }

    /** A builder for the generated {@code ApiClient(builder, mapper, baseUri)}: it builds a retrying client. */
    public static HttpClient.Builder builder(int maxRetries, Duration maxWait) {
        return new Builder(HttpClient.newBuilder(), maxRetries, maxWait);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        boolean retrySafe = request.method().equals("GET")
                || request.method().equals("HEAD")
                || request.headers().firstValue("Idempotency-Key").isPresent();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<T> response = delegate.send(request, handler);
            if (!RETRIED_STATUSES.contains(response.statusCode()) || !retrySafe || attempt > maxRetries) {
                return response;
            }
            discard(response);
            Duration wait = retryWait(response.headers().firstValue("Retry-After"), attempt, maxWait, Instant.now());
            Thread.sleep(wait.toMillis());
        }
    }

    /** Retry-After in seconds or as an HTTP date when given, else 1, 2, 4 s; never below 0 nor above the cap. */
    public static Duration retryWait(Optional<String> retryAfter, int attempt, Duration maxWait, Instant now) {
        Duration wait = Duration.ofSeconds(1L << Math.min(attempt - 1, 20));
        if (retryAfter.isPresent() && !retryAfter.get().isBlank()) {
            String value = retryAfter.get().trim();
            try {
                wait = Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
            } catch (NumberFormatException notSeconds) {
                try {
                    wait = Duration.between(
                            now, ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
                } catch (DateTimeParseException notADate) {
                    // neither: the default wait
                }
            }
        }
        if (wait.isNegative()) {
            return Duration.ZERO;
        }
        return wait.compareTo(maxWait) > 0 ? maxWait : wait;
    }

    private static void discard(HttpResponse<?> response) throws IOException {
        if (response.body() instanceof java.io.InputStream body) {
            body.close();
        }
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
            HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return delegate.sendAsync(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(
            HttpRequest request, HttpResponse.BodyHandler<T> handler, HttpResponse.PushPromiseHandler<T> push) {
        return delegate.sendAsync(request, handler, push);
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return delegate.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return delegate.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return delegate.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return delegate.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return delegate.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return delegate.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return delegate.authenticator();
    }

    @Override
    public Version version() {
        return delegate.version();
    }

    @Override
    public Optional<Executor> executor() {
        return delegate.executor();
    }

    /** Configures the underlying client as {@link HttpClient.Builder} does; builds a retrying one. */
    static final class Builder implements HttpClient.Builder {
        private final HttpClient.Builder delegate;
        private final int maxRetries;
        private final Duration maxWait;

        Builder(HttpClient.Builder delegate, int maxRetries, Duration maxWait) {
            this.delegate = delegate;
            this.maxRetries = maxRetries;
            this.maxWait = maxWait;
        }

        @Override
        public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
            delegate.cookieHandler(cookieHandler);
            return this;
        }

        @Override
        public HttpClient.Builder connectTimeout(Duration duration) {
            delegate.connectTimeout(duration);
            return this;
        }

        @Override
        public HttpClient.Builder sslContext(SSLContext sslContext) {
            delegate.sslContext(sslContext);
            return this;
        }

        @Override
        public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
            delegate.sslParameters(sslParameters);
            return this;
        }

        @Override
        public HttpClient.Builder executor(Executor executor) {
            delegate.executor(executor);
            return this;
        }

        @Override
        public HttpClient.Builder followRedirects(Redirect policy) {
            delegate.followRedirects(policy);
            return this;
        }

        @Override
        public HttpClient.Builder version(Version version) {
            delegate.version(version);
            return this;
        }

        @Override
        public HttpClient.Builder priority(int priority) {
            delegate.priority(priority);
            return this;
        }

        @Override
        public HttpClient.Builder proxy(ProxySelector proxySelector) {
            delegate.proxy(proxySelector);
            return this;
        }

        @Override
        public HttpClient.Builder authenticator(Authenticator authenticator) {
            delegate.authenticator(authenticator);
            return this;
        }

        @Override
        public HttpClient build() {
            return new RetryingHttpClient(delegate.build(), maxRetries, maxWait);
        }
    }
}
