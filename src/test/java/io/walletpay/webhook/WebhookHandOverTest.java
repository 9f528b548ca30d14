package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.support.WebhookReceiver.Received;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Outbox rows written where the webhook sender runs go to it with their commit, leased: the first attempt needs no
 * claim. A merchant whose endpoint is at its in-flight limit gets its rows in turn from the sender's own queue;
 * a sender that stops gives the rows it has not started back, and the next one sends them, each once.
 */
@BehaviourTest
class WebhookHandOverTest {

    /**
     * Claims only on start and on wake-ups: a poll tick never comes during a test. Two attempts in flight at most:
     * the five rows that wait for the endpoint outnumber them, and must still wait in the sender's queue (it holds
     * 16 per slot, 32 here), not be given back to the outbox to be claimed.
     */
    private static final Map<String, String> NO_POLLING = Map.of(
            "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "60000",
            "WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT", "2",
            "WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", "1",
            "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "5000");

    private static final Pattern STARTED =
            Pattern.compile("walletpay_webhook_started_total\\{via=\"(hand_over|claim)\"} ([0-9.]+)");

    private final WebhookReceiver receiver = new WebhookReceiver();
    private final List<RunningService> services = new ArrayList<>();

    @AfterEach
    void close() {
        services.forEach(RunningService::close);
        receiver.close();
    }

    @Test
    void aMerchantAtItsLimitGetsItsHandedOverRowsInTurnEachOnceWithoutAClaim() {
        receiver.script("/one-at-a-time", call -> Answer.slow(150));
        RunningService service = start();
        String token = merchant(service, "/one-at-a-time");

        List<String> paid = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            paid.add(completed(service, token, 10 + i));
        }

        deliveredEachOnce(service, "/one-at-a-time", paid.size());
        // the endpoint's limit is one: each attempt started after the previous one had its answer
        List<Row> attempts = new ArrayList<>();
        service.sql("SELECT attempted_at, duration_ms FROM webhook_attempts ORDER BY attempted_at")
                .forEach(attempts::add);
        assertThat(attempts).hasSize(paid.size());
        for (int i = 1; i < attempts.size(); i++) {
            OffsetDateTime previousAnswered = attempts.get(i - 1)
                    .getOffsetDateTime("attempted_at")
                    .plusNanos(attempts.get(i - 1).getInteger("duration_ms") * 1_000_000L);
            assertThat(attempts.get(i).getOffsetDateTime("attempted_at"))
                    .as("attempt %d started after attempt %d was answered", i, i - 1)
                    .isAfterOrEqualTo(previousAnswered.minusNanos(1_000_000L));
        }
        // none was claimed: the five that waited came from the sender's queue, not from the outbox
        assertThat(started(service)).isEqualTo(Map.of("hand_over", (double) paid.size(), "claim", 0.0));
    }

    @Test
    void aStoppingSenderGivesBackWhatItHasNotStartedAndTheNextSendsEachOnce() {
        receiver.script("/slow", call -> Answer.slow(1_000));
        RunningService first = start();
        String token = merchant(first, "/slow");
        List<String> paid = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            paid.add(completed(first, token, 20 + i));
        }
        receiver.await("/slow", 1); // one in flight, three waiting behind the endpoint's limit of one

        first.stopGracefully();

        // the one in flight was recorded; the others have no lease and no attempt: due for any claim now
        assertThat(count(
                        first,
                        "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND attempts = 0"
                                + " AND lease_until IS NULL"))
                .isEqualTo(paid.size() - 1L);

        RunningService next = start();
        deliveredEachOnce(next, "/slow", paid.size());
        assertThat(count(next, "SELECT count(*) FROM webhook_attempts")).isEqualTo((long) paid.size());
        assertThat(started(next).get("claim")).isEqualTo(paid.size() - 1.0);
    }

    @Test
    void aRowWhoseLeaseCouldEndMidAttemptIsGivenBackAndClaimedWithALeaseOfItsOwn() {
        // a 5 s lease and attempts of up to 3.5 s (and a second to spare): a row may wait 0.5 s here, then goes back
        Map<String, String> shortLease = new HashMap<>(NO_POLLING);
        shortLease.put("WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5");
        shortLease.put("WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500");
        shortLease.put("WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "3000");
        receiver.script("/slower", call -> Answer.slow(1_000));
        RunningService service = RunningService.start(shortLease);
        services.add(service);
        String token = merchant(service, "/slower");
        List<String> paid = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            paid.add(completed(service, token, 30 + i));
        }

        deliveredEachOnce(service, "/slower", paid.size());
        assertThat(count(service, "SELECT count(*) FROM webhook_attempts")).isEqualTo((long) paid.size());
        // the first went out at its hand-over; the two behind it waited a second, past what their lease allowed
        assertThat(started(service)).isEqualTo(Map.of("hand_over", 1.0, "claim", 2.0));
    }

    @Test
    void rowsGivenBackWhileTheEndpointWasSlowAreAllClaimedOnceItKeepsUpWithoutWaitingForATick() {
        // two at a time per endpoint, four in all: 64 rows may wait here; the rest of a burst is given back
        Map<String, String> twoPerEndpoint = new HashMap<>(NO_POLLING);
        twoPerEndpoint.put("WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT", "4");
        twoPerEndpoint.put("WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", "2");
        AtomicBoolean slow = new AtomicBoolean(true);
        receiver.script("/burst", call -> slow.get() ? Answer.slow(2_000) : Answer.status(200));
        RunningService service = RunningService.start(twoPerEndpoint);
        services.add(service);
        String token = merchant(service, "/burst");
        int burst = 160;
        for (int i = 0; i < burst; i++) {
            completed(service, token, 100 + i);
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> count(
                                service,
                                "SELECT count(*) FROM webhook_deliveries WHERE attempts = 0 AND lease_until IS NULL")
                        > 0);

        slow.set(false);

        // no poll tick comes (one a minute): each freed slot claims again while claims find rows
        deliveredEachOnce(service, "/burst", burst);
        assertThat(count(service, "SELECT count(*) FROM webhook_attempts")).isEqualTo((long) burst);
    }

    /** {@code count} webhooks reached the endpoint at {@code path}, each a delivery of its own, all recorded. */
    private void deliveredEachOnce(RunningService service, String path, int count) {
        List<Received> received = receiver.await(path, count);
        assertThat(received.stream().map(r -> r.header("webhook-id")).distinct())
                .hasSize(count);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        count(service, "SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded'") == count);
    }

    private RunningService start() {
        RunningService service = services.isEmpty()
                ? RunningService.start(NO_POLLING)
                : RunningService.start(NO_POLLING, services.get(0).database);
        services.add(service);
        return service;
    }

    private String merchant(RunningService service, String path) {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Shop " + path).put("webhook_url", receiver.url(path)));
        return service.tokenFor(merchant);
    }

    private static String completed(RunningService service, String token, int amount) {
        String id = service.createPayment(token, new JsonObject().put("amount", amount))
                .getString("id");
        service.transition(id, PaymentStatus.COMPLETED);
        return id;
    }

    private static long count(RunningService service, String sql) {
        return service.sql(sql).iterator().next().getLong(0);
    }

    private static Map<String, Double> started(RunningService service) {
        Map<String, Double> started = new HashMap<>();
        Matcher matcher = STARTED.matcher(service.http.get("/metrics", null).body());
        while (matcher.find()) {
            started.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
        }
        return started;
    }
}
