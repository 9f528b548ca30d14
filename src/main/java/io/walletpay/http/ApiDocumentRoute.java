package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;

/**
 * {@code GET /openapi.yaml}: the API document as generators read it, its first server being this service's public
 * base URL (the file in the jar names the development default, {@code http://localhost:8080}), so a client
 * generated from what a deployment serves calls that deployment.
 */
final class ApiDocumentRoute {

    static final String RESOURCE = "openapi.yaml";
    /** The servers list and its first URL, the development default, with any comment lines between them. */
    private static final java.util.regex.Pattern DEVELOPMENT_SERVER = java.util.regex.Pattern.compile(
            "^(servers:\n(?:  #.*\n)*  - url: )http://localhost:8080$", java.util.regex.Pattern.MULTILINE);

    private final Buffer served;

    private ApiDocumentRoute(Buffer served) {
        this.served = served;
    }

    /** Reads the document from the class path once, off the event loop's hot path (at start), and rewrites it. */
    static Future<ApiDocumentRoute> load(Vertx vertx, String publicBaseUrl) {
        return vertx.fileSystem()
                .readFile(RESOURCE)
                .map(file -> new ApiDocumentRoute(Buffer.buffer(servedAt(file.toString(), publicBaseUrl))));
    }

    /**
     * The document with its first server at {@code publicBaseUrl} (quoted as YAML, so any URL stays one scalar).
     *
     * @throws IllegalStateException when the document does not start its servers with the development default,
     *     which would leave a deployment serving another service's address
     */
    static String servedAt(String document, String publicBaseUrl) {
        java.util.regex.Matcher server = DEVELOPMENT_SERVER.matcher(document);
        if (!server.find()) {
            throw new IllegalStateException(
                    RESOURCE + " must list `- url: http://localhost:8080` first under `servers:`");
        }
        String quoted = "'" + publicBaseUrl.replace("'", "''") + "'";
        return document.substring(0, server.start()) + server.group(1) + quoted + document.substring(server.end());
    }

    void mount(Router router) {
        router.get("/openapi.yaml").handler(ctx -> ctx.response()
                .putHeader("Content-Type", "application/yaml; charset=utf-8")
                .end(served));
    }
}
