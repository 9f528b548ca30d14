package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A known path with a method it does not take: 405 naming what it takes, never a 404 about another resource. */
@BehaviourTest
class MethodNotAllowedTest {

    static RunningService service;
    static String token;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        token = service.tokenFor(service.createMerchant("Methods"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @ParameterizedTest(name = "{0} {1} -> Allow: {2}")
    @CsvSource({
        "GET, /api/merchant/payments/wallet/, POST",
        "GET, /api/merchant/payments/wallet, POST",
        "DELETE, /api/merchant/payments/wallet/, POST",
        "DELETE, /api/merchant/payments/{id}, 'GET, HEAD'",
        "PUT, /api/merchant/settings, 'GET, HEAD, PATCH'",
        "GET, /api/merchant/payments/{id}/cancel, POST",
        "GET, /api/merchant/token/, POST",
        "GET, /api/merchant/token, POST",
        "DELETE, /api/merchant/token, POST",
    })
    void answers405WithAllow(String method, String path, String allow) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri(path))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .header("Authorization", "Bearer " + token));
        assertThat(answer.statusCode()).isEqualTo(405);
        assertThat(answer.headers().firstValue("Allow")).contains(allow);
        JsonObject error = new JsonObject(answer.body()).getJsonObject("error");
        assertThat(error.getString("code")).isEqualTo("method_not_allowed");
    }

    @ParameterizedTest(name = "{0} /api/merchant/token{1}")
    @CsvSource({"GET, /", "GET, ''", "DELETE, ''"})
    void theTokenPathAsksForNoTokenWhenTheMethodIsWrong(String method, String slash) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri("/api/merchant/token" + slash))
                .method(method, HttpRequest.BodyPublishers.noBody()));
        assertThat(answer.statusCode()).isEqualTo(405);
        assertThat(answer.headers().firstValue("Allow")).contains("POST");
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
    }

    @ParameterizedTest(name = "HEAD {0}")
    @CsvSource({
        "/health/live, 200",
        "/health/ready, 200",
        "/api/merchant/payments, 200",
        "/api/merchant/settings, 200",
        "/api/merchant/payments/{id}, 404",
        "/checkout/no-such-token, 404",
        "/l/no-such-link, 404",
        "/portal/login, 200",
        "/no/such/path, 404",
    })
    void headIsAnsweredAsGetWithoutTheBody(String path, int status) throws Exception {
        URI target = uri(path);
        HttpResponse<String> get = send(HttpRequest.newBuilder(target).header("Authorization", "Bearer " + token));
        HttpResponse<String> head = send(HttpRequest.newBuilder(target)
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .header("Authorization", "Bearer " + token));

        assertThat(get.statusCode()).isEqualTo(status);
        assertThat(head.statusCode()).isEqualTo(status);
        assertThat(head.headers().firstValue("Content-Type"))
                .isEqualTo(get.headers().firstValue("Content-Type"));
        assertThat(head.body()).isEmpty();
        assertThat(get.body()).isNotEmpty();
    }

    @ParameterizedTest(name = "HEAD {0} -> 405")
    @CsvSource({"/api/merchant/payments/wallet", "/api/merchant/token"})
    void headOnAPostOnlyPathIs405LikeGet(String path) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri(path))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .header("Authorization", "Bearer " + token));
        assertThat(answer.statusCode()).isEqualTo(405);
        assertThat(answer.headers().firstValue("Allow")).contains("POST");
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + service.config.http().port()
                + path.replace("{id}", UUID.randomUUID().toString()));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
