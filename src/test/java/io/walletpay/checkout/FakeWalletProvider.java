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
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
 * <p>Tokens it issues expire in real time after {@link #tokenLifetime(Duration)}; an API call with a missing,
 * unknown, revoked or expired token gets 401. Every request that reaches it is recorded.
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
    public record CreatedPayment(UUID orderId, BigDecimal amount, String rawAmount, String paymentToken) {}

    /** A transaction the fake reports from the retrieve calls. */
    public record Transaction(String transactionId, UUID orderId, BigDecimal amount, String payer, String message) {}

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final DateTimeFormatter WIRE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String clientId;
    private final String clientSecret;

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Instant> accessTokens = new ConcurrentHashMap<>();
    private final Map<UUID, CreatedPayment> createdByOrder = new ConcurrentHashMap<>();
    private final Map<String, CreatedPayment> createdByToken = new ConcurrentHashMap<>();
    private final Map<UUID, Transaction> transactionsByOrder = new ConcurrentHashMap<>();
    private final Map<String, Transaction> transactionsById = new ConcurrentHashMap<>();
    private final AtomicInteger tokensIssued = new AtomicInteger();
    private final AtomicLong transactionCounter = new AtomicLong(2_155_000_000L);

    private volatile Duration tokenLifetime = Duration.ofSeconds(59);
    private volatile Duration tokenDelay = Duration.ZERO;
    private volatile boolean stallCreates;
    private volatile String returnUrl;
    private final AtomicInteger createFailures = new AtomicInteger();
    private volatile int createFailureStatus = 500;
    private final AtomicInteger unauthorizedCalls = new AtomicInteger();
    private final AtomicInteger tokenFailures = new AtomicInteger();
    private volatile int tokenFailureStatus = 503;

    private Vertx vertx;
    private HttpServer server;

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
        Router router = Router.router(vertx);
        router.route().handler(BodyHandler.create().setBodyLimit(64 * 1024));
        router.route().handler(this::recordBody);
        router.post("/api/oauth/token").handler(this::token);
        router.post("/api/v1/CreatePayment").handler(this::createPayment);
        router.post("/api/v1/RetrieveOrderPayment").handler(this::retrieveOrderPayment);
        router.post("/api/v1/RetrieveTransactionPayment").handler(this::retrieveTransactionPayment);
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
        return server == null ? Future.succeededFuture() : server.close();
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

    /** The next {@code count} CreatePayment calls (with a valid token) answer {@code status}. */
    public FakeWalletProvider failNextCreates(int count, int status) {
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
        return register(new Transaction(transactionId, orderId, amount, payer, "successful"));
    }

    /** Any transaction, e.g. with a message other than "successful". */
    public Transaction register(Transaction transaction) {
        transactionsByOrder.put(transaction.orderId(), transaction);
        transactionsById.put(transaction.transactionId(), transaction);
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
            json(ctx, tokenFailureStatus, error(tokenFailureStatus, "Simulated failure"));
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
            json(ctx, createFailureStatus, error(createFailureStatus, "Simulated failure"));
            return;
        }
        JsonNode body = jsonBody(ctx);
        if (body == null
                || !body.path("amount").isNumber()
                || body.path("amount").decimalValue().signum() <= 0
                || !isUuid(body.path("orderId").asText(null))) {
            json(ctx, 400, error(400, "amount and orderId are required"));
            return;
        }
        UUID orderId = UUID.fromString(body.path("orderId").asText());
        String rawAmount = rawNumber(ctx.body().asString(), "amount");
        String paymentToken = randomToken(25); // standard Base64 with '+', '/' and '=': needs URL encoding
        CreatedPayment created =
                new CreatedPayment(orderId, body.path("amount").decimalValue(), rawAmount, paymentToken);
        createdByOrder.put(orderId, created);
        createdByToken.put(paymentToken, created);
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        ObjectNode answer = JSON.createObjectNode();
        answer.putObject("payment_token")
                .put("expired", WIRE_TIME.format(now.plusMinutes(10)))
                .put("created", WIRE_TIME.format(now))
                .put("token", paymentToken);
        answer.put("timestamp", System.currentTimeMillis())
                .put("status", 202)
                .put("mode", "sandbox")
                .put("path", "/Api/v1/CreatePayment");
        json(ctx, 202, answer);
    }

    private void retrieveOrderPayment(RoutingContext ctx) {
        if (!authorized(ctx)) {
            return;
        }
        JsonNode body = jsonBody(ctx);
        String orderId = body == null ? null : body.path("orderId").asText(null);
        Transaction found = isUuid(orderId) ? transactionsByOrder.get(UUID.fromString(orderId)) : null;
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
            json(ctx, 404, error(404, "Payment not found"));
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.putObject("payment")
                .put("reference", found.orderId().toString())
                .put("transaction_id", found.transactionId())
                .put("cost", found.amount())
                .put("message", found.message())
                .put("payer", found.payer());
        answer.put("timestamp", System.currentTimeMillis())
                .put("status", 200)
                .put("path", ctx.request().path());
        json(ctx, 200, answer);
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

    private static ObjectNode error(int status, String message) {
        return JSON.createObjectNode()
                .put("timestamp", System.currentTimeMillis())
                .put("status", status)
                .put("error", status == 404 ? "Not Found" : "Error")
                .put("message", message);
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

    private static boolean isUuid(String value) {
        if (value == null) {
            return false;
        }
        try {
            UUID.fromString(value);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String randomToken(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return Base64.getEncoder().encodeToString(random);
    }
}
