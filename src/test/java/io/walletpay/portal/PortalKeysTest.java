package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Restricted API keys from the portal: a developer makes one, sees it once, and it gets a token limited to its
 * scope; revoked, it gets none; a viewer may not open the page; every step is audited under the person's name.
 */
@BehaviourTest
class PortalKeysTest {

    static RunningService service;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aDeveloperMakesAKeyShownOnceThatGetsAScopedTokenUntilRevoked() throws Exception {
        JsonObject merchant = service.createMerchant("Boutik Kle");
        PortalClient developer = new PortalClient(base);
        PortalClient.Person dev = developer.logIn(merchant, "developer");

        HttpResponse<String> page = developer.get("/portal/keys?lang=en");
        assertThat(page.statusCode()).isEqualTo(200);
        HttpResponse<String> made =
                developer.submit(page, "/portal/keys", Map.of("scope", "payments", "description", "Kès 2"));
        assertThat(made.statusCode()).isEqualTo(200);
        Matcher shown = Pattern.compile("id=\"new-key\">(rk_live_[^<]+)<").matcher(made.body());
        assertThat(shown.find()).as(made.body()).isTrue();
        String key = shown.group(1);
        assertThat(developer.get("/portal/keys").body()).doesNotContain(key).contains(key.substring(0, 12));

        String token = token(merchant, key).data().getString("token");
        assertThat(service.http.get("/api/merchant/payments", token).status()).isEqualTo(200);
        assertThat(service.http.get("/api/merchant/settings", token).status()).isEqualTo(403);

        HttpResponse<String> bad = developer.submit(made, "/portal/keys", Map.of("scope", "full"));
        assertThat(bad.statusCode()).isEqualTo(400);

        Matcher revoke =
                Pattern.compile("action=\"(/portal/keys/[0-9a-f-]+/revoke)\"").matcher(made.body());
        assertThat(revoke.find()).isTrue();
        HttpResponse<String> revoked = developer.submit(made, revoke.group(1), Map.of());
        assertThat(revoked.statusCode()).isEqualTo(200);
        assertThat(token(merchant, key).status()).isEqualTo(401);

        assertThat(service.sql(
                                "SELECT string_agg(action, ',' ORDER BY id) FROM audit_log WHERE actor = $1",
                                "person:" + dev.email())
                        .iterator()
                        .next()
                        .getString(0))
                .contains("api_key.create", "api_key.revoke");

        PortalClient viewer = new PortalClient(base);
        viewer.logIn(merchant, "viewer");
        assertThat(viewer.get("/portal/keys").statusCode()).isEqualTo(403);
        assertThat(viewer.get("/portal/settings").body()).doesNotContain("/portal/keys");
    }

    private static Http.Response token(JsonObject merchant, String key) {
        return service.http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", key));
    }
}
