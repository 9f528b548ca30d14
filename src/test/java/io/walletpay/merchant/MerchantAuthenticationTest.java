package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.Jwts;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@BehaviourTest
class MerchantAuthenticationTest {

    static RunningService service;
    static Http http;
    static JsonObject merchantA;
    static JsonObject merchantB;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
        merchantA = service.createMerchant(new JsonObject()
                .put("name", "Boutique A")
                .put("webhook_url", "https://a.example.ht/hooks")
                .put("fee_percent", "2.50"));
        merchantB = service.createMerchant(
                new JsonObject().put("name", "Boutique B").put("return_url", "https://b.example.ht/done"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void createShowsTheSecretsOnceAndStoresOnlyAHashOfTheKey() throws Exception {
        assertThat(merchantA.getString("secret_key")).startsWith("sk_").hasSizeGreaterThan(40);
        assertThat(merchantA.getString("webhook_secret")).startsWith("whsec_");
        assertThat(merchantA.getString("fee_percent")).isEqualTo("2.50");

        var row = service.sql("SELECT * FROM merchants WHERE id = $1::uuid", merchantA.getString("merchant_id"))
                .iterator()
                .next();
        byte[] expected = MessageDigest.getInstance("SHA-256")
                .digest(merchantA.getString("secret_key").getBytes(StandardCharsets.UTF_8));
        assertThat(row.getBuffer("secret_hash").getBytes()).isEqualTo(expected);
        for (int i = 0; i < row.size(); i++) {
            assertThat(String.valueOf(row.getValue(i))).doesNotContain(merchantA.getString("secret_key"));
        }

        Http.Response fetched =
                http.get("/api/admin/merchants/" + merchantA.getString("merchant_id"), TestConfig.ADMIN_TOKEN);
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.body())
                .doesNotContain(merchantA.getString("secret_key"))
                .doesNotContain(merchantA.getString("webhook_secret"));
    }

    @Test
    void tokenEndpointIssuesABearerJwtForTheRightSecret() {
        Http.Response response = http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchantA.getString("merchant_id"))
                        .put("secret_key", merchantA.getString("secret_key")));

        assertThat(response.status()).isEqualTo(200);
        JsonObject data = response.data();
        assertThat(response.json().getBoolean("success")).isTrue();
        assertThat(data.getString("token")).matches("[\\w-]+\\.[\\w-]+\\.[\\w-]+");
        assertThat(data.getString("token_type")).isEqualTo("Bearer");
        assertThat(data.getLong("expires_in")).isEqualTo(3600);
        assertThat(Instant.parse(data.getString("expires_at")))
                .isAfter(Instant.now().plusSeconds(3500));
        assertThat(data.getJsonObject("merchant"))
                .isEqualTo(new JsonObject()
                        .put("id", merchantA.getString("merchant_id"))
                        .put("name", "Boutique A"));
    }

    @Test
    void wrongSecretAndUnknownMerchantGetTheSameAnswer() {
        Http.Response wrongSecret = http.post(
                "/api/merchant/token",
                null,
                new JsonObject()
                        .put("merchant_id", merchantA.getString("merchant_id"))
                        .put("secret_key", "sk_wrong"));
        Http.Response unknown = http.post(
                "/api/merchant/token",
                null,
                new JsonObject()
                        .put("merchant_id", "00000000-0000-4000-8000-000000000000")
                        .put("secret_key", "sk_wrong"));
        Http.Response malformedId = http.post(
                "/api/merchant/token",
                null,
                new JsonObject().put("merchant_id", "not-a-uuid").put("secret_key", "sk_wrong"));

        assertThat(wrongSecret.status()).isEqualTo(401);
        assertThat(wrongSecret.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(unknown.status()).isEqualTo(401);
        assertThat(unknown.errorWithoutRequestId()).isEqualTo(wrongSecret.errorWithoutRequestId());
        assertThat(malformedId.errorWithoutRequestId()).isEqualTo(wrongSecret.errorWithoutRequestId());
    }

    @Test
    void aValidTokenReachesItsOwnMerchantsSettingsOnly() {
        Http.Response a = http.get("/api/merchant/settings", service.tokenFor(merchantA));
        Http.Response b = http.get("/api/merchant/settings", service.tokenFor(merchantB));

        assertThat(a.status()).isEqualTo(200);
        assertThat(a.data().getString("merchant_id")).isEqualTo(merchantA.getString("merchant_id"));
        assertThat(a.data().getString("webhook_url")).isEqualTo("https://a.example.ht/hooks");
        assertThat(b.data().getString("merchant_id")).isEqualTo(merchantB.getString("merchant_id"));
        assertThat(b.data().getString("return_url")).isEqualTo("https://b.example.ht/done");
        assertThat(a.body()).doesNotContain(merchantA.getString("webhook_secret"));
    }

    @Test
    void aSettingsChangeWithATokenOfAChangesOnlyA() {
        Http.Response changed = http.patch(
                "/api/merchant/settings",
                service.tokenFor(merchantA),
                new JsonObject().put("return_url", "https://a.example.ht/thanks"));
        assertThat(changed.status()).isEqualTo(200);

        var rows = service.sql(
                "SELECT id::text, return_url FROM merchants WHERE id IN ($1::uuid, $2::uuid)",
                merchantA.getString("merchant_id"),
                merchantB.getString("merchant_id"));
        rows.forEach(row -> {
            if (row.getString(0).equals(merchantA.getString("merchant_id"))) {
                assertThat(row.getString(1)).isEqualTo("https://a.example.ht/thanks");
            } else {
                assertThat(row.getString(1)).isEqualTo("https://b.example.ht/done");
            }
        });
    }

    @Test
    void guardRejectsMissingMalformedExpiredForgedAndUnsignedTokens() {
        String id = merchantA.getString("merchant_id");
        long later = Instant.now().getEpochSecond() + 600;
        Map<String, String> rejected = Map.of(
                "no header", "",
                "malformed", "not.a.jwt",
                "expired",
                        Jwts.hs256(
                                TestConfig.JWT_SECRET,
                                Jwts.claims(id, Instant.now().getEpochSecond() - 60)),
                "wrong key", Jwts.hs256("another-secret-another-secret-another", Jwts.claims(id, later)),
                "alg none", Jwts.unsigned(Jwts.claims(id, later)),
                "wrong issuer",
                        Jwts.hs256(TestConfig.JWT_SECRET, Jwts.claims(id, later).put("iss", "someone-else")),
                "wrong audience",
                        Jwts.hs256(TestConfig.JWT_SECRET, Jwts.claims(id, later).put("aud", "other-api")),
                "tampered subject",
                        Jwts.tampered(
                                service.tokenFor(merchantA), Jwts.claims(merchantB.getString("merchant_id"), later)));

        rejected.forEach((kind, token) -> {
            Http.Response response = token.isEmpty()
                    ? http.get("/api/merchant/settings", null)
                    : http.get("/api/merchant/settings", token);
            assertThat(response.status()).as(kind).isEqualTo(401);
            String challenge =
                    switch (kind) {
                        case "no header" -> "Bearer";
                        case "expired" -> Jwts.EXPIRED_TOKEN_CHALLENGE;
                        default -> Jwts.INVALID_TOKEN_CHALLENGE;
                    };
            String code =
                    switch (kind) {
                        case "no header" -> "unauthorized";
                        case "expired" -> "token_expired";
                        default -> "invalid_token";
                    };
            assertThat(response.header("WWW-Authenticate")).as(kind).isEqualTo(challenge);
            assertThat(response.errorCode()).as(kind).isEqualTo(code);
            assertThat(response.json().getBoolean("success")).as(kind).isFalse();
        });
    }

    @Test
    void aCorrectlySignedTokenForAnotherSubjectIsHonouredOnlyForThatSubject() {
        // Control for the forgery cases: the test's token maker is right, so the rejections above are the guard's.
        String token = Jwts.hs256(
                TestConfig.JWT_SECRET,
                Jwts.claims(merchantB.getString("merchant_id"), Instant.now().getEpochSecond() + 600));
        Http.Response response = http.get("/api/merchant/settings", token);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().getString("merchant_id")).isEqualTo(merchantB.getString("merchant_id"));
    }

    @Test
    void aDisabledMerchantGets403EvenWithAStillValidToken() {
        JsonObject merchant = service.createMerchant("Soon Disabled");
        String token = service.tokenFor(merchant);
        assertThat(http.get("/api/merchant/settings", token).status()).isEqualTo(200);

        Http.Response disabled = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("status", "disabled"));
        assertThat(disabled.status()).isEqualTo(200);
        assertThat(disabled.data().getString("status")).isEqualTo("disabled");

        Http.Response refused = http.get("/api/merchant/settings", token);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.errorCode()).isEqualTo("merchant_disabled");
        Http.Response noNewToken = http.post(
                "/api/merchant/token",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", merchant.getString("secret_key")));
        assertThat(noNewToken.status()).isEqualTo(403);
    }

    @Test
    void adminApiNeedsTheAdminTokenNotAMerchantToken() {
        assertThat(http.get("/api/admin/merchants", null).status()).isEqualTo(401);
        assertThat(http.get("/api/admin/merchants", service.tokenFor(merchantA)).status())
                .isEqualTo(401);
        assertThat(http.get("/api/admin/merchants", "x" + TestConfig.ADMIN_TOKEN)
                        .status())
                .isEqualTo(401);
        Http.Response listed = http.get("/api/admin/merchants?limit=100", TestConfig.ADMIN_TOKEN);
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.dataArray().size()).isGreaterThanOrEqualTo(2);
        assertThat(listed.body()).doesNotContain("secret");
    }

    @Test
    void adminListPagesNewestFirstWithoutGapsOrDuplicates() {
        for (int i = 0; i < 5; i++) {
            service.createMerchant("Paged " + i);
        }
        java.util.List<String> seen = new java.util.ArrayList<>();
        String cursor = null;
        boolean more = true;
        while (more) {
            Http.Response page = http.get(
                    "/api/admin/merchants?limit=2" + (cursor == null ? "" : "&starting_after=" + cursor),
                    TestConfig.ADMIN_TOKEN);
            assertThat(page.status()).isEqualTo(200);
            page.dataArray().forEach(item -> seen.add(((JsonObject) item).getString("merchant_id")));
            more = page.json().getBoolean("has_more");
            cursor = seen.get(seen.size() - 1);
        }
        int total =
                // the operator lists merchants, not their test twins
                service.sql("SELECT count(*) FROM merchants WHERE live_merchant_id IS NULL")
                        .iterator()
                        .next()
                        .getInteger(0);
        assertThat(seen).hasSize(total).doesNotHaveDuplicates();
        Http.Response past =
                http.get("/api/admin/merchants?starting_after=" + seen.get(seen.size() - 1), TestConfig.ADMIN_TOKEN);
        assertThat(past.dataArray()).isEmpty();
        Http.Response nobody =
                http.get("/api/admin/merchants?starting_after=" + java.util.UUID.randomUUID(), TestConfig.ADMIN_TOKEN);
        assertThat(nobody.status()).isEqualTo(400);
        assertThat(nobody.errorCode()).isEqualTo("invalid_starting_after");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/hooks/relative",
                "javascript:alert(1)",
                "ftp://files.example.ht/x",
                "http://",
                "https://user:pass@example.ht/x",
                "not a url at all",
                "https://example.ht:70000/hooks",
                "http://127.0.0.1:0/hooks"
            })
    void settingsRefuseUrlsThatAreNotAbsoluteHttp(String url) {
        Http.Response response = http.patch(
                "/api/merchant/settings", service.tokenFor(merchantB), new JsonObject().put("webhook_url", url));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().getJsonObject("error").getString("field")).isEqualTo("webhook_url");
    }

    @Test
    void settingsRefuseA5KilobyteUrlAndUnknownFieldsWithoutChangingAnything() {
        String before =
                http.get("/api/merchant/settings", service.tokenFor(merchantB)).body();
        Http.Response huge = http.patch(
                "/api/merchant/settings",
                service.tokenFor(merchantB),
                new JsonObject().put("return_url", "https://b.example.ht/" + "x".repeat(5 * 1024)));
        Http.Response unknown = http.patch(
                "/api/merchant/settings", service.tokenFor(merchantB), new JsonObject().put("fee_percent", "0.00"));

        assertThat(huge.status()).isEqualTo(400);
        // the limit the message names is the limit there is, however far past it a URL goes
        assertThat(huge.json().getJsonObject("error").getString("message"))
                .isEqualTo("return_url must be at most 2048 characters");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.errorCode()).isEqualTo("unknown_field");
        assertThat(unknown.json().getJsonObject("error").getString("field")).isEqualTo("fee_percent");
        assertThat(http.get("/api/merchant/settings", service.tokenFor(merchantB))
                        .body())
                .isEqualTo(before);
    }

    @Test
    void rotatingTheWebhookSecretReturnsANewOneOnce() {
        JsonObject merchant = service.createMerchant("Rotator");
        Http.Response rotated = http.post("/api/merchant/webhook-secret/rotate", service.tokenFor(merchant), null);

        assertThat(rotated.status()).isEqualTo(200);
        String secret = rotated.data().getString("webhook_secret");
        assertThat(secret).startsWith("whsec_").isNotEqualTo(merchant.getString("webhook_secret"));
        assertThat(service.sql(
                                "SELECT webhook_secret FROM merchants WHERE id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo(secret);
    }

    @Test
    void aNumberTooBigForAnyDecimalIsA400NotA500() {
        Http.Response huge = http.send(
                "POST",
                "/api/merchant/token",
                null,
                "{\"merchant_id\":1e9999999999,\"secret_key\":\"x\"}",
                Map.of("Content-Type", "application/json"));
        assertThat(huge.status()).isEqualTo(400);
        // well-formed JSON (the one reader scans numbers, never converts them), so it is the field that is wrong
        assertThat(huge.errorCode()).isEqualTo("invalid_merchant_id");
    }

    @Test
    void jsonRoutesRefuseOtherContentTypesAndBrokenJson() {
        Http.Response text = http.send(
                "POST",
                "/api/merchant/token",
                null,
                "merchant_id=x",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        Http.Response broken = http.send(
                "POST", "/api/merchant/token", null, "{\"merchant_id\":", Map.of("Content-Type", "application/json"));
        assertThat(text.status()).isEqualTo(415);
        assertThat(text.errorCode()).isEqualTo("unsupported_media_type");
        assertThat(broken.status()).isEqualTo(400);
        assertThat(broken.errorCode()).isEqualTo("malformed_json");
    }
}
