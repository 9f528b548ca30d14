package io.walletpay.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.ConnectException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One call to MonCash's merchant REST API, and how its answers are read. It owns the HTTP client and the client
 * credentials: a call takes a token ({@link MonCashToken}, asked for at {@code POST /oauth/token} with Basic client
 * credentials and {@code scope=read,write&grant_type=client_credentials}), sends the request within both timeouts,
 * sends it once more with a fresh token after a 401, and checks the answer. MonCash's error bodies ({@code error},
 * {@code message}) become a bounded reason; every failure is a {@link ServiceException} of kind PROVIDER naming the
 * step and why. Neither the client secret nor any token reaches a log line or an error message.
 */
final class MonCashExchange {

    private static final Logger LOG = LoggerFactory.getLogger(MonCashExchange.class);

    // Amounts stay decimal from the wire to BigDecimal: never through double.
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private static final String TOKEN_FORM = "scope=read,write&grant_type=client_credentials";
    private static final int MAX_REASON = 200;

    /**
     * What MonCash answered to a call: the status that decides (the body's when a 2xx body repeats an error, as some
     * of MonCash's answers do) and the body, missing when it was not a JSON object.
     */
    record Answer(int status, JsonNode body) {}

    private final LiveProviderSettings settings;
    private final WebClient client;
    private final MonCashToken token;
    private final Counter answered;
    private final Counter failed;

    MonCashExchange(Vertx vertx, LiveProviderSettings settings, Clock clock, MeterRegistry registry) {
        this.settings = Objects.requireNonNull(settings, "settings");
        // both outcomes from the start, at zero: an error rate reads 0, not "no data", until the first failure
        this.answered = calls("answered", registry);
        this.failed = calls("failed", registry);
        this.client = WebClient.create(
                vertx,
                new WebClientOptions()
                        .setUserAgent("walletpay")
                        .setFollowRedirects(false)
                        .setConnectTimeout(
                                Math.toIntExact(settings.connectTimeout().toMillis())));
        this.token = new MonCashToken(clock, this::requestToken);
    }

    private static Counter calls(String outcome, MeterRegistry registry) {
        return Counter.builder("walletpay.provider.calls")
                .description("Calls to the wallet provider's API by outcome: answered (an answer the service can read,"
                        + " a refusal included) or failed (a timeout, a lost connection, a 5xx, an unreadable answer)")
                .tag("outcome", outcome)
                .register(registry);
    }

    /** A POST of {@code body} (a GET when it is null) whose answer must be a 2xx JSON object with no error status. */
    Future<JsonNode> call(String step, String path, ObjectNode body) {
        return call(step, path, body, Set.of()).map(Answer::body);
    }

    /**
     * The same, except that a status in {@code answers}, on the wire or repeated in a 2xx body, is handed back for
     * the caller to say what it means (a 404 of a look-up, a 403 of a transfer) instead of being an error.
     */
    Future<Answer> call(String step, String path, ObjectNode body, Set<Integer> answers) {
        Buffer payload;
        try {
            payload = body == null ? null : Buffer.buffer(JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            return Future.failedFuture(error(step, "the request could not be encoded"));
        }
        String url = settings.apiBaseUrl() + path;
        return token.current()
                .compose(bearer -> send(url, payload, bearer).compose(response -> {
                    if (response.statusCode() != 401) {
                        return Future.succeededFuture(response);
                    }
                    // The provider may revoke or expire a token earlier than it said: one fresh token, one retry.
                    token.refused(bearer);
                    return token.current()
                            .compose(fresh -> send(url, payload, fresh).andThen(retried -> {
                                if (retried.succeeded() && retried.result().statusCode() == 401) {
                                    token.refused(fresh);
                                }
                            }));
                }))
                .map(response -> answer(step, response, answers))
                .andThen(done -> (done.succeeded() ? answered : failed).increment())
                .recover(failure -> {
                    ServiceException error = asServiceException(step, failure);
                    LOG.warn("{}", error.getMessage()); // messages name the step and status, never a credential
                    return Future.failedFuture(error);
                });
    }

    /** A token and the request, then again after a 401: four exchanges, each within both timeouts. */
    Duration longestCall() {
        return settings.connectTimeout().plus(settings.requestTimeout()).multipliedBy(4);
    }

    /** Releases the HTTP connections. */
    void close() {
        client.close();
    }

    private Future<HttpResponse<Buffer>> send(String url, Buffer payload, String bearer) {
        if (payload == null) {
            return timed(client.getAbs(url))
                    .bearerTokenAuthentication(bearer)
                    .putHeader("Accept", "application/json")
                    .send();
        }
        return timed(client.postAbs(url))
                .bearerTokenAuthentication(bearer)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", "application/json")
                .sendBuffer(payload);
    }

    private HttpRequest<Buffer> timed(HttpRequest<Buffer> request) {
        return request.connectTimeout(settings.connectTimeout().toMillis())
                .timeout(settings.requestTimeout().toMillis());
    }

    private static Answer answer(String step, HttpResponse<Buffer> response, Set<Integer> answers) {
        int status = response.statusCode();
        if (answers.contains(status)) {
            return new Answer(status, object(response));
        }
        if (status < 200 || status > 299) {
            throw error(step, "the provider answered HTTP " + status + reason(response));
        }
        JsonNode answer = parse(step, response);
        // An error repeated in the body wins over a 2xx on the wire.
        JsonNode repeated = answer.path("status");
        if (repeated.isNumber() && repeated.canConvertToInt() && repeated.intValue() >= 400) {
            int said = repeated.intValue();
            if (answers.contains(said)) {
                return new Answer(said, answer);
            }
            throw error(step, "the provider answered status " + said + reason(answer));
        }
        return new Answer(status, answer);
    }

    // ---- the access token --------------------------------------------------------------------------------------

    private Future<MonCashToken.Grant> requestToken() {
        return timed(client.postAbs(settings.apiBaseUrl() + settings.paths().token()))
                .basicAuthentication(settings.clientId(), settings.clientSecret())
                .putHeader("Content-Type", "application/x-www-form-urlencoded")
                .putHeader("Accept", "application/json")
                .sendBuffer(Buffer.buffer(TOKEN_FORM))
                .map(response -> {
                    int status = response.statusCode();
                    if (status == 400 || status == 401 || status == 403) {
                        throw error(
                                "token",
                                "the provider refused the client credentials (HTTP " + status + ")" + reason(response));
                    }
                    if (status < 200 || status > 299) {
                        throw error("token", "the provider answered HTTP " + status + reason(response));
                    }
                    JsonNode answer = parse("token", response);
                    String value = answer.path("access_token").isTextual()
                            ? answer.path("access_token").textValue()
                            : null;
                    if (value == null || value.isBlank()) {
                        throw error("token", "the answer carries no access_token");
                    }
                    return new MonCashToken.Grant(value, Duration.ofSeconds(seconds(answer.path("expires_in"))));
                })
                .recover(failure -> Future.failedFuture(asServiceException("token", failure)));
    }

    /** {@code expires_in} as a number or a numeric string; 0 when it is neither. */
    private static long seconds(JsonNode expiresIn) {
        if (expiresIn.isNumber() && expiresIn.canConvertToLong()) {
            return Math.max(0, expiresIn.longValue());
        }
        if (expiresIn.isTextual() && expiresIn.textValue().strip().matches("[0-9]{1,9}")) {
            return Long.parseLong(expiresIn.textValue().strip());
        }
        return 0;
    }

    // ---- reading answers ---------------------------------------------------------------------------------------

    private static JsonNode parse(String step, HttpResponse<Buffer> response) {
        Buffer body = response.body();
        if (body == null || body.length() == 0) {
            throw error(step, "the answer is empty");
        }
        try {
            JsonNode node = JSON.readTree(body.getBytes());
            if (node == null || !node.isObject()) {
                throw error(step, "the answer is not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw error(step, "the answer is not JSON");
        }
    }

    /** The body as a JSON object when it is one, else missing: for answers whose status alone says enough. */
    private static JsonNode object(HttpResponse<Buffer> response) {
        Buffer body = response.body();
        if (body == null || body.length() == 0 || body.length() > 64 * 1024) {
            return MissingNode.getInstance();
        }
        try {
            JsonNode node = JSON.readTree(body.getBytes());
            return node != null && node.isObject() ? node : MissingNode.getInstance();
        } catch (IOException notJson) {
            return MissingNode.getInstance();
        }
    }

    private static String reason(HttpResponse<Buffer> response) {
        JsonNode body = object(response);
        return body.isObject() ? reason(body) : "";
    }

    /**
     * MonCash's error body ({@code {status, error, message, path, timestamp}}) as a reason to log and surface:
     * {@code ": <error> - <message>"}, printable characters only and bounded; empty when the body has neither.
     */
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
        return printable(reason.toString());
    }

    /** {@code words} from the provider, control characters blanked and cut, fit for a log line or a message. */
    static String printable(String words) {
        String printable = words.replaceAll("[\\p{Cntrl}]", " ");
        return printable.length() <= MAX_REASON ? printable : printable.substring(0, MAX_REASON) + "...";
    }

    /** A JSON string or number as text; null for anything else, a missing field included. */
    static String text(JsonNode node) {
        return node.isTextual() || node.isNumber() ? node.asText() : null;
    }

    /** A JSON number or numeric string, exactly; two decimals when that loses nothing. */
    static BigDecimal decimal(JsonNode node) {
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

    /** A new JSON object for a request body. */
    static ObjectNode requestBody() {
        return JSON.createObjectNode();
    }

    // ---- errors ------------------------------------------------------------------------------------------------

    private static ServiceException asServiceException(String step, Throwable failure) {
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
        return error(step, why);
    }

    /** The one error of a MonCash call: kind PROVIDER, code {@code provider_error}, the step and why. */
    static ServiceException error(String step, String why) {
        return new ServiceException(ErrorKind.PROVIDER, "provider_error", "Wallet provider " + step + ": " + why);
    }
}
