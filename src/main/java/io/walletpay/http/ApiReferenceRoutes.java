package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * {@code GET /docs} (and {@code /}, which leads there): the API reference, the served {@code /openapi.yaml} rendered by Swagger UI from its WebJar in
 * the jar, so the page loads nothing from anywhere else (its Content-Security-Policy says so).
 */
final class ApiReferenceRoutes {

    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    // scripts and styles from this service only; "Try it out" may call this service and nothing else
    private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; frame-ancestors 'none';"
            + " form-action 'none'";
    private static final long ONE_DAY_SECONDS = 86_400;

    void mount(Router router) {
        // the service's front door for a person with a browser is its API reference
        router.get("/").handler(ctx -> ctx.redirect("/docs"));
        router.get("/docs").handler(ctx -> page(ctx, "docs/index.html", "text/html; charset=utf-8"));
        router.get("/docs/").handler(ctx -> ctx.redirect("/docs"));
        router.get("/docs/reference.js")
                .handler(ctx -> page(ctx, "docs/reference.js", "text/javascript; charset=utf-8"));
        router.get("/docs/reference.css").handler(ctx -> page(ctx, "docs/reference.css", "text/css; charset=utf-8"));
        router.get("/docs/assets/*")
                .handler(StaticHandler.create(WEBJAR + swaggerUiVersion())
                        .setDirectoryListing(false)
                        .setMaxAgeSeconds(ONE_DAY_SECONDS)
                        .setIncludeHidden(false));
    }

    private static void page(RoutingContext ctx, String resource, String contentType) {
        ctx.response()
                .putHeader("Content-Type", contentType)
                .putHeader("Content-Security-Policy", POLICY)
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Referrer-Policy", "no-referrer")
                .sendFile(resource);
    }

    /** The WebJar's files live under its version; its Maven properties name it, so upgrading is a pom change. */
    static String swaggerUiVersion() {
        try (InputStream in = ApiReferenceRoutes.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("the swagger-ui WebJar is missing from the class path");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
