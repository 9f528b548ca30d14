package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.KeyScope;
import io.walletpay.merchant.KeyScope.Need;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.Yaml;

/** The one table of what each merchant route needs of a token's scope, and what each scope meets. */
class RouteScopesTest {

    @ParameterizedTest
    @CsvSource({
        "GET, /api/merchant/payments, PAYMENT_READ",
        "HEAD, /api/merchant/payments, PAYMENT_READ",
        "GET, /api/merchant/payments/0190f1c2-0000-7000-8000-000000000001, PAYMENT_READ",
        "POST, /api/merchant/payments/wallet/, PAYMENT_WRITE",
        "POST, /api/merchant/payments/wallet, PAYMENT_WRITE",
        "POST, /api/merchant/payments/abc/cancel, PAYMENT_WRITE",
        "POST, /api/merchant/payment-links, PAYMENT_WRITE",
        "POST, /api/merchant/payment-links/abc/deactivate, PAYMENT_WRITE",
        "GET, /api/merchant/payments/abc/refunds, READ",
        "POST, /api/merchant/payments/abc/refunds, SECRET_KEY",
        "POST, /api/merchant/payouts, SECRET_KEY",
        "GET, /api/merchant/balance, READ",
        "PATCH, /api/merchant/settings, SECRET_KEY",
        "GET, /api/merchant/keys, SECRET_KEY",
        "POST, /api/merchant/keys, SECRET_KEY",
        "DELETE, /api/merchant/keys/abc, SECRET_KEY",
        "GET, /api/merchant/no-such-route, SECRET_KEY",
        "DELETE, /api/merchant/payments/abc, SECRET_KEY",
    })
    void eachRouteNeedsWhatTheTableSays(String method, String path, Need need) {
        assertThat(RouteScopes.need(method, path)).isEqualTo(need);
    }

    @Test
    void aReadOnlyKeyReadsEverythingButChangesNothing() {
        assertThat(KeyScope.READ_ONLY.allows(Need.PAYMENT_READ)).isTrue();
        assertThat(KeyScope.READ_ONLY.allows(Need.READ)).isTrue();
        assertThat(KeyScope.READ_ONLY.allows(Need.PAYMENT_WRITE)).isFalse();
        assertThat(KeyScope.READ_ONLY.allows(Need.SECRET_KEY)).isFalse();
    }

    @Test
    void aPaymentsKeyCreatesReadsAndCancelsPaymentsAndLinksAndNothingElse() {
        assertThat(KeyScope.PAYMENTS.allows(Need.PAYMENT_READ)).isTrue();
        assertThat(KeyScope.PAYMENTS.allows(Need.PAYMENT_WRITE)).isTrue();
        assertThat(KeyScope.PAYMENTS.allows(Need.READ)).isFalse();
        assertThat(KeyScope.PAYMENTS.allows(Need.SECRET_KEY)).isFalse();
    }

    @Test
    void theSecretKeyMeetsEveryNeed() {
        for (Need need : Need.values()) {
            assertThat(KeyScope.FULL.allows(need)).isTrue();
        }
    }

    @Test
    void onlyTheRestrictedScopesHaveWireNames() {
        assertThat(KeyScope.restricted("read_only")).isEqualTo(KeyScope.READ_ONLY);
        assertThat(KeyScope.restricted("payments")).isEqualTo(KeyScope.PAYMENTS);
        assertThat(KeyScope.restricted("full")).isNull();
        assertThat(KeyScope.restricted(null)).isNull();
    }

    /** A route the document has but the table forgot would be closed to restricted keys by mistake: none is. */
    @Test
    @SuppressWarnings("unchecked")
    void everyMerchantOperationOfTheApiDocumentIsDeclared() throws Exception {
        Map<String, Object> document;
        try (InputStream in = getClass().getResourceAsStream("/openapi.yaml")) {
            document = new Yaml().load(in);
        }
        Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) document.get("paths");
        List<String> undeclared = new ArrayList<>();
        int declared = 0;
        for (var path : paths.entrySet()) {
            if (!path.getKey().startsWith("/api/merchant/") || path.getKey().startsWith("/api/merchant/token")) {
                continue;
            }
            String routerPath = path.getKey().replaceAll("\\{([^}]+)}", ":$1");
            for (String method : path.getValue().keySet()) {
                if (method.equals("parameters")) {
                    continue;
                }
                String upper = method.toUpperCase(java.util.Locale.ROOT);
                if (RouteScopes.declared(upper, routerPath) == null) {
                    undeclared.add(upper + " " + path.getKey());
                } else {
                    declared++;
                }
            }
        }
        assertThat(undeclared).isEmpty();
        assertThat(declared).isGreaterThan(30);
    }
}
