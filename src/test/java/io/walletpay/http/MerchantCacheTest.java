package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * How long a node serves a merchant it has cached ({@code cluster.merchant_cache_seconds}): a change that reaches
 * PostgreSQL without the store's MERCHANT_CHANGED message (as for a node that missed it) is seen at once without a
 * cache, and not for the cache's life with one.
 */
@BehaviourTest
class MerchantCacheTest {

    @Test
    void withoutACacheAChangeTheNodeWasNotToldOfIsSeenAtOnce() {
        try (RunningService service = RunningService.start(oneVerticle("0"))) {
            assertThat(afterASilentDisable(service)).isEqualTo(403);
        }
    }

    @Test
    void withALongCacheTheNodeKeepsTheMerchantItLookedUp() {
        try (RunningService service = RunningService.start(oneVerticle("3600"))) {
            assertThat(afterASilentDisable(service)).isEqualTo(200);
        }
    }

    /** One HTTP verticle, so the request after the lookup reads the same cache. */
    private static Map<String, String> oneVerticle(String cacheSeconds) {
        return Map.of("WALLETPAY_CLUSTER_MERCHANT_CACHE_SECONDS", cacheSeconds, "WALLETPAY_HTTP_INSTANCES", "1");
    }

    /** Looks the merchant up (cached), disables it in PostgreSQL only, and answers the next request's status. */
    private static int afterASilentDisable(RunningService service) {
        JsonObject merchant = service.createMerchant("Kach");
        String token = service.tokenFor(merchant);
        assertThat(service.http.get("/api/merchant/settings", token).status()).isEqualTo(200);
        service.sql(
                "UPDATE merchants SET status = 'disabled' WHERE id = $1",
                UUID.fromString(merchant.getString("merchant_id")));
        return service.http.get("/api/merchant/settings", token).status();
    }
}
