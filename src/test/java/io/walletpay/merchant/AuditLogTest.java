package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.delivery.WebhookTargets;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.store.Stores;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.UpdateMerchantSettings;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The audit log: every settings change and rotation, by whom and from where, to its own merchant only. */
@BehaviourTest
class AuditLogTest {

    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aSettingsChangeThroughTheApiIsRecordedWithItsActorAndAddressForItsMerchantOnly() {
        JsonObject merchant = service.createMerchant("Audited shop");
        JsonObject other = service.createMerchant("Other shop");
        String token = service.tokenFor(merchant);
        String otherToken = service.tokenFor(other);

        Http.Response changed = http.patch(
                "/api/merchant/settings",
                token,
                new JsonObject()
                        .put("webhook_url", "https://shop.example/hooks")
                        .put("locale", "fr"));
        assertThat(changed.status()).isEqualTo(200);

        JsonArray entries = auditLog(token);
        assertThat(entries).hasSize(1);
        JsonObject entry = entries.getJsonObject(0);
        assertThat(entry.getString("actor")).isEqualTo(merchant.getString("merchant_id"));
        assertThat(entry.getString("source_address")).isEqualTo("127.0.0.1");
        assertThat(entry.getString("action")).isEqualTo("settings.update");
        assertThat(entry.getString("what")).isEqualTo("webhook_url,locale");
        assertThat(entry.getString("at")).isNotBlank();
        assertThat(entry.encode()).doesNotContain("shop.example");

        Http.Response othersLog = http.get("/api/merchant/audit-log", otherToken);
        assertThat(othersLog.status()).isEqualTo(200);
        assertThat(othersLog.dataArray()).isEmpty();
        assertThat(othersLog.body()).doesNotContain(merchant.getString("merchant_id"));
    }

    @Test
    void rotationsAndAdminChangesAreRecordedWithoutAnySecret() {
        JsonObject merchant = service.createMerchant("Rotating shop");
        String id = merchant.getString("merchant_id");
        String token = service.tokenFor(merchant);

        Http.Response webhookSecret = http.post("/api/merchant/webhook-secret/rotate", token, null);
        assertThat(webhookSecret.status()).isEqualTo(200);
        Http.Response adminUpdate = http.patch(
                "/api/admin/merchants/" + id,
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("name", "Renamed shop").put("fee_percent", 2));
        assertThat(adminUpdate.status()).isEqualTo(200);
        Http.Response adminRotation =
                http.post("/api/admin/merchants/" + id + "/secret-key/rotate", TestConfig.ADMIN_TOKEN, null);
        assertThat(adminRotation.status()).isEqualTo(200);
        String newKey = adminRotation.data().getString("secret_key");
        String newToken = service.tokenFor(merchant.copy().put("secret_key", newKey));
        Http.Response ownRotation =
                http.post("/api/merchant/secret-key/rotate", newToken, new JsonObject().put("secret_key", newKey));
        assertThat(ownRotation.status()).isEqualTo(200);
        String lastKey = ownRotation.data().getString("secret_key");
        String lastToken = service.tokenFor(merchant.copy().put("secret_key", lastKey));

        Http.Response log = http.get("/api/merchant/audit-log", lastToken);
        assertThat(log.status()).isEqualTo(200);
        JsonArray entries = log.dataArray();
        assertThat(entries).hasSize(4);
        // newest first
        assertEntry(entries.getJsonObject(0), id, "secret_key.rotate", "secret_key");
        assertEntry(entries.getJsonObject(1), "admin", "secret_key.rotate", "secret_key");
        assertEntry(entries.getJsonObject(2), "admin", "settings.update", "name,fee_percent");
        assertEntry(entries.getJsonObject(3), id, "webhook_secret.rotate", "webhook_secret");

        StringBuilder everything = new StringBuilder(log.body());
        service.sql("SELECT * FROM audit_log WHERE merchant_id = $1::uuid", id)
                .forEach(row -> everything.append(row.toJson().encode()));
        assertThat(everything).contains("secret_key.rotate");
        assertThat(everything.toString())
                .doesNotContain(webhookSecret.data().getString("webhook_secret"))
                .doesNotContain(newKey)
                .doesNotContain(lastKey)
                .doesNotContain("Renamed shop");
    }

    @Test
    void aRefusedChangeRecordsNothingAndAnEmptyOneIsNotAChange() {
        JsonObject merchant = service.createMerchant("Careful shop");
        String token = service.tokenFor(merchant);

        assertThat(http.patch("/api/merchant/settings", token, new JsonObject().put("locale", "de"))
                        .status())
                .isEqualTo(400);
        assertThat(http.patch("/api/merchant/settings", token, new JsonObject()).status())
                .isEqualTo(200);
        assertThat(http.patch(
                                "/api/admin/merchants/00000000-0000-4000-8000-000000000000",
                                TestConfig.ADMIN_TOKEN,
                                new JsonObject().put("name", "Nobody"))
                        .status())
                .isEqualTo(404);

        assertThat(auditLog(token)).isEmpty();
        assertThat(service.sql(
                                "SELECT count(*) FROM audit_log WHERE merchant_id = $1::uuid",
                                UUID.fromString("00000000-0000-4000-8000-000000000000"))
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
    }

    @Test
    void theLogIsPagedNewestFirstByEntryId() {
        JsonObject merchant = service.createMerchant("Busy shop");
        String token = service.tokenFor(merchant);
        for (String locale : new String[] {"ht", "fr", "en"}) {
            assertThat(http.patch("/api/merchant/settings", token, new JsonObject().put("locale", locale))
                            .status())
                    .isEqualTo(200);
        }

        Http.Response first = http.get("/api/merchant/audit-log?limit=2", token);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.dataArray()).hasSize(2);
        assertThat(first.json().getBoolean("has_more")).isTrue();
        String cursor = first.dataArray().getJsonObject(1).getString("id");

        Http.Response second = http.get("/api/merchant/audit-log?limit=2&starting_after=" + cursor, token);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.dataArray()).hasSize(1);
        assertThat(second.json().getBoolean("has_more")).isFalse();
        assertThat(Long.parseLong(second.dataArray().getJsonObject(0).getString("id")))
                .isLessThan(Long.parseLong(cursor));

        Http.Response bad = http.get("/api/merchant/audit-log?starting_after=abc", token);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.errorCode()).isEqualTo("invalid_starting_after");
        // a number that names no entry of this log is a mistake too, not an empty page
        Http.Response nowhere = http.get("/api/merchant/audit-log?starting_after=999999999999", token);
        assertThat(nowhere.status()).isEqualTo(400);
        assertThat(nowhere.errorCode()).isEqualTo("invalid_starting_after");
        Http.Response past = http.get(
                "/api/merchant/audit-log?starting_after="
                        + second.dataArray().getJsonObject(0).getString("id"),
                token);
        assertThat(past.dataArray()).isEmpty();
    }

    @Test
    void thePortalRecordsItsChangesThroughTheSameUseCase() {
        JsonObject merchant = service.createMerchant("Portal shop");
        UUID id = UUID.fromString(merchant.getString("merchant_id"));
        Stores stores = service.stores();
        var settings =
                new UpdateMerchantSettings(stores, new WebhookTargets(service.vertx, service.config)::checkForSaving);

        var changes = new MerchantChanges(
                null, null, null, false, "https://shop.example/thanks", false, null, false, null, null);
        Merchant updated =
                RunningService.await(settings.update(id, changes, Actor.person("ana@boutik.ht", "198.51.100.4")));
        assertThat(updated.returnUrl()).isEqualTo("https://shop.example/thanks");

        var page = RunningService.await(new AuditLog(stores).list(id, null, 10));
        assertThat(page.entries()).hasSize(1);
        assertThat(page.entries().get(0).actor()).isEqualTo("person:ana@boutik.ht");
        assertThat(page.entries().get(0).sourceAddress()).isEqualTo("198.51.100.4");
        assertThat(page.entries().get(0).what()).isEqualTo("return_url");
        assertThat(RunningService.await(new AuditLog(stores).list(UUID.randomUUID(), null, 10))
                        .entries())
                .isEmpty();
    }

    @Test
    void aRefusedUrlSavesNoPayoutNumberAskedForWithIt() {
        JsonObject merchant = service.createMerchant("Half shop");
        UUID id = UUID.fromString(merchant.getString("merchant_id"));
        Stores stores = service.stores();
        // as production refuses a plain-http webhook URL
        var settings = new UpdateMerchantSettings(
                stores,
                (field, url) -> url == null
                        ? io.vertx.core.Future.succeededFuture()
                        : io.vertx.core.Future.failedFuture(
                                io.walletpay.error.ServiceException.invalid(field, "refused")));
        var changes =
                new MerchantChanges(null, null, "http://shop.example/h", false, null, false, null, false, null, null);
        Actor actor = Actor.person("ana@boutik.ht", "198.51.100.4");

        var refused = settings.update(id, changes, actor, () -> new io.walletpay.usecase.SetPayoutPhone(stores.audit())
                .set(id, "3712 3456", actor));
        assertThat(catchThrowable(() -> RunningService.await(refused))).hasMessageContaining("refused");

        assertThat(RunningService.await(new AuditLog(stores).list(id, null, 10)).entries())
                .isEmpty();
        assertThat(service.sql("SELECT payout_phone FROM merchants WHERE id = $1::uuid", id)
                        .iterator()
                        .next()
                        .getString(0))
                .isNull();
    }

    private static JsonArray auditLog(String token) {
        Http.Response log = http.get("/api/merchant/audit-log", token);
        assertThat(log.status()).isEqualTo(200);
        return log.dataArray();
    }

    private static void assertEntry(JsonObject entry, String actor, String action, String what) {
        assertThat(entry.getString("actor")).isEqualTo(actor);
        assertThat(entry.getString("action")).isEqualTo(action);
        assertThat(entry.getString("what")).isEqualTo(what);
        assertThat(entry.getString("source_address")).isEqualTo("127.0.0.1");
    }
}
