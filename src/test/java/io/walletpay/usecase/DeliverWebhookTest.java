package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryClaim;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** One attempt of a claimed delivery: sent, counted, and its outcome recorded under the delivery's claim. */
class DeliverWebhookTest {

    private final List<AttemptResult> attempted = new ArrayList<>();
    private final List<Duration> delivered = new ArrayList<>();
    private final List<DeliveryClaim> recordedUnder = new ArrayList<>();
    private final DeliverWebhook.Measurements measurements = new DeliverWebhook.Measurements() {
        @Override
        public void attempted(AttemptResult result) {
            attempted.add(result);
        }

        @Override
        public void delivered(Duration sinceEvent) {
            delivered.add(sinceEvent);
        }
    };

    @Test
    void aDeliveredAttemptIsCountedWithItsLatencyAndRecordedUnderTheClaim() {
        DueDelivery delivery = due();
        AttemptResult ok = result(delivery, 200, DeliveryStatus.SUCCEEDED);

        done(new DeliverWebhook(sent -> Future.succeededFuture(ok), this::record, measurements).deliver(delivery));

        assertThat(attempted).containsExactly(ok);
        assertThat(delivered).singleElement().satisfies(latency -> assertThat(latency)
                .isPositive());
        assertThat(recordedUnder).containsExactly(delivery.claim());
    }

    @Test
    void aFailedAttemptIsRecordedForItsRetryButNotCountedAsDelivered() {
        DueDelivery delivery = due();
        AttemptResult refused = result(delivery, 500, DeliveryStatus.PENDING);

        done(new DeliverWebhook(sent -> Future.succeededFuture(refused), this::record, measurements).deliver(delivery));

        assertThat(attempted).containsExactly(refused);
        assertThat(delivered).isEmpty();
        assertThat(recordedUnder).hasSize(1);
    }

    @Test
    void anOutcomeThatCannotBeRecordedFailsSoTheLeaseBringsTheDeliveryBack() {
        DueDelivery delivery = due();

        Throwable failed = failure(new DeliverWebhook(
                        sent -> Future.succeededFuture(result(delivery, 200, DeliveryStatus.SUCCEEDED)),
                        (result, claim) -> Future.failedFuture(new IllegalStateException("database gone")),
                        measurements)
                .deliver(delivery));

        assertThat(failed).hasMessage("database gone");
    }

    private Future<Void> record(AttemptResult result, DeliveryClaim claim) {
        recordedUnder.add(claim);
        return Future.succeededFuture();
    }

    private static DueDelivery due() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return new DueDelivery(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "{}",
                0,
                0,
                0,
                now.plusMinutes(1),
                now.minusSeconds(1),
                "https://shop.example/hooks",
                "whsec_x",
                null,
                null);
    }

    private static AttemptResult result(DueDelivery delivery, int status, DeliveryStatus next) {
        return new AttemptResult(delivery.id(), Instant.now(), status, 12, null, "ok", next, Duration.ofSeconds(5));
    }
}
