package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One store verticle is the default; {@code db.store_instances} above one gives each instance its own group
 * commits, so requests of one merchant race through separate batches into the same database.
 */
@BehaviourTest
class SeveralStoreInstancesTest {

    @Test
    void createsRacingThroughSeparateStoresKeepIdempotencyAndEveryPaymentAndItsWebhook() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver();
                RunningService service = RunningService.start(Map.of("WALLETPAY_DB_STORE_INSTANCES", "3"))) {
            JsonObject merchant = service.createMerchant(
                    new JsonObject().put("name", "Twa magazen").put("webhook_url", receiver.url("/hooks")));
            String token = service.tokenFor(merchant);
            Map<String, String> sameKey = Map.of("Content-Type", "application/json", "Idempotency-Key", "three-stores");

            List<Http.Response> identical = PaymentsApiTest.concurrently(
                    16,
                    () -> service.http.send(
                            "POST",
                            PaymentsApiTest.CREATE,
                            token,
                            "{\"amount\":321,\"reference_id\":\"SAME\"}",
                            sameKey));
            AtomicInteger number = new AtomicInteger();
            List<Http.Response> distinct = PaymentsApiTest.concurrently(
                    24,
                    () -> service.http.post(
                            PaymentsApiTest.CREATE,
                            token,
                            new JsonObject()
                                    .put("amount", 100 + number.incrementAndGet())
                                    .put("reference_id", "DISTINCT")));

            PaymentsApiTest.assertOneCreatedTheRestFoundTheKeyInUse(identical);
            assertThat(distinct)
                    .allSatisfy(answer -> assertThat(answer.status()).isEqualTo(201));
            assertThat(distinct.stream().map(answer -> answer.data().getString("id")))
                    .doesNotHaveDuplicates();
            assertThat(count(service, "SAME")).isEqualTo(1);
            assertThat(count(service, "DISTINCT")).isEqualTo(24);

            for (Http.Response answer : distinct) {
                service.transition(answer.data().getString("id"), PaymentStatus.COMPLETED);
            }
            List<WebhookReceiver.Received> hooks = receiver.await("/hooks", 24);
            Set<String> paid = new HashSet<>();
            hooks.forEach(hook -> paid.add(new JsonObject(new String(hook.body()))
                    .getJsonObject("data")
                    .getString("transaction_id")));
            assertThat(paid)
                    .containsExactlyInAnyOrderElementsOf(distinct.stream()
                            .map(answer -> answer.data().getString("id"))
                            .toList());
        }
    }

    private static long count(RunningService service, String reference) {
        return service.sql("SELECT count(*) FROM payments WHERE reference_id = $1", reference)
                .iterator()
                .next()
                .getLong(0);
    }
}
