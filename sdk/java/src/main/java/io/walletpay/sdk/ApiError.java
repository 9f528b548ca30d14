package io.walletpay.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.walletpay.client.ApiException;
import java.io.IOException;

/**
 * A failure as the service explains it: the status and the envelope's {@code error} ({@code code}, {@code
 * message}, {@code field} and {@code request_id} when given; other fields are kept in {@code body}).
 */
public record ApiError(int status, String code, String message, String field, String requestId, JsonNode body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the generated client's exception; an answer that is not JSON keeps its status alone. */
    public static ApiError of(ApiException failure) {
        JsonNode envelope = JSON.createObjectNode();
        try {
            if (failure.getResponseBody() != null && !failure.getResponseBody().isBlank()) {
                envelope = JSON.readTree(failure.getResponseBody());
            }
        } catch (IOException notJson) {
            // the status alone explains it
        }
        JsonNode error = envelope.path("error");
        String requestId = text(error.path("request_id"));
        if (requestId == null) {
            requestId = text(envelope.path("request_id"));
        }
        if (requestId == null && failure.getResponseHeaders() != null) {
            requestId = failure.getResponseHeaders().firstValue("X-Request-Id").orElse(null);
        }
        String code = text(error.path("code"));
        return new ApiError(
                failure.getCode(),
                code != null ? code : "http_" + failure.getCode(),
                message(error),
                text(error.path("field")),
                requestId,
                envelope);
    }

    private static String message(JsonNode error) {
        String message = text(error.path("message"));
        return message != null ? message : "";
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
