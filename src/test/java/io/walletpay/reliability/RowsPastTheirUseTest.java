package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The service forgets rows past their use on its sweep's timer, on its own, and nothing still in use: ended portal
 * sessions and webhook attempts older than 30 days go, a live session and the attempts inside the 30 days stay, and
 * so does the delivery the old attempts belonged to. A backlog larger than one run's share (10 000 attempts) is
 * worked off over several runs.
 */
@BehaviourTest
class RowsPastTheirUseTest {

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS", "1"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void endedSessionsAndOldAttemptsAreForgottenAndWhatIsInUseStays() {
        JsonObject merchant = service.createMerchant("Boutik retansyon");
        String merchantId = merchant.getString("merchant_id");
        String paymentId = service.createPayment(
                        service.tokenFor(merchant),
                        new JsonObject().put("amount", 250).put("reference_id", "retansyon-1"))
                .getString("payment_id");
        UUID delivery = UUID.randomUUID();
        service.sql(
                "INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body, status, attempts)"
                        + " VALUES ($1, $2::uuid, $3::uuid, 'payment.updated', '{}', 'succeeded', 25002)",
                delivery,
                merchantId,
                paymentId);
        // 25 000 attempts 31 to 40 days old (more than two runs' share), then two recent ones
        service.sql(
                "INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_excerpt)"
                        + " SELECT $1, now() - interval '40 days' + n * interval '30 seconds', 200, 5, 'old'"
                        + " FROM generate_series(1, 25000) n",
                delivery);
        service.sql(
                "INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_excerpt)"
                        + " VALUES ($1, now() - interval '29 days', 200, 5, 'recent'),"
                        + " ($1, now() - interval '1 hour', 200, 5, 'recent')",
                delivery);
        UUID person = UUID.randomUUID();
        service.sql(
                "INSERT INTO people (id, merchant_id, email, name, role, password_hash)"
                        + " VALUES ($1, $2::uuid, $3, 'Anne', 'owner', $4)",
                person,
                merchantId,
                person + "@boutik.ht",
                "$argon2id$x");
        session("ended, idle", merchantId, person, "2 hours", "31 minutes");
        session("ended, too long open", merchantId, person, "13 hours", "1 minute");
        session("in use", merchantId, person, "11 hours", "1 minute");

        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> count("SELECT count(*) FROM webhook_attempts WHERE delivery_id = $1", delivery) == 2);

        assertThat(texts("SELECT response_excerpt FROM webhook_attempts WHERE delivery_id = $1", delivery))
                .containsExactly("recent", "recent");
        assertThat(texts(
                        "SELECT convert_from(id_hash, 'UTF8') FROM portal_sessions WHERE merchant_id = $1::uuid",
                        merchantId))
                .containsExactly("in use");
        assertThat(count("SELECT attempts FROM webhook_deliveries WHERE id = $1", delivery))
                .isEqualTo(25002);
    }

    private static void session(String name, String merchantId, UUID person, String openFor, String idleFor) {
        service.sql(
                "INSERT INTO portal_sessions (id_hash, merchant_id, person_id, created_at, last_seen_at,"
                        + " source_address) VALUES (convert_to($1, 'UTF8'), $2::uuid, $5, now() - $3::text::interval,"
                        + " now() - $4::text::interval, '127.0.0.1')",
                name,
                merchantId,
                openFor,
                idleFor,
                person);
    }

    private static long count(String sql, Object... params) {
        return service.sql(sql, params).iterator().next().getLong(0);
    }

    private static List<String> texts(String sql, Object... params) {
        List<String> texts = new ArrayList<>();
        service.sql(sql + " ORDER BY 1", params).forEach(row -> texts.add(row.getString(0)));
        return texts;
    }
}
