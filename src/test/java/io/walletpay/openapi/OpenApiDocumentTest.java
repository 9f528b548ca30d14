package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API document is valid OpenAPI 3.1, names every operation, and the contract check both passes and fails. */
class OpenApiDocumentTest {

    private static final String JSON = "application/json; charset=utf-8";

    @Test
    void documentIsValidOpenApi31() {
        JsonObject document = OpenApiContract.document();

        assertThat(document.getString("openapi")).isEqualTo("3.1.0");
        assertThat(OpenApiContract.metaSchemaProblems(document)).isEmpty();
    }

    @Test
    void metaSchemaCheckRefusesABrokenDocument() {
        JsonObject broken = OpenApiContract.document();
        broken.remove("info");
        broken.getJsonObject("paths")
                .getJsonObject("/health/live")
                .getJsonObject("get")
                .getJsonObject("responses")
                .put("20x", new JsonObject().put("description", "not a status"));

        assertThat(OpenApiContract.metaSchemaProblems(broken)).isNotEmpty();
    }

    @Test
    void everyRouteHasItsOperationId() {
        assertThat(OpenApiContract.operationIds())
                .containsExactlyInAnyOrder(
                        "healthLive",
                        "healthReady",
                        "openApiDocument",
                        "metrics",
                        "createMerchant",
                        "listMerchants",
                        "getMerchant",
                        "updateMerchant",
                        "runReconciliation",
                        "listReconciliationRuns",
                        "createToken",
                        "getSettings",
                        "updateSettings",
                        "rotateWebhookSecret",
                        "rotateSecretKey",
                        "rotateMerchantSecretKey",
                        "rotateMerchantTestSecretKey",
                        "inviteMerchantPerson",
                        "testPayPayment",
                        "testExpirePayment",
                        "listTransfersForOperators",
                        "getTransferForOperators",
                        "resolveTransfer",
                        "listAuditLog",
                        "createPayment",
                        "getPayment",
                        "listPayments",
                        "cancelPayment",
                        "listDeliveries",
                        "getDelivery",
                        "redeliverDelivery",
                        "createApiKey",
                        "listApiKeys",
                        "revokeApiKey",
                        "createWebhookEndpoint",
                        "listWebhookEndpoints",
                        "getWebhookEndpoint",
                        "updateWebhookEndpoint",
                        "deleteWebhookEndpoint",
                        "rotateWebhookEndpointSecret",
                        "recoverFailedDeliveries",
                        "sendTestWebhook",
                        "listEvents",
                        "getEvent",
                        "checkoutPage",
                        "submitCheckout",
                        "providerReturn",
                        "providerRetry",
                        "getBalance",
                        "createRefund",
                        "listRefunds",
                        "createPayout",
                        "listPayouts",
                        "getPayout",
                        "providerNotify",
                        "providerNotifyGet",
                        "settlementReport",
                        "createPaymentLink",
                        "listPaymentLinks",
                        "getPaymentLink",
                        "deactivatePaymentLink",
                        "paymentLinkPage",
                        "paymentLinkQrSvg",
                        "paymentLinkQrPng");
    }

    @Test
    void securitySchemesAndWebhookAreDeclared() {
        JsonObject document = OpenApiContract.document();
        JsonObject schemes = document.getJsonObject("components").getJsonObject("securitySchemes");
        assertThat(schemes.getJsonObject("bearerAuth").getString("bearerFormat"))
                .isEqualTo("JWT");
        assertThat(schemes.getJsonObject("adminAuth").getString("scheme")).isEqualTo("bearer");

        JsonObject event =
                document.getJsonObject("components").getJsonObject("schemas").getJsonObject("WebhookEvent");
        assertThat(event.getJsonObject("properties").fieldNames())
                .containsExactly("event", "version", "timestamp", "data");
        assertThat(event.getJsonObject("properties").getJsonObject("data").getString("$ref"))
                .isEqualTo("#/components/schemas/WebhookEventData");
        assertThat(document.getJsonObject("components")
                        .getJsonObject("schemas")
                        .getJsonObject("WebhookEventData")
                        .getJsonObject("properties")
                        .fieldNames())
                .containsExactly(
                        "transaction_id",
                        "reference_id",
                        "status",
                        "amount",
                        "fees",
                        "net_amount",
                        "currency",
                        "payment_method",
                        "customer_name",
                        "customer_email",
                        "short_code",
                        "payment_link_id",
                        "livemode");
        assertThat(document.getJsonObject("webhooks")
                        .getJsonObject("paymentUpdated")
                        .getJsonObject("post")
                        .getJsonObject("requestBody")
                        .encode())
                .contains("#/components/schemas/WebhookEvent");
    }

    @Test
    void acceptsAPaymentAsDocumented() {
        assertThatCode(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment()).encode()))
                .doesNotThrowAnyException();
        assertThatCode(() -> OpenApiContract.assertMatches(
                        "cancelPayment",
                        200,
                        JSON,
                        envelope(payment().put("status", "cancelled").put("completed_at", null))
                                .encode()))
                .doesNotThrowAnyException();
    }

    @Test
    void acceptsTimestampsWithFewerFractionDigits() {
        JsonObject payment =
                payment().put("created_at", "2026-11-21T07:30:12Z").put("updated_at", "2026-11-21T07:30:12.5Z");

        assertThatCode(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment).encode()))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesAnAmountSentAsANumber() {
        JsonObject payment = payment().put("amount", 2500.00);

        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment).encode()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("getPayment 200");
    }

    @Test
    void refusesMoneyWithoutTwoDecimals() {
        JsonObject payment = payment().put("fees", "67.5");

        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAnEnvelopeWithoutSuccess() {
        JsonObject body = envelope(payment());
        body.remove("success");

        assertThatThrownBy(() -> OpenApiContract.assertMatches("getPayment", 200, JSON, body.encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAPropertyTheDocumentDoesNotName() {
        JsonObject body = envelope(payment().put("merchant_id", "5f0c6d3e-8a43-4c55-9a1e-2b7f4c1d9e80"));

        assertThatThrownBy(() -> OpenApiContract.assertMatches("getPayment", 200, JSON, body.encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAMissingNullableField() {
        JsonObject payment = payment();
        payment.remove("completed_at");

        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAnUnknownStatusValue() {
        JsonObject payment = payment().put("status", "paid");

        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, JSON, envelope(payment).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAMalformedTimestampAndId() {
        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment",
                        200,
                        JSON,
                        envelope(payment().put("expires_at", "tomorrow")).encode()))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment",
                        200,
                        JSON,
                        envelope(payment().put("id", "42")).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAnUndeclaredStatus() {
        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 418, JSON, error("teapot").encode()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("418");
        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "healthLive", 503, JSON, error("down").encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAnUnknownOperation() {
        assertThatThrownBy(() -> OpenApiContract.assertMatches("deletePayment", 200, JSON, "{}"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("deletePayment");
    }

    @Test
    void acceptsTheErrorEnvelopeWithAndWithoutField() {
        assertThatCode(() -> OpenApiContract.assertMatches(
                        "getPayment", 404, JSON, error("not_found").encode()))
                .doesNotThrowAnyException();
        JsonObject withField = error("invalid_amount");
        withField.getJsonObject("error").put("field", "amount");
        assertThatCode(() -> OpenApiContract.assertMatches("createPayment", 400, JSON, withField.encode()))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesAnErrorEnvelopeOfTheWrongShape() {
        JsonObject successTrue = error("not_found").put("success", true);
        assertThatThrownBy(() -> OpenApiContract.assertMatches("getPayment", 404, JSON, successTrue.encode()))
                .isInstanceOf(AssertionError.class);
        JsonObject extra = error("not_found");
        extra.getJsonObject("error").put("stack", "at Foo.bar");
        assertThatThrownBy(() -> OpenApiContract.assertMatches("getPayment", 404, JSON, extra.encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAnAnswerOfTheWrongMediaType() {
        assertThatThrownBy(() ->
                        OpenApiContract.assertMatches("getPayment", 200, "text/html; charset=utf-8", "<p>hello</p>"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("text/html");
        assertThatThrownBy(() -> OpenApiContract.assertMatches("checkoutPage", 200, JSON, "{\"success\":true}"))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "getPayment", 200, null, envelope(payment()).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void refusesAMissingBody() {
        assertThatThrownBy(() -> OpenApiContract.assertMatches("getPayment", 200, JSON, ""))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void acceptsTheNonJsonAnswers() {
        assertThatCode(() -> {
                    OpenApiContract.assertMatches(
                            "checkoutPage", 200, "text/html; charset=utf-8", "<!doctype html><p>Pay</p>");
                    OpenApiContract.assertMatches("checkoutPage", 410, "text/html", "<p>Expired</p>");
                    OpenApiContract.assertMatches(
                            "submitCheckout", 400, "text/html; charset=utf-8", "<p>Bad phone</p>");
                    OpenApiContract.assertMatches("metrics", 200, "text/plain; version=0.0.4; charset=utf-8", "up 1\n");
                    OpenApiContract.assertMatches("openApiDocument", 200, "application/yaml", "openapi: 3.1.0\n");
                    OpenApiContract.assertMatches("submitCheckout", 303, null, null);
                })
                .doesNotThrowAnyException();
    }

    @Test
    void checksDeclaredHeadersWhenGiven() {
        String body = new JsonObject()
                .put("success", false)
                .put(
                        "error",
                        new JsonObject()
                                .put("code", "unauthorized")
                                .put("message", "Send a token")
                                .put("request_id", "req-1"))
                .encode();

        assertThatCode(() -> OpenApiContract.assertMatchesWithHeaders(
                        "getPayment", 401, Map.of("content-type", JSON, "WWW-Authenticate", "Bearer"), body))
                .doesNotThrowAnyException();
        assertThatCode(() -> OpenApiContract.assertMatchesWithHeaders(
                        "getPayment",
                        401,
                        Map.of(
                                "content-type",
                                JSON,
                                "WWW-Authenticate",
                                "Bearer error=\"invalid_token\", error_description=\"The access token expired\""),
                        body))
                .as("a challenge with quotes and commas is read as the string it is")
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> OpenApiContract.assertMatchesWithHeaders(
                        "getPayment",
                        401,
                        Map.of("content-type", JSON, "WWW-Authenticate", "Basic realm=\"walletpay\""),
                        body))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("does not match pattern");
        assertThatThrownBy(() ->
                        OpenApiContract.assertMatchesWithHeaders("getPayment", 401, Map.of("Content-Type", JSON), body))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("www-authenticate");
        assertThatThrownBy(() -> OpenApiContract.assertMatchesWithHeaders(
                        "createPayment",
                        429,
                        Map.of("Content-Type", JSON, "Retry-After", "soon"),
                        error("rate_limited").encode()))
                .isInstanceOf(AssertionError.class);
        assertThatCode(() -> OpenApiContract.assertMatchesWithHeaders(
                        "createPayment",
                        429,
                        Map.of("Content-Type", JSON, "Retry-After", "3"),
                        error("rate_limited").encode()))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> OpenApiContract.assertMatchesWithHeaders("submitCheckout", 303, Map.of(), null))
                .isInstanceOf(AssertionError.class);
        assertThatCode(() -> OpenApiContract.assertMatchesWithHeaders(
                        "submitCheckout",
                        303,
                        Map.of(
                                "Location",
                                "https://shop.example.com/done?transaction_id=0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b"
                                        + "&reference_id=order-1001&status=completed"),
                        null))
                .doesNotThrowAnyException();
    }

    @Test
    void acceptsTheOtherDocumentedShapes() {
        String merchantId = "5f0c6d3e-8a43-4c55-9a1e-2b7f4c1d9e80";
        JsonObject merchant = new JsonObject()
                .put("merchant_id", merchantId)
                .put("name", "Boutique Lakay")
                .put("webhook_url", null)
                .put("return_url", "https://shop.example.com/done")
                .put("locale", null)
                .put("fee_percent", "2.50")
                .put("fee_fixed", "0.00")
                .put("status", "active")
                .put("approval_threshold", "25000.00")
                .put("created_at", "2026-11-21T07:30:12.123456Z")
                .put("updated_at", "2026-11-21T07:30:12.123456Z");
        JsonObject created = merchant.copy()
                .put("secret_key", "sk_x")
                .put("webhook_secret", "whsec_y")
                .put("test_secret_key", "sk_test_x")
                .put("test_webhook_secret", "whsec_t");
        JsonObject delivery = new JsonObject()
                .put("id", "8d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b")
                .put("payment_id", "0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b")
                .put("event", "payment.updated")
                .put("status", "failed")
                .put("attempts", 11)
                .put("next_attempt_at", null)
                .put("last_status_code", 500)
                .put("last_error", "status 500")
                .put("created_at", "2026-11-21T07:30:12.123456Z")
                .put("updated_at", "2026-11-24T07:30:12.123456Z")
                .put("delivered_at", null)
                .put("livemode", true);
        JsonObject attempt = new JsonObject()
                .put("attempted_at", "2026-11-21T07:30:12.2Z")
                .put("status_code", null)
                .put("duration_ms", 5001)
                .put("error_kind", "timeout")
                .put("response_excerpt", null);
        JsonObject detail = delivery.copy()
                .put("body", "{\"event\":\"payment.updated\"}")
                .put("attempt_log", new JsonArray().add(attempt));

        assertThatCode(() -> {
                    OpenApiContract.assertMatches("healthLive", 200, JSON, "{\"status\":\"up\"}");
                    OpenApiContract.assertMatches(
                            "healthReady", 503, JSON, "{\"status\":\"not_ready\",\"detail\":\"db down\"}");
                    OpenApiContract.assertMatches(
                            "createMerchant", 201, JSON, envelope(created).encode());
                    OpenApiContract.assertMatches(
                            "listMerchants",
                            200,
                            JSON,
                            new JsonObject()
                                    .put("success", true)
                                    .put("data", new JsonArray().add(merchant))
                                    .put("has_more", false)
                                    .encode());
                    OpenApiContract.assertMatches(
                            "updateMerchant", 200, JSON, envelope(merchant).encode());
                    OpenApiContract.assertMatches(
                            "createToken",
                            200,
                            JSON,
                            envelope(new JsonObject()
                                            .put("token", "a.b.c")
                                            .put("token_type", "Bearer")
                                            .put("expires_at", "2026-11-21T08:30:12Z")
                                            .put("expires_in", 3600)
                                            .put(
                                                    "merchant",
                                                    new JsonObject()
                                                            .put("id", merchantId)
                                                            .put("name", "Boutique Lakay"))
                                            .put("livemode", false))
                                    .encode());
                    OpenApiContract.assertMatches(
                            "getSettings",
                            200,
                            JSON,
                            envelope(new JsonObject()
                                            .put("merchant_id", merchantId)
                                            .put("name", "Boutique Lakay")
                                            .put("webhook_url", null)
                                            .put("return_url", null)
                                            .put("locale", "fr")
                                            .put("fee_percent", "0.00")
                                            .put("fee_fixed", "5.00")
                                            .put(
                                                    "webhook_endpoint",
                                                    new JsonObject()
                                                            .put("status", "failing")
                                                            .put("failing_since", "2026-11-18T07:30:12Z"))
                                            .put("livemode", true))
                                    .encode());
                    OpenApiContract.assertMatches(
                            "rotateWebhookSecret",
                            200,
                            JSON,
                            envelope(new JsonObject()
                                            .put("merchant_id", merchantId)
                                            .put("webhook_secret", "whsec_z")
                                            .put("livemode", true))
                                    .encode());
                    OpenApiContract.assertMatches(
                            "createPayment",
                            201,
                            JSON,
                            envelope(paymentCreated()).encode());
                    OpenApiContract.assertMatches(
                            "createPayment",
                            409,
                            JSON,
                            error("idempotency_key_reused").encode());
                    OpenApiContract.assertMatches(
                            "listPayments",
                            200,
                            JSON,
                            new JsonObject()
                                    .put("success", true)
                                    .put("data", new JsonArray().add(payment()))
                                    .put("has_more", true)
                                    .encode());
                    OpenApiContract.assertMatches(
                            "cancelPayment", 409, JSON, error("invalid_state").encode());
                    OpenApiContract.assertMatches(
                            "listDeliveries",
                            200,
                            JSON,
                            new JsonObject()
                                    .put("success", true)
                                    .put("data", new JsonArray().add(delivery))
                                    .put("has_more", false)
                                    .encode());
                    OpenApiContract.assertMatches(
                            "getDelivery", 200, JSON, envelope(detail).encode());
                    OpenApiContract.assertMatches(
                            "redeliverDelivery",
                            202,
                            JSON,
                            envelope(delivery.copy()
                                            .put("status", "pending")
                                            .put("next_attempt_at", "2026-11-24T07:31:00Z"))
                                    .encode());
                })
                .doesNotThrowAnyException();
    }

    @Test
    void refusesAPaymentCreatedThatIsNotPending() {
        JsonObject created = paymentCreated().put("status", "completed");

        assertThatThrownBy(() -> OpenApiContract.assertMatches(
                        "createPayment", 201, JSON, envelope(created).encode()))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void mediaTypeIgnoresParametersAndCase() {
        assertThat(List.of(
                        OpenApiContract.mediaType("Application/JSON; charset=UTF-8"),
                        OpenApiContract.mediaType("text/html")))
                .containsExactly("application/json", "text/html");
        assertThat(OpenApiContract.mediaType(" ")).isNull();
    }

    private static JsonObject payment() {
        return new JsonObject()
                .put("id", "0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b")
                .put("short_code", "WP-7K3M9Q2X")
                .put("reference_id", "order-1001")
                .put("amount", "2500.00")
                .put("fees", "67.50")
                .put("net_amount", "2432.50")
                .put("currency", "HTG")
                .put("status", "completed")
                .put("payment_method", "wallet")
                .put("customer_name", null)
                .put("customer_email", "marie@example.com")
                .put("description", null)
                .put("redirect_url", "http://localhost:8080/checkout/q2VfK3n0bX8sPz1LwR7mYt4Cd9Hj6Ga5")
                .put("created_at", "2026-11-21T07:30:12.123456Z")
                .put("updated_at", "2026-11-21T07:31:40.5Z")
                .put("completed_at", "2026-11-21T07:31:40.5Z")
                .put("expires_at", "2026-11-21T08:00:12.123456Z")
                .put("provider_transaction_id", "2155000001")
                .put("payer", "509****1234")
                .put("failure_reason", null)
                .put("needs_review", false)
                .put("amount_refunded", "0.00")
                .put("payment_link_id", null)
                .put("livemode", true);
    }

    private static JsonObject paymentCreated() {
        return new JsonObject()
                .put("id", "0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b")
                .put("short_code", "WP-7K3M9Q2X")
                .put("reference_id", null)
                .put("amount", "150.75")
                .put("status", "pending")
                .put("redirect_url", "http://localhost:8080/checkout/q2VfK3n0bX8sPz1LwR7mYt4Cd9Hj6Ga5")
                .put("currency", "HTG")
                .put("created_at", "2026-11-21T07:30:12.123456Z")
                .put("expires_at", "2026-11-21T08:00:12.123456Z");
    }

    private static JsonObject envelope(Object data) {
        return new JsonObject().put("success", true).put("data", data);
    }

    private static JsonObject error(String code) {
        return new JsonObject()
                .put("success", false)
                .put(
                        "error",
                        new JsonObject()
                                .put("code", code)
                                .put("message", "Something about " + code)
                                .put("request_id", "req-" + code));
    }
}
