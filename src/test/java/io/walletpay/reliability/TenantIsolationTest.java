package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.openapi.OpenApiContract;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A token of merchant B never reaches merchant A's data, on any merchant route: reads of A's objects are 404
 * like unknown ids, writes change nothing of A's, lists and filters show none of A's rows, and an
 * Idempotency-Key is B's own even when A used the same one. The table must name every merchant route of the API
 * document, so a new route cannot be added without being checked here.
 */
@BehaviourTest
class TenantIsolationTest {

    /** A request B makes, and what it must come to. */
    record Probe(String method, String route, String path, String body, Set<Integer> allowed) {}

    static RunningService service;
    static JsonObject merchantA;
    static String tokenA;
    static String tokenB;
    static JsonObject merchantB;
    static String pendingA;
    static String completedA;
    static String deliveryA;
    static String linkA;
    static String payoutA;
    static String firstEndpointA;
    static String endpointA;
    static String keyA;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,1h"));
        merchantA = service.createMerchant(new JsonObject()
                .put("name", "Merchant A")
                .put("webhook_url", "https://a.example/hooks")
                .put("return_url", "https://a.example/back"));
        tokenA = service.tokenFor(merchantA);
        merchantB = service.createMerchant("Merchant B");
        tokenB = service.tokenFor(merchantB);
        pendingA = service.createPayment(
                        tokenA, new JsonObject().put("amount", 10).put("reference_id", "A-REF"))
                .getString("id");
        completedA = service.createPayment(
                        tokenA, new JsonObject().put("amount", 20).put("reference_id", "A-REF"))
                .getString("id");
        service.transition(completedA, PaymentStatus.COMPLETED);
        JsonObject link = service.http
                .post(
                        "/api/merchant/payment-links",
                        tokenA,
                        new JsonObject().put("amount", 30).put("description", "A's stall"))
                .data();
        linkA = link.getString("id");
        String linkUrl = link.getString("url");
        service.http.send(
                "POST",
                "/l/" + linkUrl.substring(linkUrl.lastIndexOf('/') + 1),
                null,
                "",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        // a payout of A's, paid, so B has one to look for and nothing of A's changes under the snapshots
        service.http.patch(
                "/api/admin/merchants/" + merchantA.getString("merchant_id"),
                io.walletpay.support.TestConfig.ADMIN_TOKEN,
                new JsonObject().put("payout_phone", "3712 3456"));
        payoutA = service.http
                .post("/api/merchant/payouts", tokenA, new JsonObject().put("amount", 1))
                .data()
                .getString("id");
        await("merchant A's payout paid").atMost(Duration.ofSeconds(30)).until(() -> service.sql(
                        "SELECT status FROM transfers WHERE id = $1::uuid", payoutA)
                .iterator()
                .next()
                .getString(0)
                .equals("succeeded"));
        firstEndpointA = service.http
                .get("/api/merchant/webhooks/endpoints", tokenA)
                .dataArray()
                .getJsonObject(0)
                .getString("id");
        endpointA = service.http
                .post(
                        "/api/merchant/webhooks/endpoints",
                        tokenA,
                        new JsonObject()
                                .put("url", "https://a.example/refunds")
                                .put("enabled_events", new io.vertx.core.json.JsonArray().add("refund.updated")))
                .data()
                .getString("id");
        keyA = service.http
                .post("/api/merchant/keys", tokenA, new JsonObject().put("scope", "read_only"))
                .data()
                .getString("id");
        deliveryA = service.sql("SELECT id::text FROM webhook_deliveries WHERE payment_id = $1::uuid", completedA)
                .iterator()
                .next()
                .getString(0);
        // the first attempt (schedule "0s") runs right after the transition; the next is an hour away. Waiting for
        // it to be recorded keeps the sender from changing the delivery row between the snapshots below.
        await("the first webhook attempt of merchant A is recorded")
                .atMost(Duration.ofSeconds(30))
                .until(() -> service.sql("SELECT attempts FROM webhook_deliveries WHERE id = $1::uuid", deliveryA)
                                .iterator()
                                .next()
                                .getInteger(0)
                        > 0);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    static List<Probe> table() {
        Set<Integer> notFound = Set.of(404);
        Set<Integer> ownOnly = Set.of(200, 400);
        return List.of(
                new Probe("GET", "/api/merchant/payments/{id}", "/api/merchant/payments/" + pendingA, null, notFound),
                new Probe("GET", "/api/merchant/payments/{id}", "/api/merchant/payments/" + completedA, null, notFound),
                new Probe(
                        "POST",
                        "/api/merchant/payments/{id}/cancel",
                        "/api/merchant/payments/" + pendingA + "/cancel",
                        null,
                        notFound),
                // the test helpers: B's token never pays or expires A's payment
                new Probe(
                        "POST",
                        "/api/merchant/test/payments/{id}/pay",
                        "/api/merchant/test/payments/" + pendingA + "/pay",
                        "{\"phone\":\"50937000001\"}",
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/test/payments/{id}/expire",
                        "/api/merchant/test/payments/" + pendingA + "/expire",
                        null,
                        notFound),
                new Probe("GET", "/api/merchant/payments", "/api/merchant/payments?reference_id=A-REF", null, ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/payments",
                        "/api/merchant/payments?payment_link_id=" + linkA,
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/payment-links/{id}",
                        "/api/merchant/payment-links/" + linkA,
                        null,
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/payment-links/{id}/deactivate",
                        "/api/merchant/payment-links/" + linkA + "/deactivate",
                        null,
                        notFound),
                new Probe(
                        "GET",
                        "/api/merchant/payment-links",
                        "/api/merchant/payment-links?starting_after=" + linkA,
                        null,
                        ownOnly),
                new Probe("GET", "/api/merchant/payment-links", "/api/merchant/payment-links?limit=100", null, ownOnly),
                new Probe(
                        "POST",
                        "/api/merchant/payment-links",
                        "/api/merchant/payment-links",
                        "{\"amount\":10,\"description\":\"B's own\"}",
                        Set.of(201)),
                new Probe(
                        "GET",
                        "/api/merchant/payments",
                        "/api/merchant/payments?starting_after=" + pendingA,
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/payments",
                        "/api/merchant/payments?status=completed&limit=100",
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/deliveries/{id}",
                        "/api/merchant/webhooks/deliveries/" + deliveryA,
                        null,
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/webhooks/deliveries/{id}/redeliver",
                        "/api/merchant/webhooks/deliveries/" + deliveryA + "/redeliver",
                        null,
                        notFound),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/deliveries",
                        "/api/merchant/webhooks/deliveries?payment_id=" + completedA,
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/deliveries",
                        "/api/merchant/webhooks/deliveries?starting_after=" + deliveryA,
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/deliveries",
                        "/api/merchant/webhooks/deliveries?limit=100",
                        null,
                        ownOnly),
                new Probe(
                        "GET",
                        "/api/merchant/reports/settlement",
                        "/api/merchant/reports/settlement?date="
                                + java.time.LocalDate.now(java.time.ZoneId.of("America/Port-au-Prince")),
                        null,
                        ownOnly),
                new Probe("GET", "/api/merchant/events/{id}", "/api/merchant/events/" + deliveryA, null, notFound),
                new Probe(
                        "GET",
                        "/api/merchant/events",
                        "/api/merchant/events?starting_after=" + deliveryA,
                        null,
                        ownOnly),
                new Probe("GET", "/api/merchant/events", "/api/merchant/events?limit=100", null, ownOnly),
                new Probe(
                        "POST",
                        "/api/merchant/webhooks/recover",
                        "/api/merchant/webhooks/recover",
                        "{\"since\":\"2000-01-01T00:00:00Z\"}",
                        Set.of(202)),
                new Probe("POST", "/api/merchant/webhooks/test", "/api/merchant/webhooks/test", null, Set.of(200, 400)),
                new Probe("GET", "/api/merchant/settings", "/api/merchant/settings", null, Set.of(200)),
                new Probe("GET", "/api/merchant/webhooks/endpoints", "/api/merchant/webhooks/endpoints", null, ownOnly),
                new Probe(
                        "POST",
                        "/api/merchant/webhooks/endpoints",
                        "/api/merchant/webhooks/endpoints",
                        "{\"url\":\"https://b.example/more\",\"enabled_events\":[\"*\"]}",
                        Set.of(201)),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + endpointA,
                        null,
                        notFound),
                new Probe(
                        "GET",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + firstEndpointA,
                        null,
                        notFound),
                new Probe(
                        "PATCH",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + endpointA,
                        "{\"url\":\"https://b.example/stolen\"}",
                        notFound),
                new Probe(
                        "PATCH",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + firstEndpointA,
                        "{\"url\":\"https://b.example/stolen\"}",
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/webhooks/endpoints/{id}/secret/rotate",
                        "/api/merchant/webhooks/endpoints/" + endpointA + "/secret/rotate",
                        null,
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/webhooks/endpoints/{id}/secret/rotate",
                        "/api/merchant/webhooks/endpoints/" + firstEndpointA + "/secret/rotate",
                        null,
                        notFound),
                new Probe(
                        "DELETE",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + endpointA,
                        null,
                        notFound),
                new Probe(
                        "DELETE",
                        "/api/merchant/webhooks/endpoints/{id}",
                        "/api/merchant/webhooks/endpoints/" + firstEndpointA,
                        null,
                        notFound),
                new Probe("GET", "/api/merchant/balance", "/api/merchant/balance", null, Set.of(200)),
                new Probe("GET", "/api/merchant/keys", "/api/merchant/keys", null, Set.of(200)),
                new Probe("POST", "/api/merchant/keys", "/api/merchant/keys", "{\"scope\":\"payments\"}", Set.of(201)),
                new Probe("DELETE", "/api/merchant/keys/{id}", "/api/merchant/keys/" + keyA, null, notFound),
                new Probe(
                        "GET",
                        "/api/merchant/payments/{id}/refunds",
                        "/api/merchant/payments/" + completedA + "/refunds",
                        null,
                        notFound),
                new Probe(
                        "POST",
                        "/api/merchant/payments/{id}/refunds",
                        "/api/merchant/payments/" + completedA + "/refunds",
                        "{\"amount\":1}",
                        notFound),
                new Probe("POST", "/api/merchant/payouts", "/api/merchant/payouts", "{\"amount\":1}", Set.of(409)),
                new Probe("GET", "/api/merchant/payouts", "/api/merchant/payouts?limit=100", null, ownOnly),
                new Probe("GET", "/api/merchant/payouts/{id}", "/api/merchant/payouts/" + payoutA, null, notFound),
                new Probe("GET", "/api/merchant/audit-log", "/api/merchant/audit-log?limit=100", null, ownOnly),
                new Probe(
                        "PATCH",
                        "/api/merchant/settings",
                        "/api/merchant/settings",
                        "{\"webhook_url\":\"https://b.example/hooks\",\"return_url\":null}",
                        Set.of(200)),
                new Probe(
                        "POST",
                        "/api/merchant/webhook-secret/rotate",
                        "/api/merchant/webhook-secret/rotate",
                        null,
                        Set.of(200)),
                new Probe(
                        "POST",
                        "/api/merchant/payments/wallet/",
                        "/api/merchant/payments/wallet/",
                        "{\"amount\":10,\"reference_id\":\"A-REF\"}",
                        Set.of(201)),
                new Probe(
                        "POST",
                        "/api/merchant/payments/wallet",
                        "/api/merchant/payments/wallet",
                        "{\"amount\":10,\"reference_id\":\"A-REF\"}",
                        Set.of(201)),
                // rotates B's own key: B's token stops, so the loop takes a new one (see below)
                new Probe(
                        "POST",
                        "/api/merchant/secret-key/rotate",
                        "/api/merchant/secret-key/rotate",
                        new JsonObject()
                                .put("secret_key", merchantB.getString("secret_key"))
                                .encode(),
                        Set.of(200)));
    }

    @Test
    void merchantBsTokenNeverReadsOrChangesMerchantAsData() {
        String before = merchantASnapshot();
        Set<String> idsOfA = Set.of(
                pendingA,
                completedA,
                deliveryA,
                linkA,
                merchantA.getString("merchant_id"),
                endpointA,
                firstEndpointA,
                keyA);

        for (Probe probe : table()) {
            Map<String, String> headers = probe.body() == null
                    ? Map.of()
                    : Map.of("Content-Type", "application/json", "Idempotency-Key", "shared-key");
            Http.Response answer = service.http.send(probe.method(), probe.path(), tokenB, probe.body(), headers);

            String what = probe.method() + " " + probe.path() + " -> " + answer.status() + " " + answer.body();
            assertThat(answer.status()).as(what).isIn(probe.allowed().toArray());
            idsOfA.forEach(id -> assertThat(answer.body()).as(what).doesNotContain(id));
            assertThat(answer.body())
                    .as(what)
                    .doesNotContain("Merchant A")
                    .doesNotContain("a.example")
                    .doesNotContain(merchantA.getString("webhook_secret"));
            if (probe.route().equals("/api/merchant/secret-key/rotate")) {
                merchantB.put("secret_key", answer.data().getString("secret_key"));
                tokenB = service.tokenFor(merchantB);
            }
        }
        assertThat(merchantASnapshot()).as("nothing of merchant A changed").isEqualTo(before);
    }

    /**
     * To B, a cursor naming a row of A's names nothing: refused with the same 400 as an id nobody has, so B learns
     * nothing, and never takes an empty page for the end of its own list.
     */
    @Test
    void aCursorNamingARowOfAsIsRefusedToBLikeAnIdNobodyHas() {
        String nobody = java.util.UUID.randomUUID().toString();
        String auditEntryA = service.sql(
                        "SELECT max(id)::text FROM audit_log WHERE merchant_id = $1::uuid",
                        merchantA.getString("merchant_id"))
                .iterator()
                .next()
                .getString(0);
        assertThat(auditEntryA).as("an audit log entry of A's").isNotNull();
        Map<String, String> rowOfAByList = Map.of(
                "/api/merchant/payments", pendingA,
                "/api/merchant/payment-links", linkA,
                "/api/merchant/payouts", payoutA,
                "/api/merchant/webhooks/deliveries", deliveryA,
                "/api/merchant/events", deliveryA,
                "/api/merchant/audit-log", auditEntryA);
        rowOfAByList.forEach((list, rowOfA) -> {
            Http.Response asB = service.http.get(list + "?starting_after=" + rowOfA, tokenB);
            // the audit log's ids are numbers
            String unknownId = list.endsWith("audit-log") ? "999999999999" : nobody;
            Http.Response unknown = service.http.get(list + "?starting_after=" + unknownId, tokenB);
            assertThat(asB.status()).as(list).isEqualTo(400);
            assertThat(asB.errorCode()).as(list).isEqualTo("invalid_starting_after");
            assertThat(asB.errorWithoutRequestId()).as(list).isEqualTo(unknown.errorWithoutRequestId());
            assertThat(service.http
                            .get(list + "?starting_after=" + rowOfA, tokenA)
                            .status())
                    .as(list)
                    .isEqualTo(200);
        });
    }

    @Test
    void anIdempotencyKeyIsPerMerchantSoBNeverGetsAsReplay() {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "order-42");
        String body = "{\"amount\":42}";
        Http.Response first = service.http.send("POST", "/api/merchant/payments/wallet/", tokenA, body, headers);
        Http.Response other = service.http.send("POST", "/api/merchant/payments/wallet/", tokenB, body, headers);

        assertThat(first.status()).isEqualTo(201);
        assertThat(other.status()).isEqualTo(201);
        assertThat(other.data().getString("id")).isNotEqualTo(first.data().getString("id"));
        assertThat(other.body()).doesNotContain(first.data().getString("redirect_url"));
    }

    @Test
    void theTableNamesEveryGuardedMerchantRouteOfTheApiDocument() {
        Set<String> documented = new TreeSet<>();
        JsonObject paths = OpenApiContract.document().getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            if (!path.startsWith("/api/merchant/") || path.startsWith("/api/merchant/token")) {
                continue; // the token routes take no token: MerchantAuthenticationTest covers them
            }
            for (String method : paths.getJsonObject(path).fieldNames()) {
                if (Set.of("get", "post", "put", "patch", "delete").contains(method)) {
                    documented.add(method.toUpperCase() + " " + path);
                }
            }
        }
        Set<String> probed = table().stream()
                .map(probe -> probe.method() + " " + probe.route())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(probed).containsAll(documented);
    }

    static String merchantASnapshot() {
        StringBuilder rows = new StringBuilder();
        String id = merchantA.getString("merchant_id");
        service.sql("SELECT * FROM merchants WHERE id = $1::uuid", id).forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM payments WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM webhook_deliveries WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM webhook_endpoints WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM api_keys WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM payment_links WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM transfers WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT * FROM ledger_entries WHERE merchant_id = $1::uuid ORDER BY id", id)
                .forEach(row -> rows.append(row.toJson()));
        service.sql(
                        "SELECT merchant_id, idempotency_key, response_body FROM idempotency_keys WHERE merchant_id = $1::uuid"
                                + " ORDER BY idempotency_key",
                        id)
                .forEach(row -> rows.append(row.toJson()));
        return rows.toString();
    }
}
