package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile JSON bodies on every JSON route: random types for the known fields, deep nesting, huge numbers,
 * duplicate keys, very long strings, invalid UTF-8. Never a 5xx, always the error envelope, and a refused
 * request changes no stored row of the merchant it targets.
 */
@BehaviourTest
class HostileJsonBodiesTest {

    static final int TRIES = 120;
    static final ObjectMapper LENIENT = new ObjectMapper();

    static RunningService service;
    static JsonObject target;
    static String targetId;
    static String token;

    @BeforeContainer
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "100000"));
        target = service.createMerchant(new JsonObject()
                .put("name", "Target")
                .put("webhook_url", "https://target.example/hooks")
                .put("return_url", "https://target.example/back"));
        targetId = target.getString("merchant_id");
        token = service.tokenFor(target);
        service.createPayment(token, new JsonObject().put("amount", 10).put("reference_id", "KEEP-1"));
    }

    @AfterContainer
    static void stop() {
        service.close();
    }

    @Property(tries = TRIES)
    void adminCreateRefusesHostileBodiesWithTheEnvelopeAndStoresNothing(@ForAll("merchantBodies") byte[] body) {
        String before = merchantsSnapshot();
        Http.Response answer =
                service.http.sendBytes("POST", "/api/admin/merchants", TestConfig.ADMIN_TOKEN, body, JSON);

        assertRefusedOrDone(answer, body, 201);
        if (answer.status() == 201) {
            assertStoredAsSent(body, answer.data(), "name");
        } else {
            assertThat(merchantsSnapshot()).as(shown(body)).isEqualTo(before);
        }
    }

    @Property(tries = TRIES)
    void adminUpdateRefusesHostileBodiesAndLeavesTheMerchantAsItWas(@ForAll("merchantBodies") byte[] body) {
        String before = merchantsSnapshot();
        Http.Response answer =
                service.http.sendBytes("PATCH", "/api/admin/merchants/" + targetId, TestConfig.ADMIN_TOKEN, body, JSON);

        assertRefusedOrDone(answer, body, 200);
        if (answer.status() == 200) {
            assertStoredAsSent(body, answer.data(), "name");
            restoreTarget();
        } else {
            assertThat(merchantsSnapshot()).as(shown(body)).isEqualTo(before);
        }
    }

    @Property(tries = TRIES)
    void tokenRouteRefusesHostileBodiesWithTheEnvelope(@ForAll("tokenBodies") byte[] body) {
        Http.Response answer = service.http.sendBytes("POST", "/api/merchant/token", null, body, JSON);

        assertRefusedOrDone(answer, body, 200);
        assertThat(answer.status()).as(shown(body)).isNotEqualTo(200); // the dummy secrets never match
    }

    @Property(tries = TRIES)
    void settingsRefuseHostileBodiesAndLeaveTheMerchantAsItWas(@ForAll("settingsBodies") byte[] body) {
        String before = merchantsSnapshot();
        Http.Response answer = service.http.sendBytes("PATCH", "/api/merchant/settings", token, body, JSON);

        assertRefusedOrDone(answer, body, 200);
        if (answer.status() == 200) {
            restoreTarget();
        } else {
            assertThat(merchantsSnapshot()).as(shown(body)).isEqualTo(before);
        }
    }

    @Property(tries = TRIES)
    void paymentCreateRefusesHostileBodiesAndStoresNothing(@ForAll("paymentBodies") byte[] body) {
        String before = paymentsSnapshot();
        Http.Response answer = service.http.sendBytes("POST", "/api/merchant/payments/wallet/", token, body, JSON);

        assertRefusedOrDone(answer, body, 201);
        if (answer.status() != 201) {
            assertThat(paymentsSnapshot()).as(shown(body)).isEqualTo(before);
        }
    }

    // ---- what every answer must be ----------------------------------------------------------------------------

    static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    static void assertRefusedOrDone(Http.Response answer, byte[] body, int success) {
        assertThat(answer.status()).as(shown(body)).isIn(success, 400, 401, 413, 415);
        assertThat(answer.header("Content-Type")).as(shown(body)).startsWith("application/json");
        JsonObject json = answer.json();
        if (answer.status() == success) {
            assertThat(json.getBoolean("success")).isTrue();
            return;
        }
        assertThat(json.getBoolean("success")).as(shown(body)).isFalse();
        assertThat(json.getJsonObject("error").getString("code"))
                .as(shown(body))
                .isNotBlank();
        assertThat(json.getJsonObject("error").getString("message"))
                .as(shown(body))
                .isNotBlank();
    }

    /** A text field the service accepted is stored exactly as sent, never silently altered. */
    static void assertStoredAsSent(byte[] body, JsonObject answered, String field) {
        try {
            JsonNode sent = LENIENT.readTree(body).get(field);
            if (sent != null && sent.isTextual()) {
                assertThat(Json.encode(answered.getString(field)))
                        .as(shown(body) + " hex "
                                + java.util.HexFormat.of().formatHex(body, 0, Math.min(body.length, 200)))
                        .isEqualTo(Json.encode(sent.textValue()));
            }
        } catch (java.io.IOException e) {
            throw new AssertionError("the service accepted a body Jackson cannot read: " + shown(body), e);
        }
    }

    static String merchantsSnapshot() {
        StringBuilder rows = new StringBuilder();
        service.sql("SELECT id, name, status, encode(secret_hash, 'hex'), webhook_secret, webhook_url, return_url,"
                        + " fee_percent, fee_fixed, updated_at FROM merchants ORDER BY id")
                .forEach(row -> rows.append(row.toJson()));
        return rows.toString();
    }

    static String paymentsSnapshot() {
        StringBuilder rows = new StringBuilder();
        service.sql("SELECT p.*, (SELECT count(*) FROM idempotency_keys) AS keys,"
                        + " (SELECT count(*) FROM webhook_deliveries) AS deliveries FROM payments p ORDER BY id")
                .forEach(row -> rows.append(row.toJson()));
        return rows.toString();
    }

    static void restoreTarget() {
        Http.Response restored = service.http.patch(
                "/api/admin/merchants/" + targetId,
                TestConfig.ADMIN_TOKEN,
                new JsonObject()
                        .put("name", "Target")
                        .put("status", "active")
                        .put("fee_percent", "0.00")
                        .put("fee_fixed", "0.00")
                        .put("webhook_url", "https://target.example/hooks")
                        .put("return_url", "https://target.example/back"));
        assertThat(restored.status()).isEqualTo(200);
    }

    static String shown(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() > 300 ? text.substring(0, 300) + "…(" + body.length + " bytes)" : text;
    }

    // ---- generators -------------------------------------------------------------------------------------------

    @Provide
    Arbitrary<byte[]> merchantBodies() {
        return hostile(List.of("name", "webhook_url", "return_url", "fee_percent", "fee_fixed", "status"));
    }

    @Provide
    Arbitrary<byte[]> tokenBodies() {
        return hostile(List.of("merchant_id", "secret_key"));
    }

    @Provide
    Arbitrary<byte[]> settingsBodies() {
        return hostile(List.of("webhook_url", "return_url"));
    }

    @Provide
    Arbitrary<byte[]> paymentBodies() {
        return hostile(List.of("amount", "reference_id", "customer_name", "customer_email", "description"));
    }

    static Arbitrary<byte[]> hostile(List<String> fields) {
        Arbitrary<String> text = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, objects(fields)),
                net.jqwik.api.Tuple.of(1, value(2)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().ofMaxLength(100)),
                net.jqwik.api.Tuple.of(1, deepNesting()),
                net.jqwik.api.Tuple.of(1, duplicateKeys(fields)),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.of(
                                "",
                                " ",
                                "null",
                                "[]",
                                "{}",
                                "\"x\"",
                                "{\"a\":1}{}",
                                "{",
                                "}",
                                "{\"" + fields.get(0) + "\":}",
                                "\uFEFF{}",
                                "{\"" + fields.get(0) + "\":\"\\ud800\"}",
                                "{\"" + fields.get(0) + "\":\"\\u0000\"}",
                                "{\"" + fields.get(0) + "\":\"a\\u0007b\"}")));
        Arbitrary<byte[]> utf8 = text.map(s -> s.getBytes(StandardCharsets.UTF_8));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, utf8),
                net.jqwik.api.Tuple.of(1, invalidUtf8(fields)),
                net.jqwik.api.Tuple.of(
                        1, Arbitraries.bytes().array(byte[].class).ofMaxSize(64)),
                net.jqwik.api.Tuple.of(1, veryLong(fields)));
    }

    /** An object with known and unknown names and values of every type, sometimes hostile. */
    static Arbitrary<String> objects(List<String> fields) {
        Arbitrary<String> names = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, Arbitraries.of(fields)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().ofMinLength(1).ofMaxLength(12)));
        Arbitrary<String> member = Combinators.combine(names, value(2)).as((name, value) -> quote(name) + ":" + value);
        return member.list().ofMaxSize(5).map(members -> "{" + String.join(",", members) + "}");
    }

    static Arbitrary<String> value(int depth) {
        Arbitrary<String> leaf = Arbitraries.oneOf(
                Arbitraries.of(
                        "0",
                        "-0",
                        "1",
                        "1.5",
                        "0.001",
                        "2.50",
                        "100",
                        "1e2",
                        "1E-2",
                        "1e300",
                        "-1e300",
                        "1e999999999",
                        "1e-999999999",
                        "123456789012345678901234567890123456789012345678901234567890123456789",
                        "0." + "0".repeat(70) + "1",
                        "NaN",
                        "Infinity",
                        "-",
                        "01",
                        "1.",
                        ".5",
                        "true",
                        "false",
                        "null",
                        "\"\"",
                        "\" \"",
                        "\"active\"",
                        "\"disabled\"",
                        "\"https://ok.example/x\"",
                        "\"http://\"",
                        "\"javascript:alert(1)\"",
                        "\"https://u:p@h.example/\"",
                        "\"https://h.example/#f\"",
                        "\"100.00\"",
                        "\"00000000-0000-4000-8000-000000000000\"",
                        "\"sk_" + "a".repeat(60) + "\""),
                Arbitraries.integers().map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.strings().ofMaxLength(80).map(HostileJsonBodiesTest::quote),
                Arbitraries.strings()
                        .withCharRange('\u0000', '\uFFFF')
                        .ofMaxLength(40)
                        .map(HostileJsonBodiesTest::quote));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<String> array =
                value(depth - 1).list().ofMaxSize(3).map(items -> "[" + String.join(",", items) + "]");
        Arbitrary<String> object = value(depth - 1).list().ofMaxSize(2).map(values -> {
            StringBuilder out = new StringBuilder("{");
            for (int i = 0; i < values.size(); i++) {
                out.append(i == 0 ? "" : ",").append(quote("k" + i)).append(":").append(values.get(i));
            }
            return out.append("}").toString();
        });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, leaf), net.jqwik.api.Tuple.of(1, array), net.jqwik.api.Tuple.of(1, object));
    }

    static Arbitrary<String> deepNesting() {
        return Arbitraries.of(33, 100, 1_000, 10_000)
                .flatMap(depth -> Arbitraries.of(
                        "[".repeat(depth) + "]".repeat(depth),
                        "{\"name\":" + "[".repeat(depth) + "]".repeat(depth) + "}",
                        "{\"a\":".repeat(depth) + "1" + "}".repeat(depth),
                        "[".repeat(depth)));
    }

    static Arbitrary<String> duplicateKeys(List<String> fields) {
        return Combinators.combine(Arbitraries.of(fields), value(0), value(0))
                .as((name, first, second) -> "{" + quote(name) + ":" + first + "," + quote(name) + ":" + second + "}");
    }

    /** Bodies whose bytes are not UTF-8: cut sequences, overlong forms, encoded surrogates, Latin-1. */
    static Arbitrary<byte[]> invalidUtf8(List<String> fields) {
        List<byte[]> broken = List.of(
                new byte[] {(byte) 0xC3, 0x28},
                new byte[] {(byte) 0xC0, (byte) 0xAF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                new byte[] {(byte) 0xFF, (byte) 0xFE},
                new byte[] {(byte) 0xE9},
                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                new byte[] {(byte) 0xE2, (byte) 0x82});
        return Combinators.combine(Arbitraries.of(fields), Arbitraries.of(broken), Arbitraries.of(true, false))
                .as((name, bad, inName) -> {
                    List<byte[]> parts = new ArrayList<>();
                    parts.add(("{\"" + (inName ? "" : name + "\":\"")).getBytes(StandardCharsets.UTF_8));
                    parts.add(bad);
                    parts.add((inName ? "\":1}" : "\"}").getBytes(StandardCharsets.UTF_8));
                    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                    parts.forEach(out::writeBytes);
                    return out.toByteArray();
                });
    }

    /** Strings near and over the body limit (64 KiB by default). */
    static Arbitrary<byte[]> veryLong(List<String> fields) {
        return Combinators.combine(
                        Arbitraries.of(fields),
                        Arbitraries.of(300, 5_000, 60_000, 70_000),
                        Arbitraries.of('a', 'é', '\u20AC'))
                .as((name, length, c) -> ("{" + quote(name) + ":"
                                + quote(String.valueOf(c).repeat(length)) + "}")
                        .getBytes(StandardCharsets.UTF_8));
    }

    static String quote(String text) {
        return Json.encode(text);
    }
}
