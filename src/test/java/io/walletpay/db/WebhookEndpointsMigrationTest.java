package io.walletpay.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.merchant.Secrets;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestDatabase;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Received;
import io.walletpay.webhook.WebhookSigner;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * A merchant whose webhook_url was saved before webhook endpoints existed finds it as its first endpoint after the
 * upgrade: the same URL, every event, still signed with the merchant's webhook secret; a merchant without one has none.
 */
@BehaviourTest
class WebhookEndpointsMigrationTest {

    private static final String BEFORE_ENDPOINTS = "54";

    @Test
    void anExistingWebhookUrlBecomesTheFirstEndpointWithNothingLost() throws Exception {
        DatabaseTarget target = TestDatabase.empty();
        Flyway.configure()
                .dataSource(target.jdbcUrl(), target.user(), target.password())
                .locations("classpath:db/migration")
                .placeholders(Map.of("wallet_provider", "sandbox"))
                .target(BEFORE_ENDPOINTS)
                .load()
                .migrate();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            Secrets.Issued withUrl = Secrets.forNewMerchant();
            UUID hooked = insertMerchant(target, withUrl, receiver.url("/before-endpoints"));
            Secrets.Issued withoutUrl = Secrets.forNewMerchant();
            UUID quiet = insertMerchant(target, withoutUrl, null);

            try (RunningService service = RunningService.start(
                    Map.of("WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100"), TestDatabase.migrate(target))) {
                String token = token(service, hooked, withUrl);
                JsonArray endpoints = service.http
                        .get("/api/merchant/webhooks/endpoints", token)
                        .dataArray();
                assertThat(endpoints).hasSize(1);
                JsonObject first = endpoints.getJsonObject(0);
                assertThat(first.getString("url")).isEqualTo(receiver.url("/before-endpoints"));
                assertThat(first.getBoolean("from_settings")).isTrue();
                assertThat(first.getJsonArray("enabled_events")).containsExactly("*");
                assertThat(service.http
                                .get("/api/merchant/settings", token)
                                .data()
                                .getString("webhook_url"))
                        .isEqualTo(receiver.url("/before-endpoints"));

                String paid = service.createPayment(token, new JsonObject().put("amount", 100))
                        .getString("id");
                service.transition(paid, PaymentStatus.COMPLETED);
                Received hook = receiver.await("/before-endpoints", 1).get(0);
                assertThat(hook.header(WebhookSigner.HEADER))
                        .isEqualTo(WebhookSigner.signatureHeader(hook.body(), withUrl.webhookSecret()));

                assertThat(service.http
                                .get("/api/merchant/webhooks/endpoints", token(service, quiet, withoutUrl))
                                .dataArray())
                        .isEmpty();
            }
        }
    }

    private static UUID insertMerchant(DatabaseTarget target, Secrets.Issued secrets, String webhookUrl)
            throws Exception {
        UUID id = UUID.randomUUID();
        try (Connection connection = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
                PreparedStatement insert = connection.prepareStatement("INSERT INTO merchants (id, name, secret_hash,"
                        + " webhook_secret, webhook_url, fee_percent, fee_fixed) VALUES (?, ?, ?, ?, ?, 0, 0)")) {
            insert.setObject(1, id);
            insert.setString(2, "Shop from before endpoints");
            insert.setBytes(3, secrets.secretHash());
            insert.setString(4, secrets.webhookSecret());
            insert.setString(5, webhookUrl);
            insert.executeUpdate();
        }
        return id;
    }

    private static String token(RunningService service, UUID merchant, Secrets.Issued secrets) {
        return service.http.merchantToken(
                new JsonObject().put("merchant_id", merchant.toString()).put("secret_key", secrets.secretKey()));
    }
}
