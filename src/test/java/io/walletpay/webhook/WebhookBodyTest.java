package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WebhookBodyTest {

    private static final UUID ID = UUID.fromString("3f2c5a9e-8d41-4c6b-9a7e-1b2d3c4e5f60");
    private static final OffsetDateTime AT = OffsetDateTime.parse("2026-11-21T07:30:12.123456Z");

    private static WebhookEvent event(String reference, String name, String email, OffsetDateTime at) {
        return new WebhookEvent(
                ID,
                reference,
                "completed",
                new BigDecimal("2500.00"),
                new BigDecimal("0.00"),
                new BigDecimal("2500.00"),
                name,
                email,
                at);
    }

    @Test
    void theEventIsReadFromTheStoredBodyWhateverItsKind() {
        assertThat(WebhookBody.eventOf(WebhookBody.of(event("r", "n", "e", AT)).json()))
                .isEqualTo("payment.updated");
        for (TransferKind kind : TransferKind.values()) {
            Transfer transfer = new Transfer(
                    ID,
                    kind,
                    ID,
                    kind == TransferKind.REFUND ? ID : null,
                    new BigDecimal("300.00"),
                    "50937001234",
                    null,
                    TransferStatus.PENDING,
                    null,
                    null,
                    io.walletpay.money.TransferSending.NEW,
                    AT,
                    AT,
                    "sandbox");
            assertThat(WebhookBody.eventOf(TransferWebhookBody.of(transfer, AT)))
                    .isEqualTo(EventType.of(kind).wireName());
        }
        assertThat(WebhookBody.eventOf("{\"version\":\"v1\",\"data\":{\"event\":\"x\"},\"event\":\"refund.updated\"}"))
                .isEqualTo("refund.updated");
        assertThat(WebhookBody.eventOf("{\"event\":5,\"data\":{\"event\":\"refund.updated\"}}"))
                .isEqualTo("payment.updated");
    }

    @Test
    void writesTheSeedShapeFieldForFieldWithoutWhitespace() {
        WebhookBody body = WebhookBody.of(event("ORD-1", "Marie Joseph", "marie@example.ht", AT));

        assertThat(body.json())
                .isEqualTo("{\"event\":\"payment.updated\",\"version\":\"v1\","
                        + "\"timestamp\":\"2026-11-21T07:30:12.123456+00:00\",\"data\":{"
                        + "\"transaction_id\":\"3f2c5a9e-8d41-4c6b-9a7e-1b2d3c4e5f60\",\"reference_id\":\"ORD-1\","
                        + "\"status\":\"completed\",\"amount\":\"2500.00\",\"fees\":\"0.00\",\"net_amount\":\"2500.00\","
                        + "\"currency\":\"HTG\",\"payment_method\":\"wallet\",\"customer_name\":\"Marie Joseph\","
                        + "\"customer_email\":\"marie@example.ht\",\"livemode\":true}}");
    }

    @Test
    void keepsTheSeedsFieldOrder() throws Exception {
        JsonNode root = new ObjectMapper()
                .readTree(WebhookBody.of(event("r", "n", "e", AT)).bytes());

        assertThat(names(root)).containsExactly("event", "version", "timestamp", "data");
        assertThat(names(root.get("data")))
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
                        "livemode");
    }

    @Test
    void sendsAbsentOptionalFieldsAsJsonNull() {
        String json = WebhookBody.of(event(null, null, null, AT)).json();

        assertThat(json)
                .contains("\"reference_id\":null,\"status\"")
                .contains("\"customer_name\":null,\"customer_email\":null,\"livemode\":true}}");
    }

    @Test
    void escapesQuotesBackslashesAndControlCharactersAndWritesOtherTextAsUtf8() throws Exception {
        String name = "Jean \"Ti Jan\" C:\\ Pierre-Louis\n\t\u0001 Ézili 💳";
        WebhookBody body = WebhookBody.of(event("a\"b", name, "x@y.ht", AT));

        assertThat(body.json())
                .contains(
                        "\"customer_name\":\"Jean \\\"Ti Jan\\\" C:\\\\ Pierre-Louis\\n\\t\\u0001 Ézili \\uD83D\\uDCB3\"",
                        "\"reference_id\":\"a\\\"b\"");
        assertThat(new ObjectMapper()
                        .readTree(body.bytes())
                        .get("data")
                        .get("customer_name")
                        .asText())
                .isEqualTo(name);
        assertThat(body.bytes()).isEqualTo(body.json().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keepsAnUnpairedSurrogateAsAnEscapeRatherThanChangingTheText() throws Exception {
        String name = "broken \uD800 name";
        WebhookBody body = WebhookBody.of(event("r", name, "e", AT));

        assertThat(body.json()).contains("\"customer_name\":\"broken \\uD800 name\"");
        assertThat(new ObjectMapper()
                        .readTree(body.bytes())
                        .get("data")
                        .get("customer_name")
                        .asText())
                .isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource({
        "2026-11-21T07:30:12Z,                    2026-11-21T07:30:12.000000+00:00",
        "2026-11-21T07:30:12.5Z,                  2026-11-21T07:30:12.500000+00:00",
        "2026-11-21T07:30:12.123456789Z,          2026-11-21T07:30:12.123456+00:00",
        "2026-11-21T07:30:12.999999999Z,          2026-11-21T07:30:12.999999+00:00",
        "2026-11-21T02:30:12.123456-05:00,        2026-11-21T07:30:12.123456+00:00",
        "2026-11-21T00:15:00.000001+09:30,        2026-11-20T14:45:00.000001+00:00",
    })
    void writesTheTimestampInUtcWithExactlySixFractionDigitsAndANumericOffset(String at, String expected) {
        String json =
                WebhookBody.of(event("r", "n", "e", OffsetDateTime.parse(at))).json();

        assertThat(json).contains("\"timestamp\":\"" + expected + "\"");
    }

    @Test
    void neverWritesZForUtc() {
        assertThat(WebhookBody.timestamp(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)))
                .isEqualTo("2026-01-01T00:00:00.000000+00:00");
    }

    @ParameterizedTest
    @CsvSource({"2500, 2500.00", "0.5, 0.50", "1E+3, 1000.00", "12345678901.10, 12345678901.10", "0, 0.00"})
    void writesMoneyAsPlainStringsWithTwoFractionDigits(String amount, String expected) {
        BigDecimal value = new BigDecimal(amount);
        WebhookEvent event = new WebhookEvent(ID, "r", "completed", value, value, value, "n", "e", AT);

        assertThat(WebhookBody.of(event).json())
                .contains("\"amount\":\"" + expected + "\",\"fees\":\"" + expected + "\",\"net_amount\":\"" + expected
                        + "\"");
    }

    @Test
    void refusesMoneyWithAThirdFractionDigitRatherThanRoundIt() {
        WebhookEvent event = new WebhookEvent(
                ID,
                "r",
                "completed",
                new BigDecimal("1.00"),
                new BigDecimal("0.015"),
                new BigDecimal("0.985"),
                "n",
                "e",
                AT);

        assertThatThrownBy(() -> WebhookBody.of(event))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fees");
    }

    @Test
    void handsOutCopiesSoTheSignedBytesCannotChange() {
        WebhookBody body = WebhookBody.of(event("r", "n", "e", AT));
        body.bytes()[0] = 'X';

        assertThat(body.bytes()[0]).isEqualTo((byte) '{');
    }

    @Test
    void namesThePaymentLinkLastOnlyForAPaymentMadeThroughOne() throws Exception {
        UUID link = UUID.fromString("7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
        WebhookEvent through = new WebhookEvent(
                ID,
                null,
                "completed",
                new BigDecimal("250.00"),
                new BigDecimal("5.00"),
                new BigDecimal("245.00"),
                null,
                null,
                AT,
                link,
                null);

        JsonNode data =
                new ObjectMapper().readTree(WebhookBody.of(through).bytes()).get("data");
        assertThat(names(data)).endsWith("payment_link_id", "livemode");
        assertThat(data.get("payment_link_id").asText()).isEqualTo(link.toString());
        assertThat(new ObjectMapper()
                        .readTree(WebhookBody.of(event("r", "n", "e", AT)).bytes())
                        .get("data")
                        .has("payment_link_id"))
                .isFalse();
    }

    @Test
    void carriesTheShortCodeRightAfterTheTransactionId() throws Exception {
        WebhookEvent withCode = new WebhookEvent(
                ID,
                "r",
                "completed",
                new BigDecimal("250.00"),
                new BigDecimal("5.00"),
                new BigDecimal("245.00"),
                null,
                null,
                AT,
                null,
                "WP-7K3M9Q2X");

        JsonNode data =
                new ObjectMapper().readTree(WebhookBody.of(withCode).bytes()).get("data");
        assertThat(names(data)).endsWith("customer_email", "short_code", "livemode");
        assertThat(data.get("short_code").asText()).isEqualTo("WP-7K3M9Q2X");
    }

    @Test
    void aTestModePaymentSaysSoLastInItsData() throws Exception {
        WebhookEvent test = new WebhookEvent(
                ID,
                "r",
                "completed",
                new BigDecimal("250.00"),
                new BigDecimal("5.00"),
                new BigDecimal("245.00"),
                null,
                null,
                AT,
                null,
                "WP-7K3M9Q2X",
                false);

        JsonNode data =
                new ObjectMapper().readTree(WebhookBody.of(test).bytes()).get("data");

        assertThat(names(data)).last().isEqualTo("livemode");
        assertThat(data.get("livemode").asBoolean(true)).isFalse();
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
