package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Behind a load balancer listed in {@code http.trusted_proxies} each client keeps its own address: the one the
 * proxy appended to X-Forwarded-For. A guesser coming through the proxy slows only itself, whatever it writes in
 * the header, and a client reaching the service directly cannot claim an address at all.
 */
@BehaviourTest
class ClientBehindProxyTest {

    static final String PROXY = "127.0.0.51";
    static final int PER_ACCOUNT = 3;

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of(
                "WALLETPAY_HTTP_TRUSTED_PROXIES",
                PROXY,
                "WALLETPAY_LOGINS_FAILURES_PER_ACCOUNT",
                Integer.toString(PER_ACCOUNT)));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aGuesserBehindTheProxyDoesNotLockTheOwnerOutWhoComesThroughTheSameProxy() {
        JsonObject target = service.createMerchant("Behind nginx");
        for (int i = 0; i < 10; i++) {
            // whatever it writes before the proxy's entry is its own claim
            String claimed = "203.0.113." + i + ", 198.51.100.1";
            assertThat(token(from(PROXY), claimed, target, "sk_wrong_" + i).status())
                    .isIn(401, 429);
        }
        assertThat(token(from(PROXY), "198.51.100.1", target, target.getString("secret_key"))
                        .status())
                .as("the guesser, however it varies the header, waits")
                .isEqualTo(429);
        assertThat(token(from(PROXY), "198.51.100.2", target, target.getString("secret_key"))
                        .status())
                .as("the owner, through the same proxy, gets in")
                .isEqualTo(200);
    }

    @Test
    void aClientThatIsNoTrustedProxyCannotClaimAnAddress() {
        JsonObject target = service.createMerchant("Direct");
        RawHttp direct = from("127.0.0.52");
        for (int i = 0; i < PER_ACCOUNT; i++) {
            assertThat(token(direct, "198.51.100." + (10 + i), target, "sk_wrong_" + i)
                            .status())
                    .isEqualTo(401);
        }
        assertThat(token(direct, "198.51.100.99", target, target.getString("secret_key"))
                        .status())
                .as("its header is ignored: its failures are its own address's")
                .isEqualTo(429);
    }

    @Test
    void theAuditLogNamesTheClientNotTheProxy() {
        JsonObject merchant = service.createMerchant("Audited");
        String token = service.tokenFor(merchant);
        RawHttp.Answer changed = from(PROXY)
                .send(
                        "PATCH",
                        "/api/merchant/settings",
                        Map.of(
                                "Content-Type", "application/json",
                                "Authorization", "Bearer " + token,
                                "X-Forwarded-For", "198.51.100.4"),
                        new JsonObject().put("locale", "fr").encode());
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);

        Http.Response log = service.http.get("/api/merchant/audit-log", token);
        assertThat(log.dataArray().getJsonObject(0).getString("source_address")).isEqualTo("198.51.100.4");
    }

    private static RawHttp from(String address) {
        return new RawHttp(service.config.http().port(), address);
    }

    private static RawHttp.Answer token(RawHttp client, String forwardedFor, JsonObject merchant, String secret) {
        return client.send(
                "POST",
                "/api/merchant/token",
                Map.of("Content-Type", "application/json", "X-Forwarded-For", forwardedFor),
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", secret)
                        .encode());
    }
}
