package io.walletpay.delivery;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.tracing.TracingPolicy;
import io.walletpay.config.AppConfig;
import io.walletpay.metrics.GuardedMetricsFactory;
import io.walletpay.tracing.Tracing;
import io.walletpay.webhook.AttemptError;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryOutcome;
import io.walletpay.webhook.DeliveryOutcome.TransportFailure;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.RetryAfter;
import io.walletpay.webhook.RetrySchedule;
import io.walletpay.webhook.StandardSignature;
import io.walletpay.webhook.TargetGuard;
import io.walletpay.webhook.WebhookBody;
import io.walletpay.webhook.WebhookSigner;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Makes one attempt of one delivery: resolves the target, checks the address actually used with the
 * {@link TargetGuard} and pins the connection to it, signs the stored bytes, POSTs without following redirects,
 * and turns what happened into an {@link AttemptResult} with the next step from the {@link RetrySchedule}.
 */
final class WebhookSender {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(WebhookSender.class);

    static final int EXCERPT_BYTES = 1024;

    private final Vertx vertx;
    private final HttpClient client;
    private final WebhookTargets targets;
    private final RetrySchedule schedule;
    private final AppConfig.Webhooks config;
    private final String userAgent;

    WebhookSender(Vertx vertx, AppConfig config) {
        this.vertx = vertx;
        this.config = config.webhooks();
        this.targets = new WebhookTargets(vertx, config);
        this.schedule = RetrySchedule.parse(config.webhooks().retrySchedule());
        this.userAgent = "walletpay-webhooks/" + Version.current();
        this.client = vertx.httpClientBuilder()
                .with(new HttpClientOptions()
                        .setConnectTimeout(config.webhooks().connectTimeoutMs())
                        .setKeepAlive(true)
                        .setKeepAliveTimeout(30)
                        .setMaxRedirects(0)
                        .setMetricsName(GuardedMetricsFactory.UNMETERED_CLIENT)
                        // each attempt's span and traceparent are the sender's own (below), never a context's
                        .setTracingPolicy(TracingPolicy.IGNORE))
                // the per-merchant limit is the sender's own accounting; the pool must never be the bottleneck, or
                // merchants sharing a host would queue behind each other's slow answers
                .with(new PoolOptions().setHttp1MaxSize(config.webhooks().maxInFlight()))
                // a merchant endpoint answering garbage fails that attempt (recorded in the delivery log); without a
                // handler Vert.x would also log an ERROR per attempt, letting any merchant flood the service's logs
                .withConnectHandler(connection -> connection.exceptionHandler(failure -> log.debug(
                        "webhook connection to {} failed: {}", connection.remoteAddress(), failure.toString())))
                .build();
    }

    /** One attempt of {@code delivery}, announced in {@code X-Service-Event} as the event its body names. */
    Future<AttemptResult> attempt(DueDelivery delivery) {
        return attempt(delivery, WebhookBody.eventOf(delivery.body()));
    }

    /**
     * One attempt of {@code delivery}, announced in {@code X-Service-Event} as {@code event}. With tracing on, a span
     * in the trace of the request that caused it, whose {@code traceparent} the merchant receives.
     */
    Future<AttemptResult> attempt(DueDelivery delivery, String event) {
        Span span = Tracing.startFrom("webhook attempt", SpanKind.CLIENT, delivery.traceparent());
        if (span == null) {
            return attempt(delivery, event, null);
        }
        span.setAttribute("walletpay.delivery.id", delivery.id().toString());
        span.setAttribute("walletpay.delivery.attempt", (long) delivery.attemptsSoFar() + 1);
        return attempt(delivery, event, span).onComplete(done -> {
            if (done.succeeded() && done.result().statusCode() != null) {
                span.setAttribute(
                        "http.response.status_code", (long) done.result().statusCode());
            }
            boolean delivered = done.succeeded() && done.result().error() == null;
            if (!delivered) {
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
        });
    }

    private Future<AttemptResult> attempt(DueDelivery delivery, String event, Span span) {
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        if (delivery.webhookUrl() == null) {
            long duration = (System.nanoTime() - startNanos) / 1_000_000;
            return Future.succeededFuture(
                    next(delivery, started, duration, null, AttemptError.NO_WEBHOOK_URL, null, null));
        }
        URI url = URI.create(delivery.webhookUrl());
        boolean https = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : (https ? 443 : 80);
        return targets.resolve(url.getHost())
                .compose(
                        address -> {
                            Optional<String> refused = targets.refusal(address, https);
                            if (refused.isPresent()) {
                                return Future.succeededFuture(unreached(
                                        delivery,
                                        started,
                                        startNanos,
                                        TransportFailure.TARGET_REJECTED,
                                        refused.get()));
                            }
                            return post(delivery, event, url, https, port, address, started, startNanos, span);
                        },
                        failure -> Future.succeededFuture(
                                unreached(delivery, started, startNanos, TransportFailure.DNS_FAILURE, null)));
    }

    private Future<AttemptResult> post(
            DueDelivery delivery,
            String event,
            URI url,
            boolean https,
            int port,
            InetAddress address,
            Instant started,
            long startNanos,
            Span span) {
        byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                .setHost(url.getHost())
                .setPort(port)
                .setSsl(https)
                .setURI(path)
                .setFollowRedirects(false)
                .setConnectTimeout(config.connectTimeoutMs())
                .setIdleTimeout(config.requestTimeoutMs())
                .putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", userAgent)
                .putHeader("X-Service-Event", event)
                .putHeader("X-Service-Delivery", delivery.id().toString())
                .putHeader(WebhookSigner.HEADER, WebhookSigner.signatureHeader(body, delivery.webhookSecret()))
                .putHeader(StandardSignature.ID_HEADER, delivery.id().toString())
                .putHeader(StandardSignature.TIMESTAMP_HEADER, Long.toString(started.getEpochSecond()))
                .putHeader(
                        StandardSignature.SIGNATURE_HEADER,
                        StandardSignature.header(
                                delivery.id().toString(), started.getEpochSecond(), body, delivery.activeSecrets()));
        if (span != null) {
            Tracing.inject(Context.root().with(span), options::putHeader);
        }
        Promise<AttemptResult> result = Promise.promise();
        long deadline = vertx.setTimer(
                config.requestTimeoutMs(),
                fired -> result.tryComplete(
                        unreached(delivery, started, startNanos, TransportFailure.RESPONSE_TIMEOUT, null)));
        client.request(options)
                .compose(request -> {
                    result.future().onComplete(done -> {
                        if (!request.response().isComplete()) {
                            request.reset(); // the deadline passed: free the connection
                        }
                    });
                    return request.send(Buffer.buffer(body));
                })
                .compose(response ->
                        excerpt(response).map(text -> answered(delivery, started, startNanos, response, text)))
                .onComplete(done -> {
                    vertx.cancelTimer(deadline);
                    result.tryComplete(
                            done.succeeded()
                                    ? done.result()
                                    : unreached(delivery, started, startNanos, transportFailure(done.cause()), null));
                });
        return result.future();
    }

    /** The first KB of the answer, for the delivery log; the rest is read and dropped. */
    private static Future<String> excerpt(HttpClientResponse response) {
        Buffer kept = Buffer.buffer();
        response.handler(chunk -> {
            int room = EXCERPT_BYTES - kept.length();
            if (room > 0) {
                kept.appendBuffer(chunk.length() <= room ? chunk : chunk.getBuffer(0, room));
            }
        });
        return response.end().map(done -> new String(kept.getBytes(), StandardCharsets.UTF_8));
    }

    private AttemptResult answered(
            DueDelivery delivery, Instant started, long startNanos, HttpClientResponse response, String excerpt) {
        int status = response.statusCode();
        DeliveryOutcome outcome = DeliveryOutcome.of(status);
        long duration = (System.nanoTime() - startNanos) / 1_000_000;
        if (outcome == DeliveryOutcome.SUCCEEDED) {
            return new AttemptResult(
                    delivery.id(), started, status, duration, null, excerpt, DeliveryStatus.SUCCEEDED, null);
        }
        if (outcome == DeliveryOutcome.STOP) {
            return new AttemptResult(
                    delivery.id(), started, status, duration, AttemptError.GONE, excerpt, DeliveryStatus.FAILED, null);
        }
        Duration retryAfter = RetryAfter.parse(response.getHeader("Retry-After"), Instant.now())
                .orElse(null);
        return next(delivery, started, duration, status, AttemptError.HTTP_STATUS, excerpt, retryAfter);
    }

    /** An attempt that got no HTTP answer; whether it is retried is {@link DeliveryOutcome}'s decision. */
    private AttemptResult unreached(
            DueDelivery delivery, Instant started, long startNanos, TransportFailure failure, String detail) {
        long duration = (System.nanoTime() - startNanos) / 1_000_000;
        AttemptError kind = AttemptError.of(failure);
        if (DeliveryOutcome.of(failure) != DeliveryOutcome.RETRY) {
            return new AttemptResult(delivery.id(), started, null, duration, kind, detail, DeliveryStatus.FAILED, null);
        }
        return next(delivery, started, duration, null, kind, detail, null);
    }

    private AttemptResult next(
            DueDelivery delivery,
            Instant started,
            long duration,
            Integer status,
            AttemptError kind,
            String excerpt,
            Duration retryAfter) {
        Optional<Duration> wait = schedule.delayBeforeAttempt(
                delivery.attemptsSoFar() - delivery.scheduleFrom() + 2,
                retryAfter,
                ThreadLocalRandom.current()::nextDouble);
        return new AttemptResult(
                delivery.id(),
                started,
                status,
                duration,
                kind,
                excerpt,
                wait.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.FAILED,
                wait.orElse(null));
    }

    /**
     * Each endpoint's host is resolved on its own: an IP literal is read as one and never sent to a resolver, and a
     * name goes to Vert.x's non-blocking resolver (the same one its HTTP client uses, hosts file included), where a
     * merchant whose DNS never answers holds no thread and no other merchant's lookup. The wait counts against that
     * endpoint's own connect timeout, and the attempt holds that endpoint's own in-flight slot while it waits.
     */
    private static TransportFailure transportFailure(Throwable failure) {
        String name = failure.getClass().getSimpleName();
        String message = String.valueOf(failure.getMessage()).toLowerCase();
        TransportFailure kind;
        if (failure instanceof ConnectException || message.contains("connection refused")) {
            kind = message.contains("timed out")
                    ? TransportFailure.CONNECT_TIMEOUT
                    : TransportFailure.CONNECTION_REFUSED;
        } else if (name.contains("Timeout") || message.contains("timeout") || message.contains("timed out")) {
            kind = TransportFailure.RESPONSE_TIMEOUT;
        } else if (name.contains("SSL") || name.contains("Ssl")) {
            kind = TransportFailure.TLS_FAILURE;
        } else {
            kind = TransportFailure.CONNECTION_RESET;
        }
        return kind;
    }

    Future<Void> close() {
        return client.close();
    }
}
