package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The endpoints API's bodies: the webhook_url rule for the URL, known event types or "*" alone, nothing else. */
class EndpointInputTest {

    private static byte[] body(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static String codeOf(String json) {
        try {
            EndpointInput.create(body(json));
        } catch (ServiceException e) {
            return e.code();
        }
        throw new AssertionError("accepted: " + json);
    }

    @Test
    void aNewEndpointNamesItsUrlAndEventTypesEachOnce() {
        EndpointInput.NewEndpoint endpoint = EndpointInput.create(body("{\"url\":\"https://shop.example/h\","
                + "\"enabled_events\":[\"refund.updated\",\"payment.updated\",\"refund.updated\"],"
                + "\"description\":\"Desk\"}"));

        assertThat(endpoint.url()).isEqualTo("https://shop.example/h");
        assertThat(endpoint.enabledEvents()).containsExactly("refund.updated", "payment.updated");
        assertThat(endpoint.description()).isEqualTo("Desk");
        assertThat(EndpointInput.create(body("{\"url\":\"http://h.example\",\"enabled_events\":[\"*\"]}"))
                        .enabledEvents())
                .containsExactly("*");
    }

    @Test
    void anUnknownEventTypeIsRefusedNamingTheTypesThereAre() {
        assertThatThrownBy(() -> EndpointInput.create(
                        body("{\"url\":\"https://shop.example/h\",\"enabled_events\":[\"payment.created\"]}")))
                .isInstanceOfSatisfying(ServiceException.class, e -> {
                    assertThat(e.code()).isEqualTo("unknown_event_type");
                    assertThat(e.field()).isEqualTo("enabled_events");
                    assertThat(e.getMessage())
                            .contains("payment.created")
                            .contains("payment.updated", "refund.updated", "payout.updated", "\"*\"");
                });
    }

    @Test
    void badBodiesAreRefusedWithTheFieldAtFault() {
        assertThat(codeOf("{\"url\":\"ftp://shop.example/h\",\"enabled_events\":[\"*\"]}"))
                .isEqualTo("invalid_url");
        assertThat(codeOf("{\"url\":\"https://user:pw@shop.example/\",\"enabled_events\":[\"*\"]}"))
                .isEqualTo("invalid_url");
        assertThat(codeOf("{\"enabled_events\":[\"*\"]}")).isEqualTo("invalid_url");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\"}")).isEqualTo("invalid_enabled_events");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":[]}"))
                .isEqualTo("invalid_enabled_events");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":\"*\"}"))
                .isEqualTo("invalid_enabled_events");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":[1]}"))
                .isEqualTo("invalid_enabled_events");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":[\"*\",\"payment.updated\"]}"))
                .isEqualTo("invalid_enabled_events");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":[\"*\"],\"secret\":\"x\"}"))
                .isEqualTo("unknown_field");
        assertThat(codeOf("{\"url\":\"https://shop.example/h\",\"enabled_events\":[\"*\"],\"url\":\"x\"}"))
                .isEqualTo("malformed_json");
    }

    @Test
    void aChangeLeavesWhatIsNotSentAndCannotRemoveTheUrl() {
        EndpointInput.EndpointChanges changes = EndpointInput.changes(body("{\"description\":null}"));
        assertThat(changes.url()).isNull();
        assertThat(changes.enabledEvents()).isNull();
        assertThat(changes.clearDescription()).isTrue();
        assertThatThrownBy(() -> EndpointInput.changes(body("{\"url\":null}")))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo("invalid_url"));
        assertThatThrownBy(() -> EndpointInput.changes(body("{\"enabled_events\":null}")))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo("invalid_enabled_events"));
    }
}
