package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.webhook.EndpointInput;
import io.walletpay.webhook.EventType;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The API document names the events {@link EventType} lists, and only those: every enum of event names (the
 * deliveries', the events', the webhook bodies') holds exactly the events it may carry, and each event has its
 * webhook entry. A new event type fails here, naming each place of the document that must list it.
 */
class EventTypesDocumentTest {

    @Test
    void everyEnumOfEventNamesHoldsExactlyTheEventsItMayCarry() throws IOException {
        Map<String, List<String>> enums = new LinkedHashMap<>();
        collect(document(), "", enums);

        assertThat(enums).as("enums of event names in the API document").isNotEmpty();
        enums.forEach((path, values) -> {
            List<String> expected = path.startsWith("/webhooks/")
                    ? values // a webhook's header names its one event, checked below
                    : path.startsWith("/components/schemas/TransferWebhookEvent/")
                            ? EventType.namesWithPayload("TransferWebhookEvent")
                            : path.startsWith("/components/schemas/WebhookEventType/")
                                    ? subscribable()
                                    : EventType.names();
            assertThat(values).as(path).containsExactlyElementsOf(expected);
        });
    }

    @Test
    void everyEventHasAWebhookEntryNamingItWithItsBody() throws IOException {
        Map<String, List<String>> enums = new LinkedHashMap<>();
        Map<String, Object> document = document();
        collect(document, "", enums);
        @SuppressWarnings("unchecked")
        Map<String, Object> webhooks = (Map<String, Object>) document.get("webhooks");

        for (EventType type : EventType.values()) {
            List<String> entries = enums.entrySet().stream()
                    .filter(e ->
                            e.getKey().startsWith("/webhooks/") && e.getValue().equals(List.of(type.wireName())))
                    .map(e -> e.getKey().split("/")[2])
                    .toList();
            assertThat(entries)
                    .as("webhook entries whose X-Service-Event is " + type.wireName())
                    .hasSize(1);
            String body = String.valueOf(webhooks.get(entries.get(0)));
            assertThat(body)
                    .as("the body of " + type.wireName())
                    .contains("#/components/schemas/" + type.payloadSchema());
        }
    }

    /** What an endpoint may subscribe to: every type, {@code *} first. */
    private static List<String> subscribable() {
        List<String> types = new ArrayList<>(List.of(EndpointInput.ALL));
        types.addAll(EventType.names());
        return types;
    }

    /** Every enum below {@code node} whose values include an event's name, by its path. */
    @SuppressWarnings("unchecked")
    private static void collect(Object node, String path, Map<String, List<String>> enums) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                if ("enum".equals(key)
                        && value instanceof List<?> list
                        && list.stream().anyMatch(EventTypesDocumentTest::event)) {
                    enums.put(
                            path + "/enum",
                            ((List<Object>) list).stream().map(String::valueOf).toList());
                } else {
                    collect(value, path + "/" + key, enums);
                }
            });
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                collect(list.get(i), path + "/" + i, enums);
            }
        }
    }

    private static boolean event(Object value) {
        return EventType.names().contains(String.valueOf(value));
    }

    private static Map<String, Object> document() throws IOException {
        try (Reader reader = Files.newBufferedReader(Path.of(OpenApiContract.DOCUMENT_PATH))) {
            return new Yaml().load(reader);
        }
    }
}
