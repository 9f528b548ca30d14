package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.walletpay.Application;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestApp;
import io.walletpay.support.TestConfig;
import io.walletpay.support.TestDatabase;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@BehaviourTest
@ExtendWith(VertxExtension.class)
class HealthAndErrorEnvelopeTest {

    @TempDir
    Path dataDir;

    TestApp app;

    @BeforeEach
    void deploy(Vertx vertx, VertxTestContext test) {
        TestApp.start(vertx, TestConfig.forTest(dataDir, Map.of())).onComplete(test.succeeding(started -> {
            app = started;
            test.completeNow();
        }));
    }

    @Test
    void liveAndReadyAnswer200WhenTheDatabaseIsMigrated(VertxTestContext test) {
        app.client()
                .get("/health/live")
                .send()
                .compose(live -> {
                    test.verify(() -> assertThat(live.statusCode()).isEqualTo(200));
                    return app.client().get("/health/ready").send();
                })
                .onComplete(test.succeeding(ready -> test.verify(() -> {
                    assertThat(ready.statusCode()).isEqualTo(200);
                    assertThat(ready.bodyAsJsonObject().getString("status")).isEqualTo("ready");
                    test.completeNow();
                })));
    }

    @Test
    void readyAnswers503WhenTheSchemaIsNotApplied(VertxTestContext test) {
        Vertx vertx = Vertx.vertx(); // its own event bus, so the store answering is the unmigrated one
        var config = TestConfig.forTest(dataDir, Map.of());
        Application.deploy(vertx, config, TestDatabase.empty(), "1")
                .compose(unmigrated -> io.vertx.ext.web.client.WebClient.create(vertx)
                        .get(config.http().port(), "localhost", "/health/ready")
                        .send())
                .onComplete(test.succeeding(ready -> test.verify(() -> {
                    assertThat(ready.statusCode()).isEqualTo(503);
                    assertThat(ready.bodyAsJsonObject().getString("status")).isEqualTo("not_ready");
                    vertx.close().onComplete(closed -> test.completeNow());
                })));
    }

    @Test
    void unknownRouteAnswersTheJsonEnvelopeWith404(VertxTestContext test) {
        app.client()
                .get("/no/such/route")
                .send()
                .onComplete(test.succeeding(response -> test.verify(() -> {
                    assertEnvelope(response, 404, "route_not_found");
                    test.completeNow();
                })));
    }

    @Test
    void wrongMethodAnswersTheJsonEnvelopeWith405(VertxTestContext test) {
        app.client()
                .request(HttpMethod.DELETE, "/health/ready")
                .send()
                .onComplete(test.succeeding(response -> test.verify(() -> {
                    assertEnvelope(response, 405, "method_not_allowed");
                    test.completeNow();
                })));
    }

    @Test
    void everyResponseCarriesARequestIdAndKeepsAWellFormedOne(VertxTestContext test) {
        app.client()
                .get("/health/live")
                .putHeader("X-Request-Id", "abc-123")
                .send()
                .compose(kept -> {
                    test.verify(() -> assertThat(kept.getHeader("X-Request-Id")).isEqualTo("abc-123"));
                    return app.client()
                            .get("/health/live")
                            .putHeader("X-Request-Id", "not a safe id; " + "x".repeat(80))
                            .send();
                })
                .onComplete(test.succeeding(replaced -> test.verify(() -> {
                    assertThat(replaced.getHeader("X-Request-Id"))
                            .isNotEqualTo("not a safe id; " + "x".repeat(80))
                            .hasSize(36);
                    test.completeNow();
                })));
    }

    @Test
    void anErrorBodyNamesTheRequestIdItsHeadersCarry(VertxTestContext test) {
        app.client()
                .get("/api/merchant/payments")
                .putHeader("Request-Id", "support-ticket-42")
                .send()
                .compose(kept -> {
                    test.verify(() -> {
                        assertEnvelope(kept, 401, "unauthorized");
                        assertThat(kept.bodyAsJsonObject()
                                        .getJsonObject("error")
                                        .getString("request_id"))
                                .isEqualTo("support-ticket-42");
                        assertThat(kept.getHeader("Request-Id")).isEqualTo("support-ticket-42");
                        assertThat(kept.getHeader("X-Request-Id")).isEqualTo("support-ticket-42");
                    });
                    return app.client().get("/no/such/route").send();
                })
                .onComplete(test.succeeding(made -> test.verify(() -> {
                    String id = made.bodyAsJsonObject().getJsonObject("error").getString("request_id");
                    assertThat(id).hasSize(36).isEqualTo(made.getHeader("Request-Id"));
                    assertThat(made.getHeader("X-Request-Id")).isEqualTo(id);
                    test.completeNow();
                })));
    }

    static void assertEnvelope(HttpResponse<Buffer> response, int status, String code) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.getHeader("Content-Type")).startsWith("application/json");
        JsonObject body = response.bodyAsJsonObject();
        assertThat(body.getBoolean("success")).isFalse();
        assertThat(body.getJsonObject("error").getString("code")).isEqualTo(code);
        assertThat(body.getJsonObject("error").getString("message")).isNotBlank();
        assertThat(body.getJsonObject("error").getString("request_id"))
                .isNotBlank()
                .isEqualTo(response.getHeader("Request-Id"));
    }
}
