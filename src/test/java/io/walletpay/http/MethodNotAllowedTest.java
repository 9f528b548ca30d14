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
        "DELETE, /api/merchant/payments/{id}, GET",
        "PUT, /api/merchant/settings, 'GET, PATCH'",
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

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + service.config.http().port()
                + path.replace("{id}", UUID.randomUUID().toString()));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
