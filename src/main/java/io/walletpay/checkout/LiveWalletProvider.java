package io.walletpay.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferOutcome;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.ConnectException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MonCash's merchant REST API over HTTP, as its public SDKs use it: {@code POST /oauth/token} (Basic client
 * credentials, {@code scope=read,write&grant_type=client_credentials}), then {@code /v1/CreatePayment},
 * {@code /v1/RetrieveOrderPayment} and {@code /v1/RetrieveTransactionPayment} with the bearer token; every path
 * comes from {@link LiveProviderSettings.Paths}. It owns the token's life: one instance serves all event loops,
 * one token request is in flight however many callers wait (each resumes on its own context), the token is
 * reused until shortly before its ~59 s expire and fetched again once when the provider answers 401. MonCash's
 * error bodies ({@code error}, {@code message}) become the reason in the logged and surfaced error. Neither the
 * client secret nor any token reaches a log line or an error message.
 */
public final class LiveWalletProvider implements WalletProvider {

    private static final Logger LOG = LoggerFactory.getLogger(LiveWalletProvider.class);

    // Amounts stay decimal from the wire to BigDecimal: never through double.
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private static final String TOKEN_FORM = "scope=read,write&grant_type=client_credentials";
    private static final Duration MAX_EXPIRY_MARGIN = Duration.ofSeconds(5);
    private static final int MAX_REASON = 200;
    // MonCash's prefunded (business account) API, under the same API base and token as payments
    static final String TRANSFER_PATH = "/v1/Transfert";
    static final String TRANSFER_STATUS_PATH = "/v1/PrefundedTransactionStatus";
    static final String BALANCE_PATH = "/v1/PrefundedBalance";

    /** Transfert refused this request (400, 422): the transfer fails with the provider's words. */
    private static final String TRANSFER_DECLINED = "transfer_declined";

    private final LiveProviderSettings settings;
    private final WebClient client;
    private final Clock clock;

    private final Object tokenLock = new Object();
    private CachedToken cachedToken; // guarded by tokenLock
    private Future<CachedToken> pendingToken; // guarded by tokenLock: the one token request in flight

    private record CachedToken(String value, Instant usableUntil) {}

    public LiveWalletProvider(Vertx vertx, LiveProviderSettings settings) {
        this(vertx, settings, Clock.systemUTC());
    }

    /** With a clock of the caller's, so token expiry can be tested without waiting. */
    LiveWalletProvider(Vertx vertx, LiveProviderSettings settings, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.client = WebClient.create(
                vertx,
                new WebClientOptions()
                        .setUserAgent("walletpay")
                        .setFollowRedirects(false)
                        .setConnectTimeout(
                                Math.toIntExact(settings.connectTimeout().toMillis())));
    }

    @Override
    public Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount) {
        Objects.requireNonNull(order, "order");
        BigDecimal twoDecimals;
        try {
            twoDecimals = amount.setScale(2, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException | NullPointerException e) {
            return Future.failedFuture(ServiceException.invalid("amount", "The amount must have at most two decimals"));
        }
        if (twoDecimals.signum() <= 0) {
            return Future.failedFuture(ServiceException.invalid("amount", "The amount must be positive"));
        }
        if (settings.maxAmount() != null && twoDecimals.compareTo(settings.maxAmount()) > 0) {
            // the wallet account would refuse it; a clear 400 now beats a provider 502 after a round trip
            return Future.failedFuture(ServiceException.invalid(
                    "amount",
                    "The amount exceeds the wallet provider's limit of "
                            + settings.maxAmount().toPlainString() + " HTG per payment"));
        }
        ObjectNode body = JSON.createObjectNode();
        body.put("amount", twoDecimals);
        body.put("orderId", order.id());
        return call("CreatePayment", settings.paths().createPayment(), body, false)
                .map(answer -> {
                    JsonNode paymentToken = answer.path("payment_token");
                    String token = text(paymentToken.path("token"));
                    if (token == null || token.isBlank()) {
                        throw providerError("CreatePayment", "the answer carries no payment token");
                    }
                    String redirect =
                            settings.gatewayBaseUrl() + settings.paths().redirect() + "?token="
                                    + URLEncoder.encode(token, StandardCharsets.UTF_8);
                    Duration life = PaymentTokenLife.between(
                                    text(paymentToken.path("created")), text(paymentToken.path("expired")))
                            .orElse(null);
                    return new ProviderPayment(token, redirect, life);
                });
    }

    @Override
    public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
        Objects.requireNonNull(order, "order");
        ObjectNode body = JSON.createObjectNode().put("orderId", order.id());
        return call("RetrieveOrderPayment", settings.paths().retrieveOrder(), body, true)
                .map(answer -> {
                    ProviderTransaction transaction = transaction("RetrieveOrderPayment", answer);
                    if (!order.equals(transaction.order())) {
                        throw providerError("RetrieveOrderPayment", "the answer is about another order");
                    }
                    return transaction;
                });
    }

    @Override
    public Future<ProviderTransaction> retrieveByTransaction(String transactionId) {
        if (transactionId == null || transactionId.isBlank()) {
            return Future.failedFuture(ServiceException.invalid("transactionId", "A transaction id is required"));
        }
        ObjectNode body = JSON.createObjectNode().put("transactionId", transactionId);
        return call("RetrieveTransactionPayment", settings.paths().retrieveTransaction(), body, true)
                .map(answer -> {
                    ProviderTransaction transaction = transaction("RetrieveTransactionPayment", answer);
                    if (!transactionId.equals(transaction.transactionId())) {
                        throw providerError("RetrieveTransactionPayment", "the answer is about another transaction");
                    }
                    return transaction;
                });
    }

    @Override
    public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description) {
        ObjectNode body = JSON.createObjectNode();
        body.put("amount", amount.setScale(2, RoundingMode.UNNECESSARY));
        body.put("receiver", receiver);
        body.put("desc", description);
        body.put("reference", reference.toString());
        return call("Transfert", TRANSFER_PATH, body, false)
                .map(answer -> {
                    JsonNode transfer = answer.path("transfer");
                    String message = text(transfer.path("message"));
                    String transactionId = text(transfer.path("transaction_id"));
                    if (message == null) {
                        throw providerError("Transfert", "the answer carries no transfer");
                    }
                    return transferOutcome("Transfert", message, transactionId);
                })
                // 403: the business account may not pay (not funded, not allowed); 400 or 422: this transfer is
                // refused. Final answers both
                .recover(failure -> {
                    if (failure instanceof ServiceException refused) {
                        if (Transfer.PROVIDER_REFUSED.equals(refused.code())) {
                            return Future.succeededFuture(TransferOutcome.failed(Transfer.PROVIDER_REFUSED));
                        }
                        if (TRANSFER_DECLINED.equals(refused.code())) {
                            return Future.succeededFuture(TransferOutcome.failed(refused.getMessage()));
                        }
                    }
                    return Future.failedFuture(failure);
                });
    }

    @Override
    public Future<TransferOutcome> transferStatus(UUID reference) {
        ObjectNode body = JSON.createObjectNode().put("reference", reference.toString());
        return call("PrefundedTransactionStatus", TRANSFER_STATUS_PATH, body, true)
                .map(answer -> {
                    String status = text(answer.path("transStatus"));
                    if (status == null) {
                        throw providerError("PrefundedTransactionStatus", "the answer carries no transStatus");
                    }
                    return transferOutcome("PrefundedTransactionStatus", status, text(answer.path("transaction_id")));
                })
                .recover(failure -> failure instanceof ServiceException e && e.kind() == ErrorKind.NOT_FOUND
                        ? Future.succeededFuture(TransferOutcome.NOT_FOUND)
                        : Future.failedFuture(failure));
    }

    /**
     * What a transfer's state in the provider's words means, the same whether Transfert answered it or the status
     * look-up: successful is paid (with or without the provider's transaction id); failed, rejected, declined or
     * cancelled is final; anything else is a transfer still in flight at the provider, neither paid nor to be sent
     * again, so it is asked about later. Taking an unfamiliar word for a refusal would give back money already paid.
     */
    private static TransferOutcome transferOutcome(String operation, String state, String transactionId) {
        String normalized = state.strip().toLowerCase(java.util.Locale.ROOT);
        if (normalized.equals(ProviderTransaction.SUCCESSFUL)) {
            return TransferOutcome.succeeded(transactionId == null || transactionId.isBlank() ? null : transactionId);
        }
        if (normalized.contains("fail")
                || normalized.contains("reject")
                || normalized.contains("declin")
                || normalized.contains("cancel")) {
            return TransferOutcome.failed(
                    ProviderConfirmation.bounded("declined by the wallet provider: " + state.strip()));
        }
        throw providerError(operation, "the transfer is still " + ProviderConfirmation.bounded(state));
    }

    @Override
    public Future<BigDecimal> balance() {
        return call("PrefundedBalance", BALANCE_PATH, null, false).map(answer -> {
            JsonNode balance = answer.path("balance");
            BigDecimal value = decimal(balance.isObject() ? balance.path("balance") : balance);
            if (value == null) {
                throw providerError("PrefundedBalance", "the answer carries no balance");
            }
            return value;
        });
    }

    /** A token and the request, then again after a 401: four exchanges, each within both timeouts. */
    @Override
    public Duration longestCall() {
        return settings.connectTimeout().plus(settings.requestTimeout()).multipliedBy(4);
    }

    /** Releases the HTTP connections. */
    public void close() {
        client.close();
    }

    // ---- one API call: token, request, a single retry on 401, answer checked ------------------------------

    /** A POST of {@code body}, or a GET when it is null. */
    private Future<JsonNode> call(String operation, String path, ObjectNode body, boolean notFoundIsAnAnswer) {
        Buffer payload;
        try {
            payload = body == null ? null : Buffer.buffer(JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            return Future.failedFuture(providerError(operation, "the request could not be encoded"));
        }
        String url = settings.apiBaseUrl() + path;
        return accessToken()
                .compose(token -> post(url, payload, token).compose(response -> {
                    if (response.statusCode() != 401) {
                        return Future.succeededFuture(response);
                    }
                    // The provider may revoke or expire a token earlier than it said: one fresh token, one retry.
                    dropToken(token);
                    return accessToken()
                            .compose(fresh -> post(url, payload, fresh).andThen(retried -> {
                                if (retried.succeeded() && retried.result().statusCode() == 401) {
                                    dropToken(fresh);
                                }
                            }));
                }))
                .map(response -> answer(operation, response, notFoundIsAnAnswer))
                .recover(failure -> {
                    ServiceException error = asServiceException(operation, failure);
                    if (error.kind() == ErrorKind.PROVIDER) {
                        LOG.warn("{}", error.getMessage()); // messages name the step and status, never a credential
                    }
                    return Future.failedFuture(error);
                });
    }

    private Future<HttpResponse<Buffer>> post(String url, Buffer payload, String token) {
        if (payload == null) {
            return timed(client.getAbs(url))
                    .bearerTokenAuthentication(token)
                    .putHeader("Accept", "application/json")
                    .send();
        }
        return timed(client.postAbs(url))
                .bearerTokenAuthentication(token)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", "application/json")
                .sendBuffer(payload);
    }

    private HttpRequest<Buffer> timed(HttpRequest<Buffer> request) {
        return request.connectTimeout(settings.connectTimeout().toMillis())
                .timeout(settings.requestTimeout().toMillis());
    }

    private JsonNode answer(String operation, HttpResponse<Buffer> response, boolean notFoundIsAnAnswer) {
        int status = response.statusCode();
        if (status == 404 && notFoundIsAnAnswer) {
            throw ServiceException.notFound("Wallet transaction");
        }
        ServiceException refusal = transferRefusal(operation, status, () -> reason(response));
        if (refusal != null) {
            throw refusal;
        }
        if (status < 200 || status > 299) {
            throw providerError(operation, "the provider answered HTTP " + status + reason(response));
        }
        JsonNode answer = parse(operation, response);
        // Some wallet APIs repeat the outcome in the body; an error there wins over a 2xx on the wire.
        JsonNode bodyStatus = answer.path("status");
        if (bodyStatus.canConvertToInt() && bodyStatus.isNumber() && bodyStatus.intValue() >= 400) {
            if (bodyStatus.intValue() == 404 && notFoundIsAnAnswer) {
                throw ServiceException.notFound("Wallet transaction");
            }
            ServiceException refusedInBody = transferRefusal(operation, bodyStatus.intValue(), () -> reason(answer));
            if (refusedInBody != null) {
                throw refusedInBody;
            }
            throw providerError(operation, "the provider answered status " + bodyStatus.intValue() + reason(answer));
        }
        return answer;
    }

    /**
     * Transfert's final answers, whether on the wire or repeated in a 2xx body: 403, the business account may not
     * pay (not funded, not allowed); 400 or 422, this request is refused (a receiver the wallet does not know, an
     * amount over its limit), which sending it again would not change. Null for any other status; the body's
     * reason is read only for a refusal, not for every answer.
     */
    private static ServiceException transferRefusal(String operation, int status, Supplier<String> reason) {
        if (!operation.equals("Transfert")) {
            return null;
        }
        if (status == 403) {
            return new ServiceException(
                    ErrorKind.PROVIDER, Transfer.PROVIDER_REFUSED, "the wallet account may not make this transfer");
        }
        if (status == 400 || status == 422) {
            return new ServiceException(
                    ErrorKind.PROVIDER,
                    TRANSFER_DECLINED,
                    ProviderConfirmation.bounded("declined by the wallet provider: status " + status + reason.get()));
        }
        return null;
    }

    private static JsonNode parse(String operation, HttpResponse<Buffer> response) {
        Buffer body = response.body();
        if (body == null || body.length() == 0) {
            throw providerError(operation, "the answer is empty");
        }
        try {
            JsonNode node = JSON.readTree(body.getBytes());
            if (node == null || !node.isObject()) {
                throw providerError(operation, "the answer is not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw providerError(operation, "the answer is not JSON");
        }
    }

    private static ProviderTransaction transaction(String operation, JsonNode answer) {
        JsonNode payment = answer.path("payment");
        if (!payment.isObject()) {
            throw providerError(operation, "the answer carries no payment");
        }
        String transactionId = text(payment.path("transaction_id"));
        String reference = text(payment.path("reference"));
        BigDecimal cost = decimal(payment.path("cost"));
        if (transactionId == null || transactionId.isBlank() || reference == null || cost == null) {
            throw providerError(operation, "the payment lacks transaction_id, reference or cost");
        }
        ProviderOrder order = ProviderOrder.parse(reference)
                .orElseThrow(() -> providerError(operation, "the payment reference is not an order id"));
        return new ProviderTransaction(
                transactionId, order, cost, text(payment.path("payer")), text(payment.path("message")));
    }

    /** A JSON number or numeric string, exactly; two decimals when that loses nothing. */
    private static BigDecimal decimal(JsonNode node) {
        BigDecimal value;
        if (node.isNumber()) {
            value = node.decimalValue();
        } else if (node.isTextual()) {
            try {
                value = new BigDecimal(node.textValue().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        } else {
            return null;
        }
        try {
            return value.setScale(2, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException moreThanTwoDecimals) {
            return value; // kept exact: the caller's compareTo against the payment amount will refuse it
        }
    }

    /**
     * MonCash's error body ({@code {status, error, message, path, timestamp}}) as a reason to log and surface:
     * {@code ": <error> - <message>"}, printable characters only and bounded; empty when the body has neither.
     */
    private static String reason(HttpResponse<Buffer> response) {
        Buffer body = response.body();
        if (body == null || body.length() == 0 || body.length() > 64 * 1024) {
            return "";
        }
        try {
            JsonNode node = JSON.readTree(body.getBytes());
            return node != null && node.isObject() ? reason(node) : "";
        } catch (IOException notJson) {
            return "";
        }
    }

    static String reason(JsonNode answer) {
        String error = text(answer.path("error"));
        String message = text(answer.path("message"));
        if (message == null) {
            message = text(answer.path("error_description")); // the OAuth endpoint's spelling
        }
        StringBuilder reason = new StringBuilder();
        for (String part : new String[] {error, message}) {
            if (part != null && !part.isBlank()) {
                reason.append(reason.length() == 0 ? ": " : " - ").append(part.strip());
            }
        }
        String printable = reason.toString().replaceAll("[\\p{Cntrl}]", " ");
        return printable.length() <= MAX_REASON ? printable : printable.substring(0, MAX_REASON) + "...";
    }

    private static String text(JsonNode node) {
        return node.isTextual() || node.isNumber() ? node.asText() : null;
    }

    // ---- the access token: single flight, cached until shortly before expiry -------------------------------

    private Future<String> accessToken() {
        synchronized (tokenLock) {
            if (cachedToken != null && clock.instant().isBefore(cachedToken.usableUntil())) {
                return Future.succeededFuture(cachedToken.value());
            }
            if (pendingToken == null) {
                Promise<CachedToken> promise = Promise.promise();
                Future<CachedToken> request = promise.future();
                pendingToken = request;
                fetchToken().onComplete(result -> {
                    synchronized (tokenLock) {
                        if (pendingToken == request) {
                            pendingToken = null;
                        }
                        if (result.succeeded()) {
                            cachedToken = result.result();
                        }
                    }
                    promise.handle(result);
                });
            }
            return onCallersContext(pendingToken).map(CachedToken::value);
        }
    }

    /**
     * {@code shared} as seen from the caller's context. One instance serves every event loop and the token
     * request completes on whichever loop started it; a waiter from another loop must resume on its own, or its
     * handlers would run on a foreign thread next to that loop's.
     */
    private static <T> Future<T> onCallersContext(Future<T> shared) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return shared;
        }
        Promise<T> own = Promise.promise();
        shared.onComplete(result -> {
            if (Vertx.currentContext() == caller) {
                own.handle(result);
            } else {
                caller.runOnContext(ignored -> own.handle(result));
            }
        });
        return own.future();
    }

    /** Forgets {@code rejected} unless a newer token has replaced it already. */
    private void dropToken(String rejected) {
        synchronized (tokenLock) {
            if (cachedToken != null && cachedToken.value().equals(rejected)) {
                cachedToken = null;
            }
        }
    }

    private Future<CachedToken> fetchToken() {
        Instant requestedAt = clock.instant();
        return timed(client.postAbs(settings.apiBaseUrl() + settings.paths().token()))
                .basicAuthentication(settings.clientId(), settings.clientSecret())
                .putHeader("Content-Type", "application/x-www-form-urlencoded")
                .putHeader("Accept", "application/json")
                .sendBuffer(Buffer.buffer(TOKEN_FORM))
                .map(response -> {
                    int status = response.statusCode();
                    if (status == 400 || status == 401 || status == 403) {
                        throw providerError(
                                "token",
                                "the provider refused the client credentials (HTTP " + status + ")" + reason(response));
                    }
                    if (status < 200 || status > 299) {
                        throw providerError("token", "the provider answered HTTP " + status + reason(response));
                    }
                    JsonNode answer = parse("token", response);
                    String token = answer.path("access_token").isTextual()
                            ? answer.path("access_token").textValue()
                            : null;
                    if (token == null || token.isBlank()) {
                        throw providerError("token", "the answer carries no access_token");
                    }
                    return new CachedToken(token, requestedAt.plus(usableLifetime(answer.path("expires_in"))));
                })
                .recover(failure -> Future.failedFuture(asServiceException("token", failure)));
    }

    /**
     * How long a token is reused: its lifetime less a margin of 10 % (at most 5 s), counted from when it was
     * requested, so a call never leaves with a token about to expire in flight. No lifetime: used once.
     */
    static Duration usableLifetime(JsonNode expiresIn) {
        long seconds = expiresIn.canConvertToLong() && expiresIn.isNumber()
                ? expiresIn.longValue()
                : expiresIn.isTextual() && expiresIn.textValue().strip().matches("[0-9]{1,9}")
                        ? Long.parseLong(expiresIn.textValue().strip())
                        : 0;
        if (seconds <= 0) {
            return Duration.ZERO;
        }
        Duration lifetime = Duration.ofSeconds(seconds);
        Duration margin = lifetime.dividedBy(10);
        if (margin.compareTo(MAX_EXPIRY_MARGIN) > 0) {
            margin = MAX_EXPIRY_MARGIN;
        }
        return lifetime.minus(margin);
    }

    // ---- errors ----------------------------------------------------------------------------------------------

    private static ServiceException asServiceException(String operation, Throwable failure) {
        if (failure instanceof ServiceException known) {
            return known;
        }
        String why;
        if (failure instanceof TimeoutException || failure instanceof io.netty.channel.ConnectTimeoutException) {
            why = "the provider did not answer in time";
        } else if (failure instanceof ConnectException || failure.getCause() instanceof ConnectException) {
            why = "the provider could not be reached";
        } else {
            why = "the call failed (" + failure.getClass().getSimpleName() + ")";
        }
        return new ServiceException(ErrorKind.PROVIDER, "provider_error", "Wallet provider " + operation + ": " + why);
    }

    private static ServiceException providerError(String operation, String why) {
        return new ServiceException(ErrorKind.PROVIDER, "provider_error", "Wallet provider " + operation + ": " + why);
    }
}
