package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every payment's short code, from the database's sequence to the API, its filter and the payment's webhook. */
@BehaviourTest
class PaymentShortCodesTest {

    static final String PATTERN = "WP-[0-9A-HJKMNP-TV-Z]{8}";

    static RunningService service;
    static String token;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        token = service.tokenFor(service.createMerchant("Boutik Kòd"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theDatabasesCodesAreUniqueAcrossTheirWholeRangeAndWellFormed() {
        var distinct = service.sql("SELECT count(DISTINCT payment_short_code(n)) AS codes,"
                        + " bool_and(payment_short_code(n) ~ '^" + PATTERN + "$') AS formed"
                        + " FROM generate_series(0, 199999) n")
                .iterator()
                .next();
        assertThat(distinct.getLong("codes")).isEqualTo(200_000L);
        assertThat(distinct.getBoolean("formed")).isTrue();
        var edges = service.sql("SELECT payment_short_code(0) AS low, payment_short_code(1099511627775) AS high,"
                        + " payment_short_code(1) AS next")
                .iterator()
                .next();
        assertThat(edges.getString("low")).matches(PATTERN).isNotEqualTo(edges.getString("high"));
        assertThat(edges.getString("next"))
                .as("consecutive numbers do not look consecutive")
                .isNotEqualTo("WP-00000001");
    }

    /**
     * The service makes the codes of the sequence's numbers itself; a row written without one gets its code from the
     * database's function. Both must be the same permutation, or the two could collide.
     */
    @Test
    void theServiceMakesTheSameCodeAsTheDatabaseForAnyNumber() {
        int compared = 0;
        // the first ten thousand, which the sequence hands out first, then any across the whole range
        for (var row :
                service.sql("SELECT n, payment_short_code(n) AS code FROM (SELECT generate_series(0, 9999)::bigint"
                        + " AS n UNION ALL SELECT 1099511627775 UNION ALL SELECT (random() * 1099511627775)::bigint"
                        + " FROM generate_series(1, 10000)) numbers")) {
            assertThat(ShortCode.of(row.getLong("n")))
                    .as("the code of %d", row.getLong("n"))
                    .isEqualTo(row.getString("code"));
            compared++;
        }
        assertThat(compared).isEqualTo(20_001);
    }

    @Test
    void everyPaymentGetsOneAtCreationAndTheListFindsItAsTheCustomerReadsIt() {
        Set<String> codes = new HashSet<>();
        JsonObject last = null;
        for (int i = 0; i < 5; i++) {
            last = service.createPayment(token, new JsonObject().put("amount", 100 + i));
            assertThat(last.getString("short_code")).matches(PATTERN);
            codes.add(last.getString("short_code"));
        }
        assertThat(codes).hasSize(5);
        JsonObject stored = service.http
                .get("/api/merchant/payments/" + last.getString("id"), token)
                .data();
        assertThat(stored.getString("short_code")).isEqualTo(last.getString("short_code"));

        String heard = last.getString("short_code")
                .substring(3)
                .toLowerCase(Locale.ROOT)
                .replace("1", "l");
        JsonArray found = service.http
                .get(
                        "/api/merchant/payments?short_code=" + URLEncoder.encode("wp " + heard, StandardCharsets.UTF_8),
                        token)
                .dataArray();
        assertThat(found).hasSize(1);
        assertThat(found.getJsonObject(0).getString("id")).isEqualTo(last.getString("id"));

        Http.Response malformed = service.http.get("/api/merchant/payments?short_code=WP-123", token);
        assertThat(malformed.status()).isEqualTo(400);
        Http.Response both = service.http.get("/api/merchant/payments?short_code=" + heard + "&reference_id=x", token);
        assertThat(both.status()).isEqualTo(400);
    }

    /** Payments are found by the number their code was made of; the database's function must agree on it. */
    @Test
    void everyPaymentKeepsTheNumberItsCodeWasMadeOf() {
        for (int i = 0; i < 3; i++) {
            service.createPayment(token, new JsonObject().put("amount", 20 + i));
        }
        var rows = service.sql("SELECT count(*) AS numbered,"
                        + " count(*) FILTER (WHERE short_code = payment_short_code(short_code_number)) AS agreeing"
                        + " FROM payments WHERE short_code_number IS NOT NULL")
                .iterator()
                .next();
        assertThat(rows.getLong("numbered")).isGreaterThanOrEqualTo(3L);
        assertThat(rows.getLong("agreeing")).isEqualTo(rows.getLong("numbered"));
    }

    @Test
    void anotherMerchantsCodeFindsNothing() {
        JsonObject mine = service.createPayment(token, new JsonObject().put("amount", 50));
        String other = service.tokenFor(service.createMerchant("Lòt Boutik"));

        assertThat(service.http
                        .get("/api/merchant/payments?short_code=" + mine.getString("short_code"), other)
                        .dataArray())
                .isEmpty();
    }

    @Test
    void aRowWrittenWithoutACodeTakesTheNextFromTheSameSequence() {
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", 75));
        service.sql("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token, redirect_url,"
                + " expires_at) SELECT gen_random_uuid(), merchant_id, 1.00, 0, 1.00, 'raw-' || id, 'http://p',"
                + " now() + interval '1 hour' FROM payments WHERE id = '" + payment.getString("id") + "'");
        var row = service.sql(
                        "SELECT short_code FROM payments WHERE checkout_token = 'raw-" + payment.getString("id") + "'")
                .iterator()
                .next();
        assertThat(row.getString("short_code")).matches(PATTERN).isNotEqualTo(payment.getString("short_code"));

        // stored without the number its code was made of, as payments were before they kept it: found by its code
        JsonArray found = service.http
                .get("/api/merchant/payments?short_code=" + row.getString("short_code"), token)
                .dataArray();
        assertThat(found).hasSize(1);
        assertThat(found.getJsonObject(0).getString("short_code")).isEqualTo(row.getString("short_code"));
        assertThat(service.http
                        .get("/api/merchant/payments?short_code=" + payment.getString("short_code"), token)
                        .dataArray())
                .hasSize(1);
    }
}
