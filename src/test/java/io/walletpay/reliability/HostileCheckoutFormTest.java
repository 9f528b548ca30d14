package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile form fields and tokens on the customer's checkout page: random phone and action values, invalid UTF-8
 * percent-escapes, huge values, repeated fields. Always an HTML page (never JSON, never a 5xx), and a refused
 * submit leaves the payment pending with no webhook queued.
 */
@BehaviourTest
class HostileCheckoutFormTest {

    static final String FORM = "application/x-www-form-urlencoded";

    static RunningService service;
    static RawHttp raw;
    static String token;
    static JsonObject payment;

    @BeforeContainer
    static void start() {
        service = RunningService.start(Map.of("WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "100000"));
        raw = new RawHttp(service.config.http().port());
        token = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Kiosk <Ti Jan>").put("return_url", "https://kiosk.example/back")));
        payment = newPayment();
    }

    @AfterContainer
    static void stop() {
        service.close();
    }

    @Property(tries = 150)
    void hostileSubmitsAnswerAnHtmlPageAndOnlyAValidPayOrCancelDecides(
            @ForAll("forms") String form, @ForAll("contentTypes") String contentType) {
        String before = snapshot(payment);
        RawHttp.Answer answer = raw.send("POST", path(payment), Map.of("Content-Type", contentType), form);

        String what = HostileRequestPartsTest.cut(contentType + " " + form) + " -> " + answer.status();
        assertThat(answer.status()).as(what).isIn(200, 303, 400, 413, 415);
        if (answer.status() == 303) {
            String location = answer.header("Location");
            if (!location.startsWith("https://kiosk.example/back?")) {
                // the sandbox's declining number: a decline is an attempt, back to the same page, still pending
                String page = path(payment);
                assertThat(location).as(what).isEqualTo(page.substring(page.lastIndexOf('/') + 1));
                assertThat(snapshot(payment)).as(what).contains("\"status\":\"pending\"");
            }
            payment = newPayment(); // decided or a try used: the next tries need a fresh pending one
            return;
        }
        assertThat(answer.mediaType()).as(what).isEqualTo("text/html");
        assertThat(answer.body())
                .as(what)
                .startsWithIgnoringCase("<!doctype html>")
                .doesNotContain("\"success\"")
                .doesNotContain("<script");
        assertThat(answer.header("Content-Security-Policy")).as(what).contains("default-src 'none'");
        assertThat(snapshot(payment)).as(what).isEqualTo(before);
    }

    @Property(tries = 80)
    void hostileTokensAnswerTheNotFoundPage(@ForAll("tokens") String checkoutToken, @ForAll("methods") String method) {
        RawHttp.Answer answer = raw.send(
                method,
                "/checkout/" + checkoutToken,
                Map.of("Content-Type", FORM),
                method.equals("POST") ? "phone=50937123456&action=pay" : null);

        String what = HostileRequestPartsTest.cut(method + " /checkout/" + checkoutToken) + " -> " + answer.status();
        assertThat(answer.status()).as(what).isIn(400, 404, 405, 414);
        assertThat(answer.mediaType()).as(what).isEqualTo("text/html");
        assertThat(answer.body()).as(what).doesNotContain("\"success\"");
    }

    static JsonObject newPayment() {
        return service.createPayment(
                token,
                new JsonObject()
                        .put("amount", 25)
                        .put("reference_id", "<b>R&D</b>")
                        .put("description", "\"quoted\" & <i>slanted</i>"));
    }

    static String path(JsonObject payment) {
        return URI.create(payment.getString("redirect_url")).getRawPath();
    }

    static String snapshot(JsonObject payment) {
        StringBuilder rows = new StringBuilder();
        service.sql(
                        "SELECT status, fees, net_amount, updated_at, completed_at, provider_transaction_id FROM payments"
                                + " WHERE id = $1::uuid",
                        payment.getString("id"))
                .forEach(row -> rows.append(row.toJson()));
        service.sql("SELECT count(*) FROM webhook_deliveries WHERE payment_id = $1::uuid", payment.getString("id"))
                .forEach(row -> rows.append(row.toJson()));
        return rows.toString();
    }

    // ---- generators -------------------------------------------------------------------------------------------

    @Provide
    Arbitrary<String> contentTypes() {
        return Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.just(FORM)),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                FORM + "; charset=utf-8",
                                FORM + "; charset=latin1",
                                "APPLICATION/X-WWW-FORM-URLENCODED",
                                "multipart/form-data; boundary=x",
                                "application/json",
                                "text/plain",
                                "",
                                ";",
                                "x/y; a=\"")));
    }

    @Provide
    Arbitrary<String> forms() {
        Arbitrary<String> name = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of("phone", "action")),
                Tuple.of(1, Arbitraries.of("Phone", "ACTION", "action[]", "", "%70hone", "ph%00one")),
                Tuple.of(1, Arbitraries.strings().ofMaxLength(10).map(HostileCheckoutFormTest::encode)));
        Arbitrary<String> value = Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.of(
                                        "pay",
                                        "cancel",
                                        "PAY",
                                        "Pay",
                                        "pay ",
                                        "refund",
                                        "",
                                        "50937123456",
                                        "+509 1234-5678",
                                        "50900000002",
                                        "509371234569",
                                        "5091234567",
                                        "00000000000",
                                        "509١٢٣٤٥٦٧٨",
                                        "50937123456\u0000",
                                        "<script>alert(1)</script>",
                                        "\"><i>x</i>")
                                .map(HostileCheckoutFormTest::encode)),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                "%C3%28",
                                "%C0%AF",
                                "%ED%A0%80",
                                "%FF",
                                "%",
                                "%zz",
                                "%2",
                                "%00",
                                "%0d%0a",
                                "pay%00",
                                "%E2%82",
                                "a+b",
                                "%%",
                                "&&",
                                "==")),
                Tuple.of(2, Arbitraries.strings().ofMaxLength(60).map(HostileCheckoutFormTest::encode)),
                Tuple.of(
                        1,
                        Arbitraries.strings()
                                .withCharRange('\u0000', '\uFFFF')
                                .ofMaxLength(20)
                                .map(HostileCheckoutFormTest::encode)),
                Tuple.of(1, Arbitraries.of(1_000, 60_000, 70_000).map(n -> "9".repeat(n))));
        Arbitrary<String> pair = Combinators.combine(name, value).as((n, v) -> n + "=" + v);
        return Arbitraries.frequencyOf(
                Tuple.of(8, pair.list().ofMaxSize(4).map(pairs -> String.join("&", pairs))),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                "",
                                "&",
                                "=",
                                "phone",
                                "action",
                                "==&==",
                                "phone=1&phone=2&action=pay",
                                "action=pay&action=cancel&phone=50937123456")));
    }

    @Provide
    Arbitrary<String> tokens() {
        return Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.strings()
                                .withCharRange('a', 'z')
                                .ofMinLength(1)
                                .ofMaxLength(130)),
                Tuple.of(2, Arbitraries.strings().ofMinLength(1).ofMaxLength(30).map(HostileCheckoutFormTest::encode)),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                "%00",
                                "%",
                                "%zz",
                                "%C3%28",
                                "..%2F..%2Fapi",
                                "a%2Fb",
                                "x".repeat(3_000),
                                "%F0%9F%98%80",
                                "<script>",
                                "'",
                                "%27%20OR%201=1")));
    }

    @Provide
    Arbitrary<String> methods() {
        return Arbitraries.of("GET", "POST", "PUT", "DELETE");
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
