package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Random JSON thrown at the create route: never a 5xx, always the envelope on errors. */
@BehaviourTest
class CreateRouteFuzzTest {

    static RunningService service;
    static String token;

    @BeforeContainer
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "100000"));
        token = service.tokenFor(service.createMerchant("Fuzzed"));
    }

    @AfterContainer
    static void stop() {
        service.close();
    }

    @Property(tries = 400)
    void randomBodiesNeverBreakTheCreateRoute(@ForAll("bodies") String body) {
        Http.Response response = service.http.send(
                "POST", "/api/merchant/payments/wallet/", token, body, Map.of("Content-Type", "application/json"));

        assertThat(response.status()).as(body).isIn(201, 400, 413);
        JsonObject answer = response.json();
        if (response.status() != 201) {
            assertThat(answer.getBoolean("success")).isFalse();
            assertThat(answer.getJsonObject("error").getString("code")).isNotBlank();
            assertThat(answer.getJsonObject("error").getString("message")).isNotBlank();
        } else {
            assertThat(answer.getJsonObject("data").getString("status")).isEqualTo("pending");
        }
    }

    @Provide
    Arbitrary<String> bodies() {
        return Arbitraries.oneOf(objects(), json(3), Arbitraries.strings().ofMaxLength(200));
    }

    private Arbitrary<String> objects() {
        Arbitrary<String> names = Arbitraries.oneOf(
                Arbitraries.of("amount", "reference_id", "customer_name", "customer_email", "description"),
                Arbitraries.strings().ofMinLength(1).ofMaxLength(12));
        Arbitrary<String> member =
                net.jqwik.api.Combinators.combine(names, json(2)).as((name, value) -> quote(name) + ":" + value);
        return member.list().ofMaxSize(6).map(members -> "{" + String.join(",", members) + "}");
    }

    private Arbitrary<String> json(int depth) {
        List<Arbitrary<String>> leaves = List.of(
                Arbitraries.bigDecimals()
                        .between(new java.math.BigDecimal("-1e6"), new java.math.BigDecimal("1e6"))
                        .ofScale(4)
                        .map(d -> d.toPlainString()),
                Arbitraries.of(
                        "0",
                        "1e300",
                        "-0",
                        "1E2",
                        "100.00",
                        "0.001",
                        "1e-300",
                        "99999999999999999999",
                        "NaN",
                        "true",
                        "false",
                        "null",
                        "\"100\"",
                        "\"\"",
                        "\"\\u0000\""),
                Arbitraries.integers().map(String::valueOf),
                Arbitraries.strings().ofMaxLength(300).map(CreateRouteFuzzTest::quote));
        Arbitrary<String> leaf = Arbitraries.oneOf(leaves);
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<String> array = json(depth - 1).list().ofMaxSize(4).map(items -> "[" + String.join(",", items) + "]");
        Arbitrary<String> object = json(depth - 1).list().ofMaxSize(3).map(values -> {
            StringBuilder out = new StringBuilder("{");
            for (int i = 0; i < values.size(); i++) {
                out.append(i == 0 ? "" : ",").append(quote("k" + i)).append(":").append(values.get(i));
            }
            return out.append("}").toString();
        });
        return Arbitraries.oneOf(leaf, array, object);
    }

    private static String quote(String text) {
        return io.vertx.core.json.Json.encode(text);
    }
}
