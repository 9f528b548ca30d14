package io.walletpay.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The {@code Allow} header of a 405: the methods the router's templates accept for a path ({@code /payments/:id}
 * matches any one segment), so a client learns what it may send instead of a bare refusal.
 */
final class AllowedMethods {

    private static final Pattern PARAMETER = Pattern.compile(":[A-Za-z_][A-Za-z0-9_]*");

    private AllowedMethods() {}

    /**
     * A path that takes POST only, reached with another method: 405 with {@code Allow: POST}, before any later
     * route (a guard asking for a token, or a template such as {@code /payments/:id}) could answer it otherwise.
     */
    static void postOnly(RoutingContext ctx) {
        ctx.response().putHeader("Allow", "POST");
        ctx.fail(new ServiceException(
                ErrorKind.METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "Method " + ctx.request().method() + " is not allowed on "
                        + ctx.request().path()));
    }

    static String of(Router router, String path) {
        Set<String> allowed = new TreeSet<>();
        for (Route route : router.getRoutes()) {
            Set<HttpMethod> methods = route.methods();
            String template = route.getPath();
            if (methods == null || methods.isEmpty() || template == null || path == null) {
                continue;
            }
            if (matches(template, path)) {
                methods.forEach(method -> allowed.add(method.name()));
            }
        }
        if (allowed.contains("GET")) {
            allowed.add("HEAD"); // answered as GET, without the body
        }
        return String.join(", ", allowed);
    }

    private static boolean matches(String template, String path) {
        String[] parts = PARAMETER.split(template, -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(Pattern.quote(parts[i]));
            if (i < parts.length - 1) {
                regex.append("[^/]+");
            }
        }
        return Pattern.matches(regex.toString(), path);
    }
}
