package io.walletpay.checkout;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.walletpay.config.LiveProviderSettings;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * A wallet provider on a real socket, speaking the MonCash-shaped merchant API that {@link LiveWalletProvider}
 * calls, with knobs for the failures a test needs. The API lives under {@code /api}
 * ({@code /api/oauth/token}, {@code /api/v1/CreatePayment}, {@code /api/v1/RetrieveOrderPayment},
 * {@code /api/v1/RetrieveTransactionPayment}) and the customer gateway under {@code /gateway}
 * ({@code GET /gateway/Payment/Redirect?token=}, whose form posts to {@code /gateway/Payment/Pay}).
 *
 * <p>It answers with MonCash's exact shapes: {@code {access_token, token_type, expires_in, scope, jti}};
 * {@code {mode, path, payment_token:{expired, created, token}, timestamp, status:202}};
 * {@code {path, payment:{reference, transaction_id, cost, message, payer}, timestamp, status:200}}; errors as
 * {@code {status, error, message, path, timestamp}} (404 for an unknown transaction). Payment token times are
 * written {@code yyyy-MM-dd HH:mm:ss:SSS} on a provider clock in a far-away zone, so only their difference means
 * anything. The same API also answers under {@code /api/moved/...} (other paths, for the configurable-path test).
 *
 * <p>Tokens it issues expire in real time after {@link #tokenLifetime(Duration)}; an API call with a missing,
 * unknown, revoked or expired token gets 401. {@link #slowAnswers(Duration)} delays the API's answers;
 * {@link #alertUrl(String)} makes the gateway call the merchant's Alert URL with {@code GET ?transactionId=}
 * after a payment, as MonCash does. Every request that reaches it is recorded.
 *
 * <pre>{@code
 * FakeWalletProvider fake = new FakeWalletProvider();
 * fake.start(vertx).toCompletionStage().toCompletableFuture().get();
 * WalletProvider provider = new LiveWalletProvider(vertx, fake.settings(Duration.ofSeconds(2)));
 * ... provider.createPayment(orderId, amount) ...
 * fake.complete(orderId, amount, "tx-1");            // the customer paid at the provider
 * }</pre>
 */
public final class FakeWalletProvider {

    public static final String DEFAULT_CLIENT_ID = "fake-client";
    public static final String DEFAULT_CLIENT_SECRET = "fake-secret";
    public static final String DEFAULT_PAYER = "50937000000";

    /** One request as it reached the fake; header names are lower case, first value only. */
    public record Received(String method, String path, String query, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** The bearer token the request carried, or null. */
        public String bearer() {
            String authorization = header("authorization");
            return authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7) : null;
        }
    }

    /** A payment opened with CreatePayment. {@code rawAmount} is the amount exactly as it was written on the wire. */
    public record CreatedPayment(String orderId, BigDecimal amount, String rawAmount, String paymentToken) {}

    /** A transfer the business account made (Transfert): to whom, how much, under which reference. */
    public record Transfer(String reference, String receiver, BigDecimal amount, String desc, String transactionId) {}

    /** A transaction the fake reports from the retrieve calls. */
    public record Transaction(String transactionId, String orderId, BigDecimal amount, String payer, String message) {

        /** A transaction for a payment's first try, whose order id is the payment id. */
        public Transaction(String transactionId, UUID paymentId, BigDecimal amount, String payer, String message) {
            this(transactionId, paymentId.toString(), amount, payer, message);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final DateTimeFormatter WIRE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ZoneId PROVIDER_ZONE = ZoneId.of("Pacific/Kiritimati"); // UTC+14

    private final String clientId;
    private final String clientSecret;

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Instant> accessTokens = new ConcurrentHashMap<>();
    private final Map<String, CreatedPayment> createdByOrder = new ConcurrentHashMap<>();
    private final Map<String, CreatedPayment> createdByToken = new ConcurrentHashMap<>();
    private final Map<String, Transaction> transactionsByOrder = new ConcurrentHashMap<>();
    private final Map<String, Transaction> transactionsById = new ConcurrentHashMap<>();
    private final AtomicInteger tokensIssued = new AtomicInteger();
    // every Transfert applied, in order: MonCash takes no idempotency key, so the same reference sent twice is paid
    // twice
    private final List<Transfer> applied = new CopyOnWriteArrayList<>();
    private final Map<String, TransferScript> scriptsByReceiver = new ConcurrentHashMap<>();
    private final AtomicInteger lostTransferAnswers = new AtomicInteger();
    private final Set<String> unanswerableOrders = ConcurrentHashMap.newKeySet();
    private volatile boolean refuseTransfers;
    private volatile String transferMessage;
    private volatile Integer transferRefusal;
    private volatile boolean transferRefusalInBody;
    private volatile LookUpAnswer lookUpAnswer;
    private volatile BigDecimal prefundedBalance = new BigDecimal("1000000.00");
    private final AtomicLong transactionCounter = new AtomicLong(2_155_000_000L);

    private volatile Duration tokenLifetime = Duration.ofSeconds(59);
    private volatile Duration tokenDelay = Duration.ZERO;
    private volatile Duration answerDelay = Duration.ZERO;
    private volatile Duration paymentTokenLife = Duration.ofMinutes(10);
    private volatile String alertUrl;
    private final List<Integer> alertAnswers = new CopyOnWriteArrayList<>();
    private volatile String createFailureError = "Error";
    private volatile String createFailureMessage = "Simulated failure";
    private volatile boolean stallCreates;
    private volatile String returnUrl;
    private final AtomicInteger createFailures = new AtomicInteger();
    private volatile int createFailureStatus = 500;
    private final AtomicInteger unauthorizedCalls = new AtomicInteger();
    private final AtomicInteger tokenFailures = new AtomicInteger();
    private volatile int tokenFailureStatus = 503;

    private Vertx vertx;
    private HttpServer server;
    private io.vertx.core.http.HttpClient alertClient;

    public FakeWalletProvider() {
        this(DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET);
    }

    public FakeWalletProvider(String clientId, String clientSecret) {
        this.clientId = clientId;
        this.clientSecret = clientSecret;
    }

    // ---- life cycle -------------------------------------------------------------------------------------------

    /** Listens on a free port of localhost. */
    public Future<FakeWalletProvider> start(Vertx vertx) {
        this.vertx = vertx;
        this.alertClient = vertx.createHttpClient();
        Router router = Router.router(vertx);
        router.route().handler(BodyHandler.create(false).setBodyLimit(64 * 1024));
        router.route().handler(this::recordBody);
        for (String prefix : List.of("/api", "/api/moved")) {
            router.post(prefix + "/oauth/token").handler(this::token);
            router.post(prefix + "/v1/CreatePayment").handler(this::createPayment);
            router.post(prefix + "/v1/RetrieveOrderPayment").handler(this::retrieveOrderPayment);
            router.post(prefix + "/v1/RetrieveTransactionPayment").handler(this::retrieveTransactionPayment);
            router.post(prefix + "/v1/Transfert").handler(this::transfer);
            router.post(prefix + "/v1/PrefundedTransactionStatus").handler(this::transferStatus);
            router.get(prefix + "/v1/PrefundedBalance").handler(this::prefundedBalance);
        }
        router.get("/gateway/Payment/Redirect").handler(this::gatewayPage);
        router.post("/gateway/Payment/Pay").handler(this::gatewayPay);
        return vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "localhost")
                .map(listening -> {
                    server = listening;
                    return this;
                });
    }

    public Future<Void> close() {
        Future<Void> alerts = alertClient == null ? Future.succeededFuture() : alertClient.close();
        return alerts.compose(closed -> server == null ? Future.succeededFuture() : server.close());
    }

    public int port() {
        return server.actualPort();
    }

    public String baseUrl() {
        return "http://localhost:" + port();
    }

    public String apiBaseUrl() {
        return baseUrl() + "/api";
    }

    public String gatewayBaseUrl() {
        return baseUrl() + "/gateway";
    }

    /** Settings for a {@link LiveWalletProvider} talking to this fake with its credentials. */
    public LiveProviderSettings settings(Duration requestTimeout) {
        return new LiveProviderSettings(
                apiBaseUrl(), gatewayBaseUrl(), clientId, clientSecret, Duration.ofSeconds(2), requestTimeout);
    }

    /**
     * Configuration overrides (as environment variables) that run the whole service in live mode against this
     * fake, with this fake's credentials and short time-outs.
     */
    public Map<String, String> liveModeEnvironment() {
        return Map.of(
                "WALLETPAY_PROVIDER_MODE",
                "live",
                "WALLETPAY_PROVIDER_API_BASE_URL",
                apiBaseUrl(),
                "WALLETPAY_PROVIDER_GATEWAY_BASE_URL",
                gatewayBaseUrl(),
                "WALLETPAY_PROVIDER_CLIENT_ID",
                clientId,
                "WALLETPAY_PROVIDER_CLIENT_SECRET",
                clientSecret,
                "WALLETPAY_PROVIDER_CONNECT_TIMEOUT_MS",
                "2000",
                "WALLETPAY_PROVIDER_REQUEST_TIMEOUT_MS",
                "3000");
    }

    // ---- knobs ------------------------------------------------------------------------------------------------

    /** The {@code expires_in} of tokens issued from now on; the fake also refuses them after that long. */
    public FakeWalletProvider tokenLifetime(Duration lifetime) {
        this.tokenLifetime = lifetime;
        return this;
    }

    /** How long the token endpoint waits before answering (to make concurrent callers overlap). */
    public FakeWalletProvider tokenDelay(Duration delay) {
        this.tokenDelay = delay;
        return this;
    }

    /** How long CreatePayment and the retrieve calls wait before answering (a slow provider). */
    public FakeWalletProvider slowAnswers(Duration delay) {
        this.answerDelay = delay;
        return this;
    }

    /** The life of payment tokens from now on ({@code expired − created} in CreatePayment's answer). */
    public FakeWalletProvider paymentTokenLife(Duration life) {
        this.paymentTokenLife = life;
        return this;
    }

    /** The merchant's Alert URL: after a payment at the gateway the fake calls it with GET ?transactionId=. */
    public FakeWalletProvider alertUrl(String url) {
        this.alertUrl = url;
        return this;
    }

    /** The HTTP statuses the Alert URL answered, in order. */
    public List<Integer> alertAnswers() {
        return List.copyOf(alertAnswers);
    }

    /** The next {@code count} CreatePayment calls answer {@code status} with this {@code error} and {@code message}. */
    public FakeWalletProvider failNextCreates(int count, int status, String error, String message) {
        this.createFailureError = error;
        this.createFailureMessage = message;
        this.createFailureStatus = status;
        this.createFailures.set(count);
        return this;
    }

    /** The next {@code count} CreatePayment calls (with a valid token) answer {@code status}. */
    public FakeWalletProvider failNextCreates(int count, int status) {
        this.createFailureError = "Error";
        this.createFailureMessage = "Simulated failure";
        this.createFailureStatus = status;
        this.createFailures.set(count);
        return this;
    }

    /** The next {@code count} token requests (with good credentials) answer {@code status}. */
    public FakeWalletProvider failNextTokenRequests(int count, int status) {
        this.tokenFailureStatus = status;
        this.tokenFailures.set(count);
        return this;
    }

    /** While on, CreatePayment calls are recorded and never answered. */
    public FakeWalletProvider stallCreates(boolean stall) {
        this.stallCreates = stall;
        return this;
    }

    /**
     * RetrieveOrderPayment for these orders answers 500, as the provider does when it cannot look an order up, until
     * {@link #answerLookUps} (the order ids are the payments' ids, or {@code <id>-2} for a later try).
     */
    public FakeWalletProvider failLookUpsOf(Collection<String> orderIds) {
        unanswerableOrders.addAll(orderIds);
        return this;
    }

    /** Every order can be looked up again. */
    public FakeWalletProvider answerLookUps() {
        unanswerableOrders.clear();
        return this;
    }

    /** The next {@code count} API calls answer 401 whatever token they carry. */
    public FakeWalletProvider rejectNextCalls(int count) {
        this.unauthorizedCalls.set(count);
        return this;
    }

    /** Forgets every issued token, as a provider does on a key rotation: the next API call gets 401. */
    public FakeWalletProvider revokeTokens() {
        accessTokens.clear();
        return this;
    }

    /** Where the gateway sends the customer after paying, with {@code ?transactionId=}; null shows a page. */
    public FakeWalletProvider returnUrl(String url) {
        this.returnUrl = url;
        return this;
    }

    /** The customer paid: the retrieve calls report this successful transaction from now on. */
    public Transaction complete(UUID orderId, BigDecimal amount, String transactionId) {
        return complete(orderId, amount, transactionId, DEFAULT_PAYER);
    }

    public Transaction complete(UUID orderId, BigDecimal amount, String transactionId, String payer) {
        return complete(orderId.toString(), amount, transactionId, payer);
    }

    public Transaction complete(String orderId, BigDecimal amount, String transactionId, String payer) {
        return register(new Transaction(transactionId, orderId, amount, payer, "successful"));
    }

    /** Any transaction, e.g. with a message other than "successful". */
    public Transaction register(Transaction transaction) {
        transactionsByOrder.put(transaction.orderId(), transaction);
        transactionsById.put(transaction.transactionId(), transaction);
        if (ProviderTransaction.SUCCESSFUL.equals(transaction.message())) {
            synchronized (applied) {
                prefundedBalance =
                        prefundedBalance.add(transaction.amount()); // the customer's money reaches the account
            }
        }
        return transaction;
    }

    /**
     * The customer paid the payment opened with {@code paymentToken}, for the amount it was opened with; empty
     * when no CreatePayment gave that token. Returns the new transaction.
     */
    public Optional<Transaction> payToken(String paymentToken, String payer) {
        CreatedPayment created = createdByToken.get(paymentToken);
        if (created == null) {
            return Optional.empty();
        }
        String transactionId = String.valueOf(transactionCounter.incrementAndGet());
        return Optional.of(complete(created.orderId(), created.amount(), transactionId, payer));
    }

    /**
     * The wallet declined the payment opened with {@code paymentToken} (not enough money, say): the retrieve calls
     * report a transaction with {@code message} instead of "successful". Empty when no CreatePayment gave that token.
     */
    public Optional<Transaction> declineToken(String paymentToken, String payer, String message) {
        CreatedPayment created = createdByToken.get(paymentToken);
        if (created == null) {
            return Optional.empty();
        }
        String transactionId = String.valueOf(transactionCounter.incrementAndGet());
        return Optional.of(
                register(new Transaction(transactionId, created.orderId(), created.amount(), payer, message)));
    }

    /** The next {@code count} transfers are made, but their answers never arrive (the caller times out). */
    public FakeWalletProvider loseTransferAnswers(int count) {
        lostTransferAnswers.set(count);
        return this;
    }

    /** Transfert answers 403 (the business account may not pay) while {@code refuse} holds. */
    public FakeWalletProvider refuseTransfers(boolean refuse) {
        refuseTransfers = refuse;
        return this;
    }

    /**
     * Transfert makes the transfer but answers with {@code message} and no transaction id while it is set (null:
     * "successful" with the id, as usual): the answers a caller must not take for a refusal.
     */
    public FakeWalletProvider answerTransfersWith(String message) {
        transferMessage = message;
        return this;
    }

    /** Transfert refuses the request with {@code status} and MonCash's error body while set (null: as usual). */
    public FakeWalletProvider refuseTransferRequestsWith(Integer status) {
        return refuseTransferRequestsWith(status, false);
    }

    /** The same, {@code inBody}: on a 200 whose body's {@code status} says it, as some of MonCash's answers do. */
    public FakeWalletProvider refuseTransferRequestsWith(Integer status, boolean inBody) {
        transferRefusal = status;
        transferRefusalInBody = inBody;
        return this;
    }

    /**
     * How Transfert behaves for one receiver, as a slow or flaky MonCash does. {@code applies}: whether the
     * transfer is made at all; {@code applyAfter}: how long after the request it is made (the status look-up does
     * not see it before, as MonCash's cannot see a transfer it is still processing); {@code answer}: what the caller
     * gets, right after the request when {@code answerAtOnce}, else once it is applied.
     */
    public record TransferScript(boolean applies, Duration applyAfter, Answer answer, boolean answerAtOnce) {

        public enum Answer {
            SUCCESSFUL,
            PENDING,
            DROP_CONNECTION,
            HTTP_500,
            HTTP_400,
            HTTP_403
        }

        /** Made after {@code delay}, answered successfully then (a caller with a shorter timeout has given up). */
        public static TransferScript appliesAfter(Duration delay) {
            return new TransferScript(true, delay, Answer.SUCCESSFUL, false);
        }

        /** Made, then the connection is closed without an answer. */
        public static TransferScript appliesThenDrops() {
            return new TransferScript(true, Duration.ZERO, Answer.DROP_CONNECTION, false);
        }

        /** Made, and answered with an error status all the same (500, or a 400 that arrives after the fact). */
        public static TransferScript appliesThenAnswers(Answer error) {
            return new TransferScript(true, Duration.ZERO, error, false);
        }

        /** Answered "pending" at once, and made {@code delay} later. */
        public static TransferScript pendingThenApplies(Duration delay) {
            return new TransferScript(true, delay, Answer.PENDING, true);
        }

        /** Refused with {@code error} and never made. */
        public static TransferScript refusedWith(Answer error) {
            return new TransferScript(false, Duration.ZERO, error, true);
        }
    }

    /** Transfers to {@code receiver} behave as {@code script} says (null: made and answered at once). */
    public FakeWalletProvider scriptTransfersTo(String receiver, TransferScript script) {
        if (script == null) {
            scriptsByReceiver.remove(receiver);
        } else {
            scriptsByReceiver.put(receiver, script);
        }
        return this;
    }

    /**
     * PrefundedTransactionStatus answers every reference with a 200 whose body says {@code status} and
     * {@code transStatus} (MonCash's "not found" error body for a 404) while set; null: as usual.
     */
    public FakeWalletProvider answerTransferLookUpsWith(Integer status, String transStatus) {
        lookUpAnswer = status == null ? null : new LookUpAnswer(status, transStatus);
        return this;
    }

    private record LookUpAnswer(int status, String transStatus) {}

    /** Answers a look-up as {@link #answerTransferLookUpsWith} said; false when it said nothing. */
    private boolean answerLookUpAsSet(RoutingContext ctx) {
        LookUpAnswer canned = lookUpAnswer;
        if (canned == null) {
            return false;
        }
        ObjectNode answer = canned.status() == 404
                ? error(ctx, 404, "Not Found", "Can't find this transaction")
                : JSON.createObjectNode()
                        .put("path", "/Api/v1/PrefundedTransactionStatus")
                        .put("transStatus", canned.transStatus())
                        .put("timestamp", System.currentTimeMillis())
                        .put("status", canned.status());
        later(() -> json(ctx, 200, answer));
        return true;
    }

    /** Every transfer made, in order: a reference sent and made twice is here twice. */
    public List<Transfer> transfers() {
        return List.copyOf(applied);
    }

    /** How often the transfer {@code reference} was made. */
    public long timesApplied(String reference) {
        return applied.stream()
                .filter(made -> made.reference().equals(reference))
                .count();
    }

    public BigDecimal prefundedBalance() {
        return prefundedBalance;
    }

    /**
     * Money that reaches or leaves the business account other than by a payment or a Transfert (money taken out
     * behind the service's back, a fee MonCash charged): added to the prefunded balance.
     */
    public FakeWalletProvider addToPrefundedBalance(BigDecimal amount) {
        synchronized (applied) {
            prefundedBalance = prefundedBalance.add(amount);
        }
        return this;
    }

    // ---- what happened ----------------------------------------------------------------------------------------

    public List<Received> requests() {
        return List.copyOf(received);
    }

    /** The requests to one path, e.g. {@code "/api/v1/CreatePayment"}. */
    public List<Received> requests(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    public List<Received> tokenRequests() {
        return requests("/api/oauth/token");
    }

    public List<Received> createRequests() {
        return requests("/api/v1/CreatePayment");
    }

    /** How many tokens the fake handed out (token requests that succeeded). */
    public int tokensIssued() {
        return tokensIssued.get();
    }

    public Optional<CreatedPayment> created(UUID orderId) {
        return created(orderId.toString());
    }

    public Optional<CreatedPayment> created(String orderId) {
        return Optional.ofNullable(createdByOrder.get(orderId));
    }

    public List<CreatedPayment> createdPayments() {
        return List.copyOf(createdByOrder.values());
    }

    /** Forgets recorded requests (not tokens, payments or transactions). */
    public void clearRequests() {
        received.clear();
    }

    // ---- recording ----------------------------------------------------------------------------------------------

    private void recordBody(RoutingContext ctx) {
        Map<String, String> headers = new HashMap<>();
        ctx.request().headers().forEach(h -> headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
        String body = ctx.body() == null || ctx.body().buffer() == null
                ? ""
                : ctx.body().asString();
        received.add(new Received(
                ctx.request().method().name(),
                ctx.request().path(),
                ctx.request().query(),
                Map.copyOf(headers),
                body));
        ctx.next();
    }

    // ---- the API ------------------------------------------------------------------------------------------------

    private void token(RoutingContext ctx) {
        String expected = "Basic "
                + Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        if (!expected.equals(ctx.request().getHeader("Authorization"))) {
            json(
                    ctx,
                    401,
                    JSON.createObjectNode().put("error", "unauthorized").put("error_description", "Bad credentials"));
            return;
        }
        Map<String, String> form = form(ctx.body().asString());
        if (!"client_credentials".equals(form.get("grant_type")) || form.get("scope") == null) {
            json(ctx, 400, JSON.createObjectNode().put("error", "invalid_request"));
            return;
        }
        if (tokenFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            json(ctx, tokenFailureStatus, error(ctx, tokenFailureStatus, "Error", "Simulated failure"));
            return;
        }
        Duration lifetime = tokenLifetime;
        Runnable answer = () -> {
            String token = randomToken(24);
            accessTokens.put(token, Instant.now().plus(lifetime));
            tokensIssued.incrementAndGet();
            json(
                    ctx,
                    200,
                    JSON.createObjectNode()
                            .put("access_token", token)
                            .put("token_type", "bearer")
                            .put("expires_in", lifetime.toSeconds())
                            .put("scope", "read,write")
                            .put("jti", UUID.randomUUID().toString()));
        };
        if (tokenDelay.isZero()) {
            answer.run();
        } else {
            vertx.setTimer(tokenDelay.toMillis(), id -> answer.run());
        }
    }

    private void createPayment(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        if (stallCreates) {
            return; // recorded, never answered
        }
        if (createFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            json(ctx, createFailureStatus, error(ctx, createFailureStatus, createFailureError, createFailureMessage));
            return;
        }
        JsonNode body = jsonBody(ctx);
        if (body == null
                || !body.path("amount").isNumber()
                || body.path("amount").decimalValue().signum() <= 0
                || body.path("orderId").asText("").isBlank()) {
            json(ctx, 400, error(ctx, 400, "Bad Request", "amount and orderId are required"));
            return;
        }
        String orderId = body.path("orderId").asText();
        String rawAmount = rawNumber(ctx.body().asString(), "amount");
        String paymentToken = randomToken(25); // standard Base64 with '+', '/' and '=': needs URL encoding
        CreatedPayment created =
                new CreatedPayment(orderId, body.path("amount").decimalValue(), rawAmount, paymentToken);
        createdByOrder.put(orderId, created);
        createdByToken.put(paymentToken, created);
        // the provider's clock, zone unstated: far from ours, so only expired − created can mean anything
        LocalDateTime now = LocalDateTime.now(PROVIDER_ZONE);
        ObjectNode answer = JSON.createObjectNode();
        answer.put("mode", "sandbox").put("path", "/Api/v1/CreatePayment");
        answer.putObject("payment_token")
                .put("expired", WIRE_TIME.format(now.plus(paymentTokenLife)))
                .put("created", WIRE_TIME.format(now))
                .put("token", paymentToken);
        answer.put("timestamp", System.currentTimeMillis()).put("status", 202);
        later(() -> json(ctx, 202, answer));
    }

    private void retrieveOrderPayment(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        JsonNode body = jsonBody(ctx);
        String orderId = body == null ? null : body.path("orderId").asText(null);
        if (orderId != null && unanswerableOrders.contains(orderId)) {
            later(() -> json(ctx, 500, error(ctx, 500, "Internal Server Error", "Service unavailable")));
            return;
        }
        Transaction found = orderId == null ? null : transactionsByOrder.get(orderId);
        answerTransaction(ctx, found);
    }

    private void retrieveTransactionPayment(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        JsonNode body = jsonBody(ctx);
        String transactionId = body == null ? null : body.path("transactionId").asText(null);
        answerTransaction(ctx, transactionId == null ? null : transactionsById.get(transactionId));
    }

    private void answerTransaction(RoutingContext ctx, Transaction found) {
        if (found == null) {
            later(() -> json(ctx, 404, error(ctx, 404, "Not Found", "Payment not found")));
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.put("path", ctx.request().path());
        answer.putObject("payment")
                .put("reference", found.orderId())
                .put("transaction_id", found.transactionId())
                .put("cost", found.amount())
                .put("message", found.message())
                .put("payer", found.payer());
        answer.put("timestamp", System.currentTimeMillis()).put("status", 200);
        later(() -> json(ctx, 200, answer));
    }

    // ---- the business account's transfers ----------------------------------------------------------------------

    private void transfer(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        if (refuseTransfers) {
            json(ctx, 403, error(ctx, 403, "Forbidden", "Not allowed to make transfers"));
            return;
        }
        Integer refusal = transferRefusal;
        if (refusal != null) {
            json(
                    ctx,
                    transferRefusalInBody ? 200 : refusal,
                    error(ctx, refusal, "Bad Request", "The receiver is not a MonCash customer"));
            return;
        }
        JsonNode body = jsonBody(ctx);
        String reference = body == null ? null : body.path("reference").asText(null);
        String receiver = body == null ? null : body.path("receiver").asText(null);
        if (reference == null || receiver == null || !body.path("amount").isNumber()) {
            json(ctx, 400, error(ctx, 400, "Bad Request", "amount, receiver and reference are required"));
            return;
        }
        BigDecimal amount = body.path("amount").decimalValue();
        String desc = body.path("desc").asText(null);
        TransferScript script = scriptsByReceiver.get(receiver);
        if (script == null) {
            Transfer made = apply(reference, receiver, amount, desc);
            if (lostTransferAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                return; // made, never answered
            }
            later(() -> json(ctx, 200, transferAnswer(made, transferMessage)));
            return;
        }
        Runnable applyIt = () -> {
            if (script.applies()) {
                Transfer made = apply(reference, receiver, amount, desc);
                if (!script.answerAtOnce()) {
                    answerScripted(ctx, script.answer(), made);
                }
            }
        };
        if (script.answerAtOnce()) {
            answerScripted(ctx, script.answer(), null);
        }
        if (script.applyAfter().isZero()) {
            applyIt.run();
        } else {
            vertx.setTimer(script.applyAfter().toMillis(), id -> applyIt.run());
        }
    }

    private Transfer apply(String reference, String receiver, BigDecimal amount, String desc) {
        synchronized (applied) {
            prefundedBalance = prefundedBalance.subtract(amount);
            Transfer made = new Transfer(
                    reference, receiver, amount, desc, String.valueOf(transactionCounter.incrementAndGet()));
            applied.add(made);
            return made;
        }
    }

    private void answerScripted(RoutingContext ctx, TransferScript.Answer answer, Transfer made) {
        if (ctx.response().ended() || ctx.response().closed()) {
            return; // the caller gave up waiting
        }
        switch (answer) {
            case SUCCESSFUL -> json(ctx, 200, transferAnswer(made, null));
            case PENDING -> {
                ObjectNode pending = JSON.createObjectNode().put("path", "/Api/v1/Transfert");
                pending.putObject("transfer").put("message", "pending");
                json(
                        ctx,
                        200,
                        pending.put("timestamp", System.currentTimeMillis()).put("status", 200));
            }
            case DROP_CONNECTION -> ctx.request().connection().close();
            case HTTP_500 -> json(ctx, 500, error(ctx, 500, "Internal Server Error", "Unexpected error"));
            case HTTP_400 -> json(ctx, 400, error(ctx, 400, "Bad Request", "Transaction could not be processed"));
            case HTTP_403 -> json(ctx, 403, error(ctx, 403, "Forbidden", "Not allowed to make transfers"));
        }
    }

    private static ObjectNode transferAnswer(Transfer made, String message) {
        ObjectNode answer = JSON.createObjectNode();
        answer.put("path", "/Api/v1/Transfert");
        ObjectNode transfer = answer.putObject("transfer");
        if (message == null) {
            transfer.put("transaction_id", made.transactionId());
        }
        transfer.put("amount", made.amount())
                .put("receiver", made.receiver())
                .put("message", message == null ? "successful" : message)
                .put("desc", made.desc());
        answer.put("timestamp", System.currentTimeMillis()).put("status", 200);
        return answer;
    }

    private void transferStatus(RoutingContext ctx) {
        if (!authorized(ctx) || answerLookUpAsSet(ctx)) {
            return;
        }
        JsonNode body = jsonBody(ctx);
        String reference = body == null ? null : body.path("reference").asText(null);
        Transfer made = reference == null
                ? null
                : applied.stream()
                        .filter(transfer -> transfer.reference().equals(reference))
                        .findFirst()
                        .orElse(null);
        if (made == null) {
            later(() -> json(ctx, 404, error(ctx, 404, "Not Found", "Can't find this transaction")));
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.put("path", "/Api/v1/PrefundedTransactionStatus");
        answer.put("transStatus", "successful");
        answer.put("timestamp", System.currentTimeMillis()).put("status", 200);
        later(() -> json(ctx, 200, answer));
    }

    private void prefundedBalance(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.put("path", "/Api/v1/PrefundedBalance");
        answer.putObject("balance").put("balance", prefundedBalance);
        answer.put("timestamp", System.currentTimeMillis()).put("status", 200);
        later(() -> json(ctx, 200, answer));
    }

    // ---- the customer gateway -----------------------------------------------------------------------------------

    private void gatewayPage(RoutingContext ctx) {
        String token = ctx.request().getParam("token");
        if (token == null || !createdByToken.containsKey(token)) {
            ctx.response()
                    .setStatusCode(404)
                    .putHeader("Content-Type", "text/plain")
                    .end("Unknown payment token");
            return;
        }
        CreatedPayment created = createdByToken.get(token);
        ctx.response()
                .putHeader("Content-Type", "text/html; charset=utf-8")
                .end("<!DOCTYPE html><html><body>"
                        + "<h1>Fake wallet gateway</h1><p id=\"amount\">"
                        + created.amount().toPlainString() + " HTG</p>"
                        + "<form method=\"post\" action=\"/gateway/Payment/Pay\">"
                        + "<input type=\"hidden\" name=\"token\" value=\"" + attribute(token) + "\">"
                        + "<input id=\"phone\" name=\"phone\" value=\"" + DEFAULT_PAYER + "\">"
                        + "<button id=\"pay\" type=\"submit\">Pay</button></form></body></html>");
    }

    private static String attribute(String value) {
        return value.replace("&", "&amp;")
                .replace("\"", "&quot;")
                .replace("<", "&lt;")
                .replace(">", "&gt;");
    }

    private void gatewayPay(RoutingContext ctx) {
        Map<String, String> form = form(ctx.body().asString());
        String payer = form.getOrDefault("phone", DEFAULT_PAYER);
        Optional<Transaction> paid = payToken(form.get("token"), payer);
        if (paid.isEmpty()) {
            ctx.response()
                    .setStatusCode(404)
                    .putHeader("Content-Type", "text/plain")
                    .end("Unknown payment token");
            return;
        }
        String alert = alertUrl;
        if (alert != null) {
            String separator = alert.contains("?") ? "&" : "?";
            alertClient
                    .request(new io.vertx.core.http.RequestOptions()
                            .setMethod(io.vertx.core.http.HttpMethod.GET)
                            .setAbsoluteURI(alert + separator + "transactionId="
                                    + URLEncoder.encode(paid.get().transactionId(), StandardCharsets.UTF_8)))
                    .compose(request -> request.send())
                    .onSuccess(response -> alertAnswers.add(response.statusCode()))
                    .onFailure(failure -> alertAnswers.add(-1));
        }
        String target = returnUrl;
        if (target == null) {
            ctx.response()
                    .putHeader("Content-Type", "text/plain")
                    .end("Paid; transactionId=" + paid.get().transactionId());
            return;
        }
        String separator = target.contains("?") ? "&" : "?";
        ctx.response()
                .setStatusCode(302)
                .putHeader(
                        "Location",
                        target + separator + "transactionId="
                                + URLEncoder.encode(paid.get().transactionId(), StandardCharsets.UTF_8))
                .end();
    }

    // ---- plumbing -----------------------------------------------------------------------------------------------

    private boolean authorized(RoutingContext ctx) {
        String authorization = ctx.request().getHeader("Authorization");
        String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7) : null;
        Instant expires = token == null ? null : accessTokens.get(token);
        boolean forced = unauthorizedCalls.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
        if (forced || expires == null || Instant.now().isAfter(expires)) {
            json(
                    ctx,
                    401,
                    JSON.createObjectNode()
                            .put("error", "invalid_token")
                            .put("error_description", "Access token expired or invalid"));
            return false;
        }
        return true;
    }

    private static JsonNode jsonBody(RoutingContext ctx) {
        try {
            String text = ctx.body().asString();
            return text == null ? null : JSON.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }

    /** MonCash's error body: {@code {status, error, message, path, timestamp}}. */
    private static ObjectNode error(RoutingContext ctx, int status, String error, String message) {
        return JSON.createObjectNode()
                .put("status", status)
                .put("error", error)
                .put("message", message)
                .put("path", ctx.request().path())
                .put("timestamp", System.currentTimeMillis());
    }

    /** Runs {@code answer} after the configured delay of API answers. */
    private void later(Runnable answer) {
        Duration delay = answerDelay;
        if (delay.isZero()) {
            answer.run();
        } else {
            vertx.setTimer(delay.toMillis(), id -> answer.run());
        }
    }

    private static void json(RoutingContext ctx, int status, ObjectNode body) {
        try {
            ctx.response()
                    .setStatusCode(status)
                    .putHeader("Content-Type", "application/json")
                    .end(Buffer.buffer(JSON.writeValueAsBytes(body)));
        } catch (IOException e) {
            ctx.fail(e);
        }
    }

    private static Map<String, String> form(String body) {
        if (body == null || body.isEmpty()) {
            return Map.of();
        }
        return java.util.Arrays.stream(body.split("&"))
                .map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(
                        kv -> URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv -> kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "",
                        (first, second) -> first));
    }

    /** The characters of a top-level JSON number field as sent, e.g. "2500.00" (so tests see the wire format). */
    private static String rawNumber(String json, String field) {
        var matcher = java.util.regex.Pattern.compile("\"" + field + "\"\\s*:\\s*(-?[0-9][0-9.eE+-]*)")
                .matcher(json);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static String randomToken(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return Base64.getEncoder().encodeToString(random);
    }
}
