package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * What client generators need from the document, beyond its being valid: one operation per endpoint, booleans a
 * generator types as booleans, request amounts that are JSON numbers only, no client method for the webhooks
 * walletpay sends, and a first server a generated client can call.
 */
class GeneratorReadyDocumentTest {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    @Test
    void noBooleanSchemaCarriesAnEnum() {
        List<String> found = new ArrayList<>();
        everySchema(OpenApiContract.document(), (where, schema) -> {
            if (isOfType(schema, "boolean") && (schema.containsKey("enum") || schema.containsKey("const"))) {
                found.add(where);
            }
        });

        // OpenAPI Generator's python generator turns `enum: [true]` into the string 'true' and refuses every answer
        assertThat(found).isEmpty();
    }

    @Test
    void eachTrailingSlashPathIsOneOperationWithoutASecondPathForItsAlias() {
        JsonObject paths = OpenApiContract.document().getJsonObject("paths");

        assertThat(paths.fieldNames()).contains("/api/merchant/token/", "/api/merchant/payments/wallet/");
        assertThat(paths.fieldNames())
                .filteredOn(path -> path.endsWith("/") && paths.containsKey(path.substring(0, path.length() - 1)))
                .isEmpty();
        assertThat(OpenApiContract.operationFor("POST", "/api/merchant/token")).contains("createToken");
        assertThat(OpenApiContract.operationFor("POST", "/api/merchant/payments/wallet"))
                .contains("createPayment");
    }

    @Test
    void everyAmountARequestTakesIsAJsonNumberAndNeverAString() {
        JsonObject document = OpenApiContract.document();
        JsonObject schemas = document.getJsonObject("components").getJsonObject("schemas");
        List<String> amounts = new ArrayList<>();
        for (String name : List.of("CreatePaymentRequest", "CreateRefund", "CreatePayout", "CreatePaymentLink")) {
            JsonObject properties = schemas.getJsonObject(name).getJsonObject("properties");
            for (String property : properties.fieldNames()) {
                if (property.endsWith("amount")) {
                    JsonObject amount = properties.getJsonObject(property);
                    amounts.add(name + "." + property);
                    assertThat(isOfType(amount, "number"))
                            .as(name + "." + property)
                            .isTrue();
                    assertThat(isOfType(amount, "string"))
                            .as(name + "." + property)
                            .isFalse();
                    assertThat(amount.fieldNames()).as(name + "." + property).doesNotContain("oneOf", "anyOf");
                }
            }
        }
        assertThat(amounts)
                .contains(
                        "CreatePaymentRequest.amount",
                        "CreateRefund.amount",
                        "CreatePayout.amount",
                        "CreatePaymentLink.amount");
    }

    @Test
    void everyWebhookIsDocumentedUnderItsOwnTagAndKeptOutOfGeneratedClients() {
        JsonObject webhooks = OpenApiContract.document().getJsonObject("webhooks");

        assertThat(webhooks.fieldNames()).contains("paymentUpdated", "webhookTest", "refundUpdated", "payoutUpdated");
        for (String name : webhooks.fieldNames()) {
            JsonObject post = webhooks.getJsonObject(name).getJsonObject("post");
            assertThat(post.getJsonArray("tags").getList()).as(name).containsExactly("Webhook events");
            // OpenAPI Generator makes no method of an operation marked x-internal
            assertThat(post.getBoolean("x-internal")).as(name).isTrue();
        }
        JsonObject paths = OpenApiContract.document().getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            for (String method : paths.getJsonObject(path).fieldNames()) {
                if (METHODS.contains(method)) {
                    JsonObject operation = paths.getJsonObject(path).getJsonObject(method);
                    assertThat(operation.getJsonArray("tags").getList())
                            .as(method + " " + path)
                            .doesNotContain("Webhook events");
                    assertThat(operation.containsKey("x-internal"))
                            .as(method + " " + path)
                            .isFalse();
                }
            }
        }
    }

    @Test
    void theDocumentNamesOneServerTheServiceRewritesToItsPublicBaseUrl() {
        JsonArray servers = OpenApiContract.document().getJsonArray("servers");

        assertThat(servers).hasSize(1);
        assertThat(servers.getJsonObject(0).getString("url")).isEqualTo("http://localhost:8080");
    }

    private static boolean isOfType(JsonObject schema, String type) {
        Object declared = schema.getValue("type");
        return type.equals(declared) || (declared instanceof JsonArray types && types.contains(type));
    }

    /** Every object under the document that has a {@code type}, with its JSON pointer. */
    private static void everySchema(Object node, BiConsumer<String, JsonObject> action) {
        walk(node, "#", action);
    }

    private static void walk(Object node, String where, BiConsumer<String, JsonObject> action) {
        if (node instanceof JsonObject object) {
            if (object.containsKey("type") && !(object.getValue("type") instanceof JsonObject)) {
                action.accept(where, object);
            }
            object.forEach(entry -> walk(entry.getValue(), where + "/" + entry.getKey(), action));
        } else if (node instanceof JsonArray array) {
            for (int i = 0; i < array.size(); i++) {
                walk(array.getValue(i), where + "/" + i, action);
            }
        }
    }
}
