package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.Jwts;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile query parameters, path ids and headers on every route that reads them: never a 5xx, always the JSON
 * error envelope, and nothing stored changes. Requests a client library would refuse to send (malformed
 * percent-escapes, raw non-ASCII header bytes) go over a plain socket.
 */
@BehaviourTest
class HostileRequestPartsTest {

    static final int TRIES = 120;

    static RunningService service;
    static RawHttp raw;
    static String token;
    static String otherToken;
    static String paymentId;
    static String deliveryId;
    static String merchantId;

    @BeforeContainer
    static void start() {
        // one attempt only, so the webhook sender has finished with the delivery before the snapshots are taken;
        // thousands of garbage credentials from one address would trip the guessing limit (LoginGuessingLimitTest),
        // and this test is about how each one is parsed
        service = RunningService.start(Map.of(
                "WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "100000",
                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s",
                "WALLETPAY_LOGINS_FAILURES_PER_ADDRESS", "1000000",
                "WALLETPAY_LOGINS_FAILURES_PER_ACCOUNT", "1000000"));
        raw = new RawHttp(service.config.http().port());
        JsonObject merchant = service.createMerchant("Probed");
        merchantId = merchant.getString("merchant_id");
        token = service.tokenFor(merchant);
        otherToken = service.tokenFor(service.createMerchant("Bystander"));
        paymentId = service.createPayment(
                        token, new JsonObject().put("amount", 10).put("reference_id", "R-1"))
                .getString("id");
        String completed =
                service.createPayment(token, new JsonObject().put("amount", 11)).getString("id");
        service.transition(completed, PaymentStatus.COMPLETED);
        deliveryId = service.sql("SELECT id::text FROM webhook_deliveries WHERE payment_id = $1::uuid", completed)
                .iterator()
                .next()
                .getString(0);
        await("the delivery of the completed payment failed")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(25))
                .until(() -> service.sql("SELECT status FROM webhook_deliveries WHERE id = $1::uuid", deliveryId)
                        .iterator()
                        .next()
                        .getString(0)
                        .equals("failed"));
    }

    @AfterContainer
    static void stop() {
        service.close();
    }

    // ---- query parameters of the list routes -------------------------------------------------------------------

    @Property(tries = TRIES)
    void listRoutesAnswerHostileQueriesWith200Or400AndTheEnvelope(
            @ForAll("listRoutes") String route, @ForAll("queries") String query) {
        String before = snapshot();
        String bearer = route.startsWith("/api/admin") ? TestConfig.ADMIN_TOKEN : token;
        Http.Response answer = service.http.get(route + "?" + query, bearer);

        assertThat(answer.status()).as(cut(route + "?" + query)).isIn(200, 400);
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), route + "?" + query);
        if (answer.status() == 200 && !route.startsWith("/api/admin")) {
            answer.dataArray()
                    .forEach(item -> assertThat(((JsonObject) item).encode()).doesNotContain("Bystander"));
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Property(tries = 60)
    void malformedPercentEscapesInTheQueryAre400WithTheEnvelope(
            @ForAll("listRoutes") String route,
            @ForAll("brokenEscapes") String escape,
            @ForAll("queryNames") String name) {
        String bearer = route.startsWith("/api/admin") ? TestConfig.ADMIN_TOKEN : token;
        RawHttp.Answer answer =
                raw.send("GET", route + "?" + name + "=" + escape, Map.of("Authorization", "Bearer " + bearer), null);

        assertThat(answer.status()).as(route + "?" + name + "=" + escape).isIn(200, 400);
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), escape);
    }

    // ---- ids in the path ---------------------------------------------------------------------------------------

    @Property(tries = TRIES)
    void hostilePathIdsAreNotFoundWithTheEnvelope(
            @ForAll("idRoutes") Tuple.Tuple2<String, String> route, @ForAll("hostileIds") String id) {
        String before = snapshot();
        String path = route.get2()
                .replace("{id}", URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20"));
        String bearer = path.startsWith("/api/admin") ? TestConfig.ADMIN_TOKEN : token;
        String body = route.get1().equals("PATCH") ? "{\"name\":\"Renamed\"}" : null;
        Http.Response answer =
                service.http.send(route.get1(), path, bearer, body, Map.of("Content-Type", "application/json"));

        assertThat(answer.status()).as(cut(route.get1() + " " + path)).isEqualTo(404);
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), path);
        assertThat(snapshot()).as(cut(path)).isEqualTo(before);
    }

    @Property(tries = 60)
    void rawEscapesInPathIdsAreNotFoundWithTheEnvelope(
            @ForAll("idRoutes") Tuple.Tuple2<String, String> route, @ForAll("rawIds") String id) {
        String before = snapshot();
        String path = route.get2().replace("{id}", id);
        String bearer = path.startsWith("/api/admin") ? TestConfig.ADMIN_TOKEN : token;
        RawHttp.Answer answer = raw.send(
                route.get1(),
                path,
                Map.of("Authorization", "Bearer " + bearer, "Content-Type", "application/json"),
                route.get1().equals("GET") ? null : "{}");

        // "." and ".." segments are normalised away, so those requests reach another route: 200 on a list, 404, 405
        assertThat(answer.status()).as(cut(route.get1() + " " + path)).isIn(200, 400, 404, 405);
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), path);
        assertThat(snapshot()).as(cut(path)).isEqualTo(before);
    }

    // ---- headers -----------------------------------------------------------------------------------------------

    @Property(tries = TRIES)
    void garbageAuthorizationIs401WithTheEnvelope(
            @ForAll("guardedRoutes") String route, @ForAll("authorizations") byte[] authorization) {
        RawHttp.Answer answer = raw.send(
                "GET",
                route.getBytes(StandardCharsets.US_ASCII),
                new byte[][] {RawHttp.headerLine("Authorization", authorization)},
                null);

        assertThat(answer.status())
                .as(cut(new String(authorization, StandardCharsets.ISO_8859_1)))
                .isIn(400, 401, 431);
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), route);
        if (answer.status() == 401) {
            String code = new JsonObject(answer.body()).getJsonObject("error").getString("code");
            assertThat(code).isIn("unauthorized", "invalid_token");
            assertThat(answer.header("WWW-Authenticate"))
                    .isEqualTo(code.equals("unauthorized") ? "Bearer" : Jwts.INVALID_TOKEN_CHALLENGE);
        }
    }

    @Property(tries = TRIES)
    void garbageIdempotencyKeysAre4xxAndStoreNothing(@ForAll("idempotencyKeys") byte[] key) {
        String before = snapshot();
        RawHttp.Answer answer = raw.send(
                "POST",
                "/api/merchant/payments/wallet/".getBytes(StandardCharsets.US_ASCII),
                new byte[][] {
                    RawHttp.headerLine("Authorization", ("Bearer " + token).getBytes(StandardCharsets.US_ASCII)),
                    RawHttp.headerLine("Content-Type", "application/json".getBytes(StandardCharsets.US_ASCII)),
                    RawHttp.headerLine("Idempotency-Key", key)
                },
                "{\"amount\":5}".getBytes(StandardCharsets.US_ASCII));

        String shown = cut(java.util.HexFormat.of().formatHex(key));
        String value = new String(key, StandardCharsets.ISO_8859_1).replaceAll("^[ \t]+|[ \t]+$", ""); // HTTP's OWS
        boolean wellFormed = !value.isEmpty()
                && value.length() <= 255
                && allVisibleAscii(value.getBytes(StandardCharsets.ISO_8859_1));
        if (wellFormed) {
            assertThat(answer.status()).as(shown).isIn(201, 409);
        } else {
            assertThat(answer.status()).as(shown).isIn(400, 431);
            assertThat(snapshot()).as(shown).isEqualTo(before);
        }
        assertEnvelope(answer.status(), answer.header("Content-Type"), answer.body(), shown);
    }

    // ---- what every answer must be ----------------------------------------------------------------------------

    static void assertEnvelope(int status, String contentType, String body, String described) {
        String what = cut(described) + " -> " + status + " " + contentType + " " + cut(body);
        assertThat(status).as("never a 5xx: " + what).isLessThan(500);
        if (status < 400) {
            return;
        }
        assertThat(contentType).as("JSON error on " + what).startsWith("application/json");
        JsonObject json = new JsonObject(body);
        assertThat(json.getBoolean("success")).as(what).isFalse();
        assertThat(json.getJsonObject("error").getString("code")).as(what).isNotBlank();
        assertThat(json.getJsonObject("error").getString("message")).as(what).isNotBlank();
    }

    /** Every row that a request of these tests could change: the merchants, payments, keys and deliveries. */
    static String snapshot() {
        StringBuilder rows = new StringBuilder();
        service.sql(
                        "SELECT m.id, m.name, m.status, m.webhook_url, m.return_url, m.updated_at FROM merchants m ORDER BY id")
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT id, status, updated_at FROM payments ORDER BY id")
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT id, status, attempts, next_attempt_at, updated_at FROM webhook_deliveries ORDER BY id")
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT count(*) FROM idempotency_keys").forEach(row -> rows.append(row.toJson()));
        return rows.toString();
    }

    static String cut(String text) {
        return text == null || text.length() <= 120 ? text : text.substring(0, 120) + "…(" + text.length() + ")";
    }

    static boolean allVisibleAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0x21 || b > 0x7e) {
                return false;
            }
        }
        return true;
    }

    // ---- generators -------------------------------------------------------------------------------------------

    @Provide
    Arbitrary<String> listRoutes() {
        return Arbitraries.of("/api/merchant/payments", "/api/merchant/webhooks/deliveries", "/api/admin/merchants");
    }

    @Provide
    Arbitrary<String> queryNames() {
        return Arbitraries.of("limit", "starting_after", "status", "reference_id", "payment_id", "other");
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> value = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.strings().ofMaxLength(40)),
                Tuple.of(
                        1,
                        Arbitraries.strings().withCharRange('\u0000', '\uFFFF').ofMaxLength(20)),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                "",
                                "0",
                                "1",
                                "-1",
                                "100",
                                "101",
                                "1e2",
                                "99999999999999999999",
                                " 5",
                                "5 ",
                                "pending",
                                "completed",
                                "succeeded",
                                "failed",
                                "PENDING",
                                "null",
                                "[]",
                                "{}",
                                "%00",
                                "\u0000",
                                "a\u0000b",
                                "\u001b[31m",
                                "..",
                                "../..",
                                "00000000-0000-4000-8000-000000000000",
                                "00000000-0000-0000-0000-00000000000G",
                                paymentId,
                                deliveryId,
                                merchantId,
                                "x".repeat(101),
                                "x".repeat(3_000),
                                "R-1",
                                "'; DROP TABLE payments; --")),
                Tuple.of(1, Arbitraries.integers().map(String::valueOf)));
        Arbitrary<String> pair =
                Combinators.combine(queryNames(), value).as((name, v) -> encode(name) + "=" + encode(v));
        // request lines over 4 KB are the HTTP codec's 414 before any route sees them (ConnectionBoundsTest)
        return pair.list()
                .ofMinSize(1)
                .ofMaxSize(5)
                .map(pairs -> String.join("&", pairs))
                .filter(query -> query.length() < 3_500);
    }

    @Provide
    Arbitrary<String> brokenEscapes() {
        return Arbitraries.of(
                "%",
                "%2", "%zz", "%C3%28", "%C0%AF", "%ED%A0%80", "%FF", "%E2%82", "%00", "%0d%0a", "a%", "%%", "%u0041");
    }

    @Provide
    Arbitrary<Tuple.Tuple2<String, String>> idRoutes() {
        return Arbitraries.of(
                Tuple.of("GET", "/api/merchant/payments/{id}"),
                Tuple.of("POST", "/api/merchant/payments/{id}/cancel"),
                Tuple.of("GET", "/api/merchant/webhooks/deliveries/{id}"),
                Tuple.of("POST", "/api/merchant/webhooks/deliveries/{id}/redeliver"),
                Tuple.of("GET", "/api/admin/merchants/{id}"),
                Tuple.of("PATCH", "/api/admin/merchants/{id}"));
    }

    @Provide
    Arbitrary<String> hostileIds() {
        return Arbitraries.frequencyOf(
                        Tuple.of(3, Arbitraries.strings().ofMinLength(1).ofMaxLength(40)),
                        Tuple.of(
                                1,
                                Arbitraries.strings()
                                        .withCharRange('\u0001', '\uFFFF')
                                        .ofMinLength(1)
                                        .ofMaxLength(20)),
                        Tuple.of(
                                2,
                                Arbitraries.of(
                                        "%00",
                                        "\u0000",
                                        "../..",
                                        "..%2f",
                                        "a/b",
                                        "x".repeat(1_000),
                                        "é",
                                        "\u202Epayment",
                                        "😀",
                                        "00000000-0000-4000-8000-000000000000",
                                        paymentId + " ",
                                        " " + paymentId,
                                        paymentId + "\u0000",
                                        "{" + paymentId + "}",
                                        "' OR '1'='1",
                                        "-1",
                                        "0",
                                        "null")))
                // a whole "." or ".." segment is not an id: it is normalised away and names another route (see rawIds)
                .filter(id -> !id.equals(".") && !id.equals(".."));
    }

    @Provide
    Arbitrary<String> rawIds() {
        return Arbitraries.of(
                "%00",
                "%",
                "%zz",
                "..",
                ".",
                "%C3%28",
                "%ED%A0%80",
                "%2e%2e",
                "%2E",
                "..%2F..%2Fsettings",
                "a%2Fb",
                paymentId + "%00",
                "%" + paymentId,
                "%F0%9F%98%80",
                "x".repeat(3_500));
    }

    @Provide
    Arbitrary<String> guardedRoutes() {
        return Arbitraries.of(
                "/api/merchant/settings",
                "/api/merchant/payments",
                "/api/merchant/payments/" + paymentId,
                "/api/merchant/webhooks/deliveries",
                "/api/admin/merchants");
    }

    @Provide
    Arbitrary<byte[]> authorizations() {
        Arbitrary<String> text = Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.strings()
                                .withCharRange(' ', '~')
                                .ofMaxLength(60)
                                .map(s -> "Bearer " + s)),
                Tuple.of(1, Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(60)),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                "",
                                "Bearer",
                                "Bearer ",
                                "Basic dXNlcjpwYXNz",
                                "Bearer " + token + "x",
                                "Bearer " + token.substring(0, token.length() - 1),
                                "Bearer " + token.replace('.', '_'),
                                "Bearer ..",
                                "Bearer a.b.c",
                                "Bearer " + "a".repeat(8_000),
                                "Bearer " + TestConfig.ADMIN_TOKEN.toUpperCase(),
                                "Bearer  " + "x".repeat(40),
                                "Bearer\t" + token,
                                "Bearer " + token + " " + token)));
        Arbitrary<byte[]> ascii = text.map(s -> s.getBytes(StandardCharsets.ISO_8859_1));
        Arbitrary<byte[]> nonAscii = Arbitraries.of("Bearer é", "Bearer \u00ff\u00fe", "Bearer 😀")
                .map(s -> s.getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> bytes = Arbitraries.bytes()
                .filter(b -> b != '\r' && b != '\n' && b != 0)
                .array(byte[].class)
                .ofMaxSize(50);
        return Arbitraries.frequencyOf(Tuple.of(6, ascii), Tuple.of(1, nonAscii), Tuple.of(1, bytes));
    }

    @Provide
    Arbitrary<byte[]> idempotencyKeys() {
        Arbitrary<byte[]> printable = Arbitraries.strings()
                .withCharRange(' ', '~')
                .ofMinLength(1)
                .ofMaxLength(300)
                .map(s -> s.trim().isEmpty() ? s + " " : s)
                .map(s -> s.getBytes(StandardCharsets.US_ASCII));
        Arbitrary<byte[]> special = Arbitraries.of(
                        "k".repeat(256),
                        "k".repeat(4_000),
                        "k".repeat(20_000),
                        "clé",
                        "ключ",
                        "😀",
                        "a b",
                        "a\tb",
                        "\u007f",
                        "key\u0085")
                .map(s -> s.getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> bytes = Arbitraries.bytes()
                .filter(b -> b != '\r' && b != '\n' && b != 0)
                .array(byte[].class)
                .ofMinSize(1)
                .ofMaxSize(40);
        return Arbitraries.frequencyOf(Tuple.of(3, printable), Tuple.of(2, special), Tuple.of(2, bytes));
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
