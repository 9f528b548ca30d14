package io.walletpay.support;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.openapi.OpenApiContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** A blocking HTTP client for tests: real sockets, answers as a merchant's code would see them. */
public final class Http {

    public record Response(int status, java.net.http.HttpHeaders headers, String body) {

        public JsonObject json() {
            return new JsonObject(body);
        }

        public JsonObject data() {
            return json().getJsonObject("data");
        }

        public JsonArray dataArray() {
            return json().getJsonArray("data");
        }

        public String errorCode() {
            return json().getJsonObject("error").getString("code");
        }

        /**
         * The error envelope without its {@code request_id}, which differs on every request: what two answers that
         * mean the same failure must have in common.
         */
        public JsonObject errorWithoutRequestId() {
            JsonObject envelope = json().copy();
            JsonObject error = envelope.getJsonObject("error");
            if (error == null || error.remove("request_id") == null) {
                throw new AssertionError("not an error envelope with a request_id: " + body);
            }
            return envelope;
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final String base;

    public Http(int port) {
        this.base = "http://localhost:" + port;
    }

    /**
     * Every answer of a route the API document describes must match it (status, headers, body schema), so the
     * document cannot drift from the service: every test that calls the API checks it.
     */
    private static void checkAgainstTheDocument(String method, String path, Response answer) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        OpenApiContract.operationFor(method, bare).ifPresent(operation -> {
            Map<String, String> headers = new java.util.HashMap<>();
            answer.headers().map().forEach((name, values) -> headers.put(name, values.get(0)));
            OpenApiContract.assertMatchesWithHeaders(operation, answer.status(), headers, answer.body());
        });
    }

    /** A merchant's bearer token from its id and secret key (as the admin API answered them at creation). */
    public String merchantToken(JsonObject merchant) {
        Response answer = post(
                "/api/merchant/token",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", merchant.getString("secret_key")));
        if (answer.status() != 200) {
            throw new AssertionError("no token: " + answer.status() + " " + answer.body());
        }
        return answer.data().getString("token");
    }

    public Response get(String path, String bearer) {
        return send("GET", path, bearer, null, Map.of());
    }

    public Response post(String path, String bearer, Object json) {
        return send(
                "POST",
                path,
                bearer,
                json == null ? null : json.toString(),
                Map.of("Content-Type", "application/json"));
    }

    public Response patch(String path, String bearer, Object json) {
        return send("PATCH", path, bearer, json.toString(), Map.of("Content-Type", "application/json"));
    }

    public Response send(String method, String path, String bearer, String body, Map<String, String> headers) {
        return sendPublished(
                method,
                path,
                bearer,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body),
                headers);
    }

    /** A body of exact bytes, e.g. invalid UTF-8 that a String could not carry. */
    public Response sendBytes(String method, String path, String bearer, byte[] body, Map<String, String> headers) {
        return sendPublished(method, path, bearer, HttpRequest.BodyPublishers.ofByteArray(body), headers);
    }

    private Response sendPublished(
            String method, String path, String bearer, HttpRequest.BodyPublisher body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body);
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Response answer = new Response(response.statusCode(), response.headers(), response.body());
            checkAgainstTheDocument(method, path, answer);
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
