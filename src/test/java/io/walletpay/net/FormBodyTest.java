package io.walletpay.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A form posted to the pages, read into the request's form attributes; other bodies as vertx-web reads them. */
class FormBodyTest {

    private static final int LIMIT = 16 * 1024;
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static Vertx vertx;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        router.route("/form").handler(FormBody.limitedTo(LIMIT));
        router.post("/form").handler(ctx -> {
            JsonObject fields = new JsonObject();
            ctx.request()
                    .formAttributes()
                    .forEach(field -> fields.put(
                            field.getKey(),
                            String.join("|", ctx.request().formAttributes().getAll(field.getKey()))));
            JsonObject answer = new JsonObject().put("form", fields);
            if (ctx.body().buffer() != null) {
                answer.put("body", ctx.body().asString());
            }
            ctx.json(answer);
        });
        router.route("/form")
                .failureHandler(
                        ctx -> ctx.response().setStatusCode(ctx.statusCode()).end("refused"));
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(false))
                .requestHandler(router)
                .listen(0)
                .toCompletionStage()
                .toCompletableFuture()
                .get();
        port = server.actualPort();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get();
    }

    @Test
    void aFormBecomesItsFieldsDecodedAsBrowsersEncodeThem() throws Exception {
        HttpResponse<String> answer = post(
                "application/x-www-form-urlencoded",
                "phone=%2B509+3712-3456&action=pay&note=a;b#c?d&tag=1&&tag=2&lang&odd=%FF\r\n");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(answer.body()).getJsonObject("form").getMap())
                .isEqualTo(Map.of(
                        "phone", "+509 3712-3456",
                        "action", "pay",
                        "note", "a;b#c?d",
                        "tag", "1|2",
                        "lang", "",
                        "odd", "\uFFFD"));
    }

    @Test
    void aLineEndInsideTheFormStaysInItsValue() throws Exception {
        HttpResponse<String> answer = post("application/x-www-form-urlencoded", "action=pay\r\n&phone=1");

        assertThat(new JsonObject(answer.body()).getJsonObject("form").getString("action"))
                .isEqualTo("pay\r\n");
    }

    @Test
    void theCharsetParameterAndTheTypesCaseAreAllowed() throws Exception {
        HttpResponse<String> answer =
                post("Application/X-WWW-Form-Urlencoded; charset=UTF-8", "name=%C3%89chec+%E2%80%99");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(answer.body()).getJsonObject("form").getString("name"))
                .isEqualTo("Échec ’");
    }

    @Test
    void aFormOverTheLimitIsRefusedWhetherItsLengthIsDeclaredOrNot() throws Exception {
        String first = "a=" + "1".repeat(LIMIT / 2 - 2);
        String atTheLimit = first + "&b=" + "1".repeat(LIMIT - first.length() - 3);
        assertThat(atTheLimit.length()).isEqualTo(LIMIT);
        String over = atTheLimit + "2";

        assertThat(post("application/x-www-form-urlencoded", atTheLimit).statusCode())
                .isEqualTo(200);
        assertThat(post("application/x-www-form-urlencoded", over).statusCode()).isEqualTo(413);
        HttpResponse<String> chunked = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/form"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(
                                () -> new ByteArrayInputStream(over.getBytes(StandardCharsets.US_ASCII))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(chunked.statusCode()).isEqualTo(413);
    }

    @Test
    void aFormThatBreaksARuleIsABadRequest() throws Exception {
        String many = IntStream.range(0, FormBody.MAX_FIELDS + 1)
                .mapToObj(i -> "tag=" + i)
                .collect(Collectors.joining("&"));
        String longField = "note=" + "n".repeat(FormBody.MAX_FIELD_CHARS - 4);

        for (String form : List.of("phone=%zz", "phone=%E", "=3712", many, longField)) {
            assertThat(post("application/x-www-form-urlencoded", form).statusCode())
                    .as(form.length() > 40 ? form.substring(0, 40) : form)
                    .isEqualTo(400);
        }
        assertThat(FormBody.fields(many.substring(many.indexOf('&') + 1)).get("tag"))
                .hasSize(FormBody.MAX_FIELDS);
        assertThat(FormBody.fields(longField.substring(1))).containsKey("ote");
    }

    @Test
    void aFormSentAfterAskingToContinueIsReadToo() throws Exception {
        HttpResponse<String> answer = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/form"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .expectContinue(true)
                        .POST(HttpRequest.BodyPublishers.ofString("action=cancel"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(answer.body()).getJsonObject("form").getString("action"))
                .isEqualTo("cancel");
    }

    @Test
    void anEmptyFormHasNoFields() throws Exception {
        HttpResponse<String> answer = post("application/x-www-form-urlencoded", "");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(answer.body()).getJsonObject("form").isEmpty())
                .isTrue();
    }

    @Test
    void anyOtherBodyIsReadByVertxWebsBodyHandlerWithTheSameLimit() throws Exception {
        HttpResponse<String> json = post("application/json", "{\"phone\":\"50937123456\"}");

        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(json.body()).getString("body")).isEqualTo("{\"phone\":\"50937123456\"}");
        assertThat(post("application/json", "\"" + "1".repeat(LIMIT) + "\"").statusCode())
                .isEqualTo(413);
    }

    @Test
    void theFieldsAreTheFormsAloneNotTheQuerys() throws Exception {
        HttpResponse<String> answer = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/form?lang=fr"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("action=cancel"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(answer.body()).getJsonObject("form").fieldNames())
                .containsExactly("action");
    }

    private static HttpResponse<String> post(String contentType, String body) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/form"))
                        .header("Content-Type", contentType)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
