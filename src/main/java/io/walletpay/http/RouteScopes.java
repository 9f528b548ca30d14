package io.walletpay.http;

import io.walletpay.merchant.KeyScope.Need;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every merchant route needs of its token's scope, in this one table: a restricted key's token is refused (403
 * {@code insufficient_scope}) wherever its scope does not meet the need. Paths are written as the router mounts them
 * ({@code :id} for a segment); a trailing slash is the same route, {@code HEAD} is {@code GET}. A route missing here
 * needs the secret key, so a route added later is closed to restricted keys until it is declared.
 */
final class RouteScopes {

    private record Route(String method, List<String> segments) {}

    private static final Map<Route, Need> TABLE = new LinkedHashMap<>();

    static {
        // payments and payment links: read by every key, created and cancelled by `payments` keys too
        declare("GET", "/api/merchant/payments", Need.PAYMENT_READ);
        declare("GET", "/api/merchant/payments/:id", Need.PAYMENT_READ);
        declare("GET", "/api/merchant/payment-links", Need.PAYMENT_READ);
        declare("GET", "/api/merchant/payment-links/:id", Need.PAYMENT_READ);
        declare("POST", "/api/merchant/payments/wallet", Need.PAYMENT_WRITE);
        declare("POST", "/api/merchant/payments/:id/cancel", Need.PAYMENT_WRITE);
        declare("POST", "/api/merchant/payment-links", Need.PAYMENT_WRITE);
        declare("POST", "/api/merchant/payment-links/:id/deactivate", Need.PAYMENT_WRITE);
        // test mode's helpers pay or expire a test payment, as a `payments` key's own checkout would
        declare("POST", "/api/merchant/test/payments/:id/pay", Need.PAYMENT_WRITE);
        declare("POST", "/api/merchant/test/payments/:id/expire", Need.PAYMENT_WRITE);
        // every other read: `read_only` keys
        declare("GET", "/api/merchant/settings", Need.READ);
        declare("GET", "/api/merchant/audit-log", Need.READ);
        declare("GET", "/api/merchant/balance", Need.READ);
        declare("GET", "/api/merchant/payments/:id/refunds", Need.READ);
        declare("GET", "/api/merchant/payouts", Need.READ);
        declare("GET", "/api/merchant/payouts/:id", Need.READ);
        declare("GET", "/api/merchant/reports/settlement", Need.READ);
        declare("GET", "/api/merchant/events", Need.READ);
        declare("GET", "/api/merchant/events/:id", Need.READ);
        declare("GET", "/api/merchant/webhooks/deliveries", Need.READ);
        declare("GET", "/api/merchant/webhooks/deliveries/:id", Need.READ);
        declare("GET", "/api/merchant/webhooks/endpoints", Need.READ);
        declare("GET", "/api/merchant/webhooks/endpoints/:id", Need.READ);
        // the secret key only: changes to the account, money out, webhooks, and the keys themselves
        declare("PATCH", "/api/merchant/settings", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhook-secret/rotate", Need.SECRET_KEY);
        declare("POST", "/api/merchant/secret-key/rotate", Need.SECRET_KEY);
        declare("POST", "/api/merchant/payments/:id/refunds", Need.SECRET_KEY);
        declare("POST", "/api/merchant/payouts", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhooks/recover", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhooks/test", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhooks/deliveries/:id/redeliver", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhooks/endpoints", Need.SECRET_KEY);
        declare("PATCH", "/api/merchant/webhooks/endpoints/:id", Need.SECRET_KEY);
        declare("DELETE", "/api/merchant/webhooks/endpoints/:id", Need.SECRET_KEY);
        declare("POST", "/api/merchant/webhooks/endpoints/:id/secret/rotate", Need.SECRET_KEY);
        declare("POST", "/api/merchant/keys", Need.SECRET_KEY);
        declare("GET", "/api/merchant/keys", Need.SECRET_KEY);
        declare("DELETE", "/api/merchant/keys/:id", Need.SECRET_KEY);
    }

    private RouteScopes() {}

    private static void declare(String method, String path, Need need) {
        if (TABLE.put(new Route(method, segments(path)), need) != null) {
            throw new IllegalStateException("declared twice: " + method + " " + path);
        }
    }

    /** What a request of {@code method} on {@code path} (the request's path, without its query) needs. */
    static Need need(String method, String path) {
        Need declared = declared(method, path);
        return declared == null ? Need.SECRET_KEY : declared;
    }

    /** The table's entry for the request, or null when it has none. */
    static Need declared(String method, String path) {
        String asked = "HEAD".equals(method) ? "GET" : method;
        List<String> segments = segments(path);
        Need found = null;
        long fewestParameters = Long.MAX_VALUE;
        for (Map.Entry<Route, Need> entry : TABLE.entrySet()) {
            Route route = entry.getKey();
            long parameters =
                    route.segments().stream().filter(s -> s.startsWith(":")).count();
            // a literal segment beats a parameter: the fewest parameters win
            if (route.method().equals(asked) && matches(route.segments(), segments) && parameters < fewestParameters) {
                found = entry.getValue();
                fewestParameters = parameters;
            }
        }
        return found;
    }

    private static boolean matches(List<String> template, List<String> segments) {
        if (template.size() != segments.size()) {
            return false;
        }
        for (int i = 0; i < template.size(); i++) {
            if (!template.get(i).startsWith(":") && !template.get(i).equals(segments.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static List<String> segments(String path) {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return List.of(trimmed.split("/", -1));
    }
}
