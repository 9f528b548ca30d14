package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@BehaviourTest
class PaymentsApiTest {

    static final String CREATE = "/api/merchant/payments/wallet/";

    static RunningService service;
    static Http http;
    static JsonObject merchantA;
    static String tokenA;
    static String tokenB;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS", "1"));
        http = service.http;
        merchantA = service.createMerchant(new JsonObject()
                .put("name", "Marché A")
                .put("fee_percent", "2.50")
                .put("fee_fixed", "5.00"));
        tokenA = service.tokenFor(merchantA);
        tokenB = service.tokenFor(service.createMerchant("Marché B"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    static Http.Response create(String token, JsonObject body) {
        return http.post(CREATE, token, body);
    }

    static JsonObject createdPayment(String token, JsonObject body) {
        Http.Response response = create(token, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.data();
    }

    @Test
    void createAnswers201WithExactlyTheDocumentedShape() {
        OffsetDateTime before = OffsetDateTime.now();
        Http.Response response = create(
                tokenA,
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "ORDER-1")
                        .put("customer_name", "Jean Baptiste")
                        .put("customer_email", "jean@example.ht")
                        .put("description", "Diri"));

        assertThat(response.status()).isEqualTo(201);
        JsonObject body = response.json();
        assertThat(body.fieldNames()).containsExactlyInAnyOrder("success", "data");
        assertThat(body.getBoolean("success")).isTrue();
        JsonObject data = body.getJsonObject("data");
        assertThat(data.fieldNames())
                .containsExactlyInAnyOrder(
                        "id",
                        "short_code",
                        "reference_id",
                        "amount",
                        "status",
                        "redirect_url",
                        "currency",
                        "created_at",
                        "expires_at",
                        "livemode");
        assertThat(data.getBoolean("livemode")).isTrue();
        assertThat(data.getValue("amount")).isEqualTo("2500.00");
        assertThat(data.getString("status")).isEqualTo("pending");
        assertThat(data.getString("currency")).isEqualTo("HTG");
        assertThat(data.getString("reference_id")).isEqualTo("ORDER-1");
        assertThat(data.getString("redirect_url"))
                .startsWith(service.config.publicBaseUrl() + "/checkout/")
                .doesNotContain(data.getString("id"));
        OffsetDateTime expires = OffsetDateTime.parse(data.getString("expires_at"));
        assertThat(Duration.between(before, expires)).isBetween(Duration.ofMinutes(29), Duration.ofMinutes(31));
    }

    @Test
    void theFullPaymentShowsFeesFromTheMerchantsRuleAndNullsForAbsentFields() {
        JsonObject created = createdPayment(tokenA, new JsonObject().put("amount", 1000.5));
        Http.Response fetched = http.get("/api/merchant/payments/" + created.getString("id"), tokenA);

        assertThat(fetched.status()).isEqualTo(200);
        JsonObject payment = fetched.data();
        assertThat(payment.getString("amount")).isEqualTo("1000.50");
        assertThat(payment.getString("fees")).isEqualTo("30.01"); // 2.5 % of 1000.50 = 25.0125, + 5.00, half-up
        assertThat(payment.getString("net_amount")).isEqualTo("970.49");
        assertThat(payment.getString("payment_method")).isEqualTo("wallet");
        assertThat(payment.containsKey("reference_id")).isTrue();
        assertThat(payment.getValue("reference_id")).isNull();
        assertThat(payment.getValue("customer_email")).isNull();
        assertThat(payment.getValue("completed_at")).isNull();
        var row = service.sql(
                        "SELECT amount::text, fees::text, net_amount::text FROM payments WHERE id = $1::uuid",
                        created.getString("id"))
                .iterator()
                .next();
        assertThat(List.of(row.getString(0), row.getString(1), row.getString(2)))
                .containsExactly("1000.50", "30.01", "970.49");
    }

    @Test
    void thePathWithoutTheFinalSlashCreatesToo() {
        assertThat(http.post("/api/merchant/payments/wallet", tokenA, new JsonObject().put("amount", 10))
                        .status())
                .isEqualTo(201);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"amount\":1.234}|invalid_amount",
                "{\"amount\":0}|invalid_amount",
                "{\"amount\":-1}|invalid_amount",
                "{\"amount\":1e300}|invalid_amount",
                "{\"amount\":\"100\"}|invalid_amount",
                "{\"amount\":true}|invalid_amount",
                "{\"amount\":null}|invalid_amount",
                "{\"amount\":[100]}|invalid_amount",
                "{}|invalid_amount",
                "{\"amount\":100,\"customer_email\":\"not-an-email\"}|invalid_customer_email",
                "{\"amount\":100,\"reference_id\":7}|invalid_reference_id",
                "{\"amount\":100,\"tip\":5}|unknown_field",
                "{\"amount\":100,\"amount\":200}|malformed_json",
                "[{\"amount\":100}]|malformed_json",
                "{\"amount\":100|malformed_json"
            })
    void invalidBodiesAnswer400WithTheEnvelopeAndStoreNothing(String body, String code) {
        int before = paymentCount();
        Http.Response response = http.send("POST", CREATE, tokenA, body, Map.of("Content-Type", "application/json"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().getBoolean("success")).isFalse();
        assertThat(response.errorCode()).isEqualTo(code);
        assertThat(paymentCount()).isEqualTo(before);
    }

    @Test
    void anUnknownFieldIsNamed() {
        Http.Response response =
                create(tokenA, new JsonObject().put("amount", 100).put("currency", "USD"));
        assertThat(response.json().getJsonObject("error").getString("field")).isEqualTo("currency");
        assertThat(response.json().getJsonObject("error").getString("message")).contains("currency");
    }

    @Test
    void hugeStringsAreRefused() {
        Http.Response response =
                create(tokenA, new JsonObject().put("amount", 100).put("description", "x".repeat(501)));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode()).isEqualTo("invalid_description");
    }

    @Test
    void oversizedWrongTypeAndBrokenBodiesGet413_415_400() {
        String big = "{\"amount\":100,\"description\":\"" + "x".repeat(70 * 1024) + "\"}";
        assertThat(http.send("POST", CREATE, tokenA, big, Map.of("Content-Type", "application/json"))
                        .status())
                .isEqualTo(413);
        Http.Response form = http.send(
                "POST", CREATE, tokenA, "amount=100", Map.of("Content-Type", "application/x-www-form-urlencoded"));
        assertThat(form.status()).isEqualTo(415);
        assertThat(form.errorCode()).isEqualTo("unsupported_media_type");
        assertThat(http.send("POST", CREATE, tokenA, "{\"amount\":", Map.of("Content-Type", "application/json"))
                        .errorCode())
                .isEqualTo("malformed_json");
    }

    @Test
    void aPathWithAnEmptySegmentIsNoRouteAndCreatesNothing() {
        for (String path : new String[] {
            "/api/merchant/payments/wallet//", "/api/merchant//payments/wallet/", "/api//merchant/payments/wallet"
        }) {
            Http.Response answer =
                    http.post(path, tokenA, new JsonObject().put("amount", 100).put("reference_id", "SLASH"));

            assertThat(answer.status()).as(path).isEqualTo(404);
            assertThat(answer.errorCode()).as(path).isEqualTo("route_not_found");
        }
        assertThat(http.get("/api/merchant/payments//", tokenA).status()).isEqualTo(404);
        assertThat(service.sql("SELECT count(*) FROM payments WHERE reference_id = 'SLASH'")
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
        assertThat(create(tokenA, new JsonObject().put("amount", 100)).status())
                .as("control: the path without the empty segment")
                .isEqualTo(201);
    }

    @Test
    void theSameIdempotencyKeyAndBodyReplaysTheFirstAnswer() {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "order-77");
        Http.Response first = http.send("POST", CREATE, tokenA, "{\"amount\":100,\"reference_id\":\"R77\"}", headers);
        Http.Response second =
                http.send("POST", CREATE, tokenA, "{\"reference_id\":\"R77\",\"amount\":100.00}", headers);

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(service.sql("SELECT count(*) FROM payments WHERE reference_id = 'R77'")
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIsAConflict() {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "order-78");
        assertThat(http.send("POST", CREATE, tokenA, "{\"amount\":100}", headers)
                        .status())
                .isEqualTo(201);
        Http.Response other = http.send("POST", CREATE, tokenA, "{\"amount\":101}", headers);
        assertThat(other.status()).isEqualTo(409);
        assertThat(other.errorCode()).isEqualTo("idempotency_key_reused");
    }

    @Test
    void anAbandonedKeyIsTakenOverByItsOwnRequestOnlyNeverByAnotherBody() {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "order-79");
        java.util.UUID merchantId = java.util.UUID.fromString(merchantA.getString("merchant_id"));
        CreatePaymentRequest first = CreatePaymentRequest.parse(
                "{\"amount\":100}".getBytes(java.nio.charset.StandardCharsets.UTF_8), AmountLimits.defaults());
        // a request that claimed the key and died before answering, long ago
        RunningService.await(service.stores()
                .payments()
                .claimIdempotencyKey(
                        merchantId, "order-79", java.util.UUID.randomUUID(), RequestFingerprint.of(first)));
        service.sql(
                "UPDATE idempotency_keys SET created_at = now() - interval '1 hour' WHERE idempotency_key = 'order-79'");

        Http.Response other = http.send("POST", CREATE, tokenA, "{\"amount\":101}", headers);
        assertThat(other.status()).isEqualTo(409);
        assertThat(other.errorCode()).isEqualTo("idempotency_key_reused");
        // the same request, retried, takes the abandoned key over
        assertThat(http.send("POST", CREATE, tokenA, "{\"amount\":100}", headers)
                        .status())
                .isEqualTo(201);
    }

    @Test
    void aCreateWhoseKeyWasTakenOverMeanwhileStoresNothing() {
        java.util.UUID merchantId = java.util.UUID.fromString(merchantA.getString("merchant_id"));
        java.util.UUID slowClaim = java.util.UUID.randomUUID();
        var payments = service.stores().payments();
        CreatePaymentRequest request = CreatePaymentRequest.parse(
                "{\"amount\":70,\"reference_id\":\"LATE\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                AmountLimits.defaults());
        RunningService.await(
                payments.claimIdempotencyKey(merchantId, "taken-over", slowClaim, RequestFingerprint.of(request)));
        // the slow request's claim was abandoned and another request took the key over
        service.sql("UPDATE idempotency_keys SET claim_id = gen_random_uuid() WHERE idempotency_key = 'taken-over'");

        NewPayment late = NewPayment.createdNow(
                java.util.UUID.randomUUID(),
                ShortCode.of(1L << 39),
                merchantId,
                request,
                new FeeRule(java.math.BigDecimal.ZERO, java.math.BigDecimal.ZERO).chargeFor(request.amount()),
                "late-token-" + java.util.UUID.randomUUID(),
                "http://localhost/checkout/late",
                java.time.Duration.ofMinutes(30),
                "sandbox");
        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> RunningService.await(
                payments.create(late, "taken-over", slowClaim, new io.walletpay.payment.StoredResponse(201, "{}"))));

        assertThat(refused)
                .hasRootCauseInstanceOf(io.walletpay.error.ServiceException.class)
                .hasRootCauseMessage("A request with this Idempotency-Key is still being processed; retry shortly");
        assertThat(service.sql("SELECT count(*) FROM payments WHERE reference_id = 'LATE'")
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
    }

    @Test
    void keysArePerMerchant() {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "shared-key");
        Http.Response a = http.send("POST", CREATE, tokenA, "{\"amount\":100}", headers);
        Http.Response b = http.send("POST", CREATE, tokenB, "{\"amount\":100}", headers);
        assertThat(a.status()).isEqualTo(201);
        assertThat(b.status()).isEqualTo(201);
        assertThat(b.data().getString("id")).isNotEqualTo(a.data().getString("id"));
    }

    @Test
    void concurrentIdenticalRequestsCreateExactlyOnePayment() throws Exception {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "race-1");
        List<Http.Response> answers = concurrently(
                16, () -> http.send("POST", CREATE, tokenA, "{\"amount\":321,\"reference_id\":\"RACE-1\"}", headers));

        assertOneCreatedTheRestFoundTheKeyInUse(answers);
        assertThat(service.sql("SELECT count(*) FROM payments WHERE reference_id = 'RACE-1'")
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(1);
    }

    @Test
    void endingBeforePagesBackFromTheThirdPageToTheFirst() {
        String token = service.tokenFor(service.createMerchant("Pager"));
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            created.add(
                    0,
                    createdPayment(token, new JsonObject().put("amount", 10 + i))
                            .getString("id"));
        }
        Http.Response first = http.get("/api/merchant/payments?limit=3", token);
        Http.Response second = http.get("/api/merchant/payments?limit=3&starting_after=" + lastId(first), token);
        Http.Response third = http.get("/api/merchant/payments?limit=3&starting_after=" + lastId(second), token);
        assertThat(ids(third)).isEqualTo(created.subList(6, 8));

        Http.Response backToSecond = http.get(
                "/api/merchant/payments?limit=3&ending_before=" + ids(third).get(0), token);
        Http.Response backToFirst = http.get(
                "/api/merchant/payments?limit=3&ending_before="
                        + ids(backToSecond).get(0),
                token);

        assertThat(ids(backToSecond)).isEqualTo(ids(second)).isEqualTo(created.subList(3, 6));
        assertThat(backToSecond.json().getBoolean("has_more"))
                .as("the first page is before it")
                .isTrue();
        assertThat(ids(backToFirst)).isEqualTo(ids(first)).isEqualTo(created.subList(0, 3));
        assertThat(backToFirst.json().getBoolean("has_more"))
                .as("nothing is newer")
                .isFalse();
        Http.Response beforeNewest = http.get("/api/merchant/payments?ending_before=" + created.get(0), token);
        assertThat(beforeNewest.status()).isEqualTo(200);
        assertThat(beforeNewest.dataArray()).isEmpty();
        Http.Response nowhere = http.get("/api/merchant/payments?ending_before=" + UUID.randomUUID(), token);
        assertThat(nowhere.status()).isEqualTo(400);
        assertThat(nowhere.errorCode()).isEqualTo("invalid_ending_before");
        Http.Response both = http.get(
                "/api/merchant/payments?starting_after=" + created.get(4) + "&ending_before=" + created.get(1), token);
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.errorCode()).isEqualTo("invalid_ending_before");
    }

    private static List<String> ids(Http.Response page) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.dataArray().stream()
                .map(item -> ((JsonObject) item).getString("id"))
                .toList();
    }

    private static String lastId(Http.Response page) {
        List<String> ids = ids(page);
        return ids.get(ids.size() - 1);
    }

    @Test
    void listPagesNewestFirstAcrossPagesWithoutDuplicatesOrGaps() {
        String token = service.tokenFor(service.createMerchant("Lister"));
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            created.add(
                    0,
                    createdPayment(
                                    token,
                                    new JsonObject()
                                            .put("amount", 10 + i)
                                            .put("reference_id", i % 3 == 0 ? "THIRD" : "OTHER"))
                            .getString("id"));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        boolean more = true;
        while (more) {
            Http.Response page = http.get(
                    "/api/merchant/payments?limit=5" + (cursor == null ? "" : "&starting_after=" + cursor), token);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.dataArray().size()).isLessThanOrEqualTo(5);
            page.dataArray().forEach(item -> seen.add(((JsonObject) item).getString("id")));
            more = page.json().getBoolean("has_more");
            cursor = seen.get(seen.size() - 1);
        }
        assertThat(seen).isEqualTo(created);
        // past the oldest payment the list is empty; a cursor that names no payment of the list is a mistake to hear
        // about, not an empty page that reads as the end of the list
        Http.Response past = http.get("/api/merchant/payments?starting_after=" + cursor, token);
        assertThat(past.dataArray()).isEmpty();
        assertThat(past.json().getBoolean("has_more")).isFalse();
        Http.Response nowhere = http.get("/api/merchant/payments?starting_after=" + UUID.randomUUID(), token);
        assertThat(nowhere.status()).isEqualTo(400);
        assertThat(nowhere.errorCode()).isEqualTo("invalid_starting_after");
        // a good cursor under a filter nothing matches is an empty page, not a refusal
        Http.Response none = http.get("/api/merchant/payments?status=failed&starting_after=" + created.get(3), token);
        assertThat(none.status()).isEqualTo(200);
        assertThat(none.dataArray()).isEmpty();

        Http.Response thirds = http.get("/api/merchant/payments?reference_id=THIRD&limit=100", token);
        assertThat(thirds.dataArray()).hasSize(8).allSatisfy(item -> assertThat(
                        ((JsonObject) item).getString("reference_id"))
                .isEqualTo("THIRD"));
        http.post("/api/merchant/payments/" + created.get(0) + "/cancel", token, null);
        Http.Response cancelled = http.get("/api/merchant/payments?status=cancelled", token);
        assertThat(cancelled.dataArray()).hasSize(1);
        assertThat(http.get("/api/merchant/payments?status=paid", token).status())
                .isEqualTo(400);
        assertThat(http.get("/api/merchant/payments?limit=0", token).status()).isEqualTo(400);
        assertThat(http.get("/api/merchant/payments?limit=101", token).status()).isEqualTo(400);
        assertThat(http.get("/api/merchant/payments?starting_after=nope", token).status())
                .isEqualTo(400);
        assertThat(http.get("/api/merchant/payments?reference_id=", token).errorCode())
                .isEqualTo("invalid_reference_id");
    }

    /** A reference the create accepted (at most 100 characters, however many UTF-16 units) finds its payment. */
    @Test
    void aReferenceOfOneHundredCharactersOutsideTheBasicPlaneFindsItsPayment() {
        String token = service.tokenFor(service.createMerchant("Emoji shop"));
        String reference = "\uD83D\uDE00".repeat(100);
        String id = createdPayment(token, new JsonObject().put("amount", 15).put("reference_id", reference))
                .getString("id");

        Http.Response found = http.get(
                "/api/merchant/payments?reference_id="
                        + java.net.URLEncoder.encode(reference, java.nio.charset.StandardCharsets.UTF_8),
                token);

        assertThat(found.status()).isEqualTo(200);
        assertThat(found.dataArray()).hasSize(1);
        assertThat(found.dataArray().getJsonObject(0).getString("id")).isEqualTo(id);
    }

    @Test
    void createdGteAndCreatedLtBoundTheListAtOrAfterAndStrictlyBefore() {
        JsonObject merchant = service.createMerchant("Dat yo");
        String token = service.tokenFor(merchant);
        List<String> ids = new ArrayList<>();
        for (String at : List.of("2026-01-01T10:00:00Z", "2026-01-02T10:00:00Z", "2026-01-03T10:00:00Z")) {
            String id =
                    createdPayment(token, new JsonObject().put("amount", 25)).getString("id");
            service.sql(
                    "UPDATE payments SET created_at = $2 WHERE id = $1",
                    java.util.UUID.fromString(id),
                    java.time.OffsetDateTime.parse(at));
            ids.add(id);
        }
        assertThat(listedIds("created_gte=2026-01-02T00:00:00Z", token)).containsExactly(ids.get(2), ids.get(1));
        // created_lt is strict, created_gte inclusive; any offset names the same instant
        assertThat(listedIds("created_lt=2026-01-02T10:00:00Z", token)).containsExactly(ids.get(0));
        assertThat(listedIds("created_gte=2026-01-02T05:00:00-05:00&created_lt=2026-01-03T10:00:00Z", token))
                .containsExactly(ids.get(1));
        // with pagination: the filter holds across pages
        Http.Response first = http.get("/api/merchant/payments?created_gte=2026-01-01T00:00:00Z&limit=2", token);
        assertThat(first.json().getBoolean("has_more")).isTrue();
        assertThat(listedIds(
                        "created_gte=2026-01-01T00:00:00Z&limit=2&starting_after="
                                + first.dataArray().getJsonObject(1).getString("id"),
                        token))
                .containsExactly(ids.get(0));
        // another merchant's list is not widened by a date
        assertThat(listedIds("created_gte=2026-01-01T00:00:00Z&created_lt=2026-01-04T00:00:00Z", tokenB))
                .doesNotContainAnyElementsOf(ids);

        Http.Response bad = http.get("/api/merchant/payments?created_gte=yesterday", token);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().getJsonObject("error").getString("code")).isEqualTo("invalid_created_gte");
        assertThat(http.get("/api/merchant/payments?created_lt=2026-01-01", token)
                        .status())
                .isEqualTo(400);
        assertThat(http.get(
                                "/api/merchant/payments?created_lt=2026-01-01T00:00:00Z&created_lt=2026-01-02T00:00:00Z",
                                token)
                        .status())
                .isEqualTo(400);
    }

    private static List<String> listedIds(String query, String token) {
        Http.Response page = http.get("/api/merchant/payments?" + query.replace("+", "%2B"), token);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        page.dataArray().forEach(item -> ids.add(((JsonObject) item).getString("id")));
        return ids;
    }

    @Test
    void cancellingTwiceAnswers409TheSecondTimeAndZeroesTheFees() {
        String id = createdPayment(tokenA, new JsonObject().put("amount", 500)).getString("id");
        Http.Response first = http.post("/api/merchant/payments/" + id + "/cancel", tokenA, null);
        Http.Response second = http.post("/api/merchant/payments/" + id + "/cancel", tokenA, null);

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.data().getString("status")).isEqualTo("cancelled");
        assertThat(first.data().getString("fees")).isEqualTo("0.00");
        assertThat(first.data().getString("net_amount")).isEqualTo("0.00");
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.errorCode()).isEqualTo("invalid_state");
        assertThat(outboxRows(id)).isEqualTo(1);
    }

    @Test
    void racingTransitionsProduceExactlyOne() throws Exception {
        String id = createdPayment(tokenA, new JsonObject().put("amount", 75)).getString("id");
        List<Http.Response> answers =
                concurrently(12, () -> http.post("/api/merchant/payments/" + id + "/cancel", tokenA, null));

        assertThat(answers.stream().filter(a -> a.status() == 200).count()).isEqualTo(1);
        assertThat(answers.stream().filter(a -> a.status() == 409).count()).isEqualTo(11);
        assertThat(outboxRows(id)).isEqualTo(1);
    }

    @Test
    void pendingPaymentsExpireThroughTheSweepWithTheirWebhookRow() throws Exception {
        String id = createdPayment(tokenA, new JsonObject().put("amount", 60)).getString("id");
        service.sql("UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1::uuid", id);

        String status = await("the sweep moved " + id + " out of pending")
                .atMost(Duration.ofSeconds(30))
                .until(
                        () -> http.get("/api/merchant/payments/" + id, tokenA)
                                .data()
                                .getString("status"),
                        now -> !now.equals("pending"));
        assertThat(status).isEqualTo("expired");
        assertThat(outboxRows(id)).isEqualTo(1);
        assertThat(http.post("/api/merchant/payments/" + id + "/cancel", tokenA, null)
                        .status())
                .isEqualTo(409);
    }

    @Test
    void anotherMerchantsPaymentIsNotFoundOnEveryRoute() {
        String id = createdPayment(tokenA, new JsonObject().put("amount", 42).put("reference_id", "MINE"))
                .getString("id");

        assertThat(http.get("/api/merchant/payments/" + id, tokenB).status()).isEqualTo(404);
        assertThat(http.post("/api/merchant/payments/" + id + "/cancel", tokenB, null)
                        .status())
                .isEqualTo(404);
        assertThat(http.get("/api/merchant/payments?reference_id=MINE", tokenB).dataArray())
                .isEmpty();
        assertThat(http.get("/api/merchant/payments?starting_after=" + id, tokenB)
                        .errorCode())
                .isEqualTo("invalid_starting_after");
        assertThat(http.get("/api/merchant/payments/" + id, tokenA).data().getString("status"))
                .isEqualTo("pending");
        assertThat(http.get("/api/merchant/payments/not-a-uuid", tokenA).status())
                .isEqualTo(404);
    }

    @Test
    void theCreateRouteIsRateLimitedPerMerchantWithRetryAfter() {
        try (RunningService limited = RunningService.start(Map.of("WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "3"))) {
            String token = limited.tokenFor(limited.createMerchant("Busy"));
            String other = limited.tokenFor(limited.createMerchant("Calm"));
            List<Integer> statuses = new ArrayList<>();
            Http.Response limitedAnswer = null;
            for (int i = 0; i < 10; i++) {
                Http.Response answer = limited.http.post(CREATE, token, new JsonObject().put("amount", 10));
                statuses.add(answer.status());
                if (answer.status() == 429) {
                    limitedAnswer = answer;
                }
            }
            assertThat(statuses).contains(201, 429);
            assertThat(limitedAnswer.header("Retry-After")).matches("\\d+");
            assertThat(limitedAnswer.errorCode()).isEqualTo("rate_limited");
            assertThat(limitedAnswer.header("RateLimit-Limit")).isEqualTo("3");
            assertThat(Integer.parseInt(limitedAnswer.header("RateLimit-Remaining")))
                    .isBetween(0, 2);
            assertThat(Integer.parseInt(limitedAnswer.header("RateLimit-Reset")))
                    .isBetween(1, 1);

            Http.Response untouched = limited.http.get("/api/merchant/payments", other);
            assertThat(untouched.header("RateLimit-Limit")).isEqualTo("3");
            assertThat(untouched.header("RateLimit-Remaining"))
                    .as("nothing taken yet")
                    .isEqualTo("3");
            assertThat(untouched.header("RateLimit-Reset")).isEqualTo("0");
            Http.Response created = limited.http.post(CREATE, other, new JsonObject().put("amount", 10));
            assertThat(created.status()).isEqualTo(201);
            assertThat(created.header("RateLimit-Limit")).isEqualTo("3");
            assertThat(Integer.parseInt(created.header("RateLimit-Remaining"))).isBetween(0, 3);
            Http.Response unknown = limited.http.get("/api/merchant/payments/" + java.util.UUID.randomUUID(), other);
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.header("RateLimit-Limit"))
                    .as("errors carry them too")
                    .isEqualTo("3");
        }
    }

    static int paymentCount() {
        return service.sql("SELECT count(*) FROM payments").iterator().next().getInteger(0);
    }

    static long outboxRows(String paymentId) {
        return service.sql("SELECT count(*) FROM webhook_deliveries WHERE payment_id = $1::uuid", paymentId)
                .iterator()
                .next()
                .getLong(0);
    }

    /** Identical requests racing on one Idempotency-Key: one answer (201, however many times), the rest 409. */
    static void assertOneCreatedTheRestFoundTheKeyInUse(List<Http.Response> answers) {
        Set<String> bodies = new java.util.HashSet<>();
        for (Http.Response answer : answers) {
            if (answer.status() == 201) {
                bodies.add(answer.body());
            } else {
                assertThat(answer.status()).isEqualTo(409);
                assertThat(answer.errorCode()).isEqualTo("idempotency_key_in_use");
            }
        }
        assertThat(bodies).hasSize(1);
    }

    static <T> List<T> concurrently(int n, Callable<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(call));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }
}
