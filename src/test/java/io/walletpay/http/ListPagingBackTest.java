package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.money.RefundsTestPayments;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.support.WebhookReceiver;
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
 * Every list pages back with {@code ending_before} as it pages on with {@code starting_after}: from the third page
 * back to the first, newest first all the way, {@code has_more} saying whether newer rows are left.
 */
@BehaviourTest
class ListPagingBackTest {

    static final int ROWS = 7;

    static RunningService service;
    static Http http;
    static WebhookReceiver receiver;

    @BeforeAll
    static void start() {
        receiver = new WebhookReceiver();
        service = RunningService.start(Map.of("WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200"));
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    @Test
    void paymentLinksPageBack() {
        String token = service.tokenFor(service.createMerchant("Lyen"));
        List<String> created = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            Http.Response link =
                    http.post("/api/merchant/payment-links", token, new JsonObject().put("description", "Don " + i));
            assertThat(link.status()).as(link.body()).isEqualTo(201);
            created.add(0, link.data().getString("id"));
        }

        pagesBackToTheFirst("/api/merchant/payment-links", token, created);
    }

    @Test
    void payoutsAndTheOperatorsTransfersPageBack() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Pèman").put("fee_percent", "0.00").put("fee_fixed", "0.00"));
        String token = service.tokenFor(merchant);
        RefundsTestPayments.paid(service, token, 300);
        Http.Response set = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("payout_phone", "3712 3456"));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            created.add(0, payout(token));
        }

        pagesBackToTheFirst("/api/merchant/payouts", token, created);
        String newest = payout(token);
        pagesBackTo("/api/admin/transfers", TestConfig.ADMIN_TOKEN, newest, "id");
    }

    @Test
    void deliveriesAndEventsPageBack() {
        String token = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Webhook").put("webhook_url", receiver.url("/paging"))));
        List<String> payments = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            String id = service.createPayment(token, new JsonObject().put("amount", 40 + i))
                    .getString("id");
            service.transition(id, PaymentStatus.COMPLETED);
            payments.add(0, id);
        }
        List<String> created = Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(
                        () -> ids(http.get("/api/merchant/webhooks/deliveries?limit=100", token)),
                        ids -> ids.size() == ROWS);

        pagesBackToTheFirst("/api/merchant/webhooks/deliveries", token, created);
        pagesBackToTheFirst("/api/merchant/events", token, created);
    }

    @Test
    void merchantsPageBackForOperators() {
        for (int i = 0; i < ROWS; i++) {
            service.createMerchant("Machann " + i);
        }
        String newest = service.createMerchant("Machann dènye").getString("merchant_id");

        pagesBackTo("/api/admin/merchants", TestConfig.ADMIN_TOKEN, newest, "merchant_id");
    }

    @Test
    void reconciliationRunsPageBackForOperators() {
        String newest = null;
        for (int i = 0; i <= ROWS; i++) {
            Http.Response run = http.post("/api/admin/reconciliation", TestConfig.ADMIN_TOKEN, new JsonObject());
            assertThat(run.status()).as(run.body()).isEqualTo(201);
            newest = run.data().getString("id");
        }

        pagesBackTo("/api/admin/reconciliation", TestConfig.ADMIN_TOKEN, newest, "id");
    }

    /**
     * A merchant's list of exactly {@code created} (newest first): three pages of three forward, then back from the
     * third to the first; and the two refusals of {@code ending_before}.
     */
    static void pagesBackToTheFirst(String list, String token, List<String> created) {
        String paged = list + "?limit=3";
        Http.Response first = http.get(paged, token);
        Http.Response second = http.get(paged + "&starting_after=" + last(ids(first)), token);
        Http.Response third = http.get(paged + "&starting_after=" + last(ids(second)), token);
        assertThat(ids(first)).isEqualTo(created.subList(0, 3));
        assertThat(ids(second)).isEqualTo(created.subList(3, 6));
        assertThat(ids(third)).isEqualTo(created.subList(6, 7));

        Http.Response backToSecond =
                http.get(paged + "&ending_before=" + ids(third).get(0), token);
        Http.Response backToFirst =
                http.get(paged + "&ending_before=" + ids(backToSecond).get(0), token);

        assertThat(ids(backToSecond)).as(list).isEqualTo(created.subList(3, 6));
        assertThat(backToSecond.json().getBoolean("has_more"))
                .as("the first page is before it")
                .isTrue();
        assertThat(ids(backToFirst)).as(list).isEqualTo(created.subList(0, 3));
        assertThat(backToFirst.json().getBoolean("has_more"))
                .as("nothing is newer")
                .isFalse();
        Http.Response beforeNewest = http.get(list + "?ending_before=" + created.get(0), token);
        assertThat(ids(beforeNewest)).isEmpty();
        assertRefusals(list, token, created.get(1), created.get(4));
    }

    /**
     * An operator's list, which other tests add to: three pages of two forward from just after {@code newest}, then
     * back from the third to the first, each the page it was on the way forward.
     */
    static void pagesBackTo(String list, String token, String newest, String idField) {
        String paged = list + "?limit=2";
        List<List<String>> forward = new ArrayList<>();
        String after = newest;
        for (int page = 0; page < 3; page++) {
            List<String> ids = ids(http.get(paged + "&starting_after=" + after, token), idField);
            assertThat(ids).as(list + " has three full pages of two").hasSize(2);
            forward.add(ids);
            after = last(ids);
        }

        Http.Response backToSecond =
                http.get(paged + "&ending_before=" + forward.get(2).get(0), token);
        Http.Response backToFirst =
                http.get(paged + "&ending_before=" + ids(backToSecond, idField).get(0), token);

        assertThat(ids(backToSecond, idField)).as(list).isEqualTo(forward.get(1));
        assertThat(backToSecond.json().getBoolean("has_more")).isTrue();
        assertThat(ids(backToFirst, idField)).as(list).isEqualTo(forward.get(0));
        assertThat(backToFirst.json().getBoolean("has_more"))
                .as("the newest row is before it")
                .isTrue();
        assertRefusals(list, token, forward.get(0).get(1), forward.get(1).get(1));
    }

    private static void assertRefusals(String list, String token, String newer, String older) {
        Http.Response nowhere = http.get(list + "?ending_before=" + UUID.randomUUID(), token);
        assertThat(nowhere.status()).as(list).isEqualTo(400);
        assertThat(nowhere.errorCode()).isEqualTo("invalid_ending_before");
        Http.Response both = http.get(list + "?starting_after=" + older + "&ending_before=" + newer, token);
        assertThat(both.status()).as(list).isEqualTo(400);
        assertThat(both.errorCode()).isEqualTo("invalid_ending_before");
    }

    private static String payout(String token) {
        Http.Response payout = http.post("/api/merchant/payouts", token, new JsonObject().put("amount", 10));
        assertThat(payout.status()).as(payout.body()).isEqualTo(201);
        return payout.data().getString("id");
    }

    static List<String> ids(Http.Response page) {
        return ids(page, "id");
    }

    static List<String> ids(Http.Response page, String idField) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.dataArray().stream()
                .map(item -> ((JsonObject) item).getString(idField))
                .toList();
    }

    private static String last(List<String> ids) {
        return ids.get(ids.size() - 1);
    }
}
