package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Saving settings in production checks a Webhook or Return URL as delivery would: plain http, a
 * private, loopback or metadata address, or a name that does not resolve is a 400 naming the field at save time,
 * through every door (admin create, admin update, the merchant's own settings), and nothing is stored. An
 * allow-listed subnet may be reached over plain http, as delivery allows.
 */
@BehaviourTest
class ProductionUrlSaveCheckTest {

    static RunningService production;

    @BeforeAll
    static void start() {
        production = RunningService.start(
                Map.of("WALLETPAY_MODE", "production", "WALLETPAY_WEBHOOKS_ALLOWED_SUBNETS", "127.0.0.64/26"));
    }

    @AfterAll
    static void stop() {
        production.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://8.8.8.8/hooks",
                "https://10.0.0.1/hooks",
                "https://127.0.0.1:8443/hooks",
                "https://169.254.169.254/latest/meta-data/",
                "https://[::1]/hooks",
                "https://localhost/hooks",
                "https://no-such-host.invalid/hooks"
            })
    void aUrlDeliveryWouldRefuseIsA400NamingTheFieldThroughEveryDoor(String url) {
        for (String field : new String[] {"webhook_url", "return_url"}) {
            Http.Response created = production.http.post(
                    "/api/admin/merchants",
                    TestConfig.ADMIN_TOKEN,
                    new JsonObject().put("name", "Refused").put(field, url));
            assertRefused(created, field, url);

            JsonObject merchant = production.createMerchant("Careful " + field);
            String id = merchant.getString("merchant_id");
            assertRefused(
                    production.http.patch(
                            "/api/admin/merchants/" + id, TestConfig.ADMIN_TOKEN, new JsonObject().put(field, url)),
                    field,
                    url);
            assertRefused(
                    production.http.patch(
                            "/api/merchant/settings", production.tokenFor(merchant), new JsonObject().put(field, url)),
                    field,
                    url);
            assertThat(production
                            .sql("SELECT " + field + " FROM merchants WHERE id = $1::uuid", id)
                            .iterator()
                            .next()
                            .getString(0))
                    .as("nothing stored")
                    .isNull();
        }
    }

    @Test
    void aPublicHttpsUrlAndAnAllowListedHttpUrlAreSaved() {
        JsonObject merchant = production.createMerchant(new JsonObject()
                .put("name", "Public")
                .put("webhook_url", "https://8.8.8.8/hooks")
                .put("return_url", "https://[2001:4860:4860::8888]/done"));
        assertThat(merchant.getString("webhook_url")).isEqualTo("https://8.8.8.8/hooks");

        Http.Response saved = production.http.patch(
                "/api/merchant/settings",
                production.tokenFor(merchant),
                new JsonObject().put("webhook_url", "http://127.0.0.65:9000/hooks"));
        assertThat(saved.status()).isEqualTo(200);
        assertThat(saved.data().getString("webhook_url")).isEqualTo("http://127.0.0.65:9000/hooks");
    }

    @Test
    void clearingAUrlIsAlwaysAllowed() {
        JsonObject merchant = production.createMerchant(
                new JsonObject().put("name", "Clearing").put("webhook_url", "https://8.8.8.8/hooks"));
        Http.Response cleared = production.http.patch(
                "/api/merchant/settings", production.tokenFor(merchant), new JsonObject().putNull("webhook_url"));
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(cleared.data().getValue("webhook_url")).isNull();
    }

    private static void assertRefused(Http.Response answer, String field, String url) {
        assertThat(answer.status()).as(field + " = " + url).isEqualTo(400);
        assertThat(answer.errorCode()).isEqualTo("invalid_" + field);
        assertThat(answer.json().getJsonObject("error").getString("message")).startsWith(field + " ");
    }
}
