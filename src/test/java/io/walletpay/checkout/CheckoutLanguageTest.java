package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which language the customer's pages speak, over real HTTP: {@code ?lang=} (remembered in a cookie), else the
 * merchant's locale, else the browser's Accept-Language, else {@code checkout.default_locale}.
 */
@BehaviourTest
class CheckoutLanguageTest {

    static final String FORM = "application/x-www-form-urlencoded";

    static RunningService service;
    static Http http;
    static JsonObject shop;
    static String shopToken;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
        shop = service.createMerchant(new JsonObject().put("name", "Boutik Okap"));
        shopToken = service.tokenFor(shop);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void withoutAnyChoiceThePagesSpeakKreyol() {
        Http.Response page = http.get(path(create(2500)), null);

        assertThat(page.body())
                .contains("<html lang=\"ht\">", ">Peye 2\u00A0500,00\u00A0HTG</button>", "Nimewo MonCash ou");
        assertThat(page.body())
                .contains("hreflang=\"fr\"", "hreflang=\"en\"")
                .doesNotContain("hreflang=\"ht\"")
                .contains("aria-current=\"true\" lang=\"ht\"");
    }

    @Test
    void langInTheQueryChoosesAndACookieRemembersIt() {
        String path = path(create(2500));

        Http.Response french = http.send("GET", path + "?lang=fr", null, null, Map.of("Accept-Language", "en"));
        assertThat(french.status()).isEqualTo(200);
        assertThat(french.body())
                .contains("<html lang=\"fr\">", ">Payer 2\u00A0500,00\u00A0HTG</button>", ">Annuler le paiement</a>");
        String cookie = french.header("Set-Cookie");
        assertThat(cookie)
                .startsWith("walletpay_lang=fr")
                .containsIgnoringCase("HttpOnly")
                .contains("SameSite=Lax", "Path=/");

        Http.Response later =
                http.send("GET", path, null, null, Map.of("Cookie", cookie.split(";", 2)[0], "Accept-Language", "en"));
        assertThat(later.body()).contains("<html lang=\"fr\">");
        assertThat(later.header("Set-Cookie")).isNull();

        io.walletpay.support.RawHttp.Answer undecodable = new io.walletpay.support.RawHttp(
                        service.config.http().port())
                .send("GET", path + "?lang=%zz", Map.of(), null);
        // an undecodable query is refused before the route runs: a 400 page in the customer's language, never a 500
        // or vertx-web's plain text
        assertThat(undecodable.status()).isEqualTo(400);
        assertThat(undecodable.mediaType()).isEqualTo("text/html");
        assertThat(undecodable.body()).contains("<html lang=\"ht\">");
        io.walletpay.support.RawHttp.Answer undecodableInFrench = new io.walletpay.support.RawHttp(
                        service.config.http().port())
                .send("GET", path + "?x=%zz", Map.of("Accept-Language", "fr-HT,fr;q=0.9"), null);
        assertThat(undecodableInFrench.status()).isEqualTo(400);
        assertThat(undecodableInFrench.body()).contains("<html lang=\"fr\">");

        Http.Response unknown = http.get(path + "?lang=de", null);
        assertThat(unknown.body()).contains("<html lang=\"ht\">");
        assertThat(unknown.header("Set-Cookie")).isNull();
    }

    /**
     * Only a customer's own ?lang is remembered: a language the rules picked (here the browser's) is not put in the
     * form's address, so submitting the form neither sets the cookie nor outranks another shop's locale later. A
     * chosen language travels with the form, cookies or not.
     */
    @Test
    void onlyALanguageTheCustomerChoseTravelsWithTheFormAndIsRemembered() {
        String path = path(create(700));
        String token = path.substring(path.lastIndexOf('/') + 1);
        Map<String, String> frenchPhone = Map.of("Accept-Language", "fr-FR,fr;q=0.9");

        Http.Response picked = http.send("GET", path, null, null, frenchPhone);
        Http.Response chosen = http.send("GET", path + "?lang=en", null, null, frenchPhone);
        Map<String, String> submit = new java.util.HashMap<>(frenchPhone);
        submit.put("Content-Type", "application/x-www-form-urlencoded");
        Http.Response declined = http.send("POST", path, null, "phone=50900000002&action=pay", submit);

        assertThat(picked.body()).contains("<html lang=\"fr\">", "action=\"" + token + "\"");
        assertThat(picked.header("Set-Cookie")).isNull();
        assertThat(chosen.body()).contains("<html lang=\"en\">", "action=\"" + token + "?lang=en\"");
        assertThat(declined.status()).isEqualTo(303);
        assertThat(declined.header("Location")).isEqualTo(token);
        assertThat(declined.header("Set-Cookie")).isNull();
    }

    @Test
    void withoutAMerchantLocaleTheBrowsersLanguageSpeaks() {
        String path = path(create(2500));

        Http.Response english = http.send("GET", path, null, null, Map.of("Accept-Language", "en-US,en;q=0.9"));
        Http.Response french = http.send("GET", path, null, null, Map.of("Accept-Language", "de, fr-HT;q=0.8"));

        assertThat(english.body())
                .contains("<html lang=\"en\">", ">Pay HTG\u00A02,500.00</button>", "Your MonCash number");
        assertThat(french.body()).contains("<html lang=\"fr\">", "Votre numéro MonCash");
        assertThat(english.header("Vary")).contains("Accept-Language");
    }

    @Test
    void theMerchantsLocaleIsTheDefaultOfItsPagesAndCanBeCleared() {
        JsonObject merchant =
                service.createMerchant(new JsonObject().put("name", "Shop EN").put("locale", "en"));
        assertThat(merchant.getString("locale")).isEqualTo("en");
        String token = service.tokenFor(merchant);
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", 10));

        assertThat(http.get(path(payment), null).body()).contains("<html lang=\"en\">");
        assertThat(http.send("GET", path(payment), null, null, Map.of("Accept-Language", "fr"))
                        .body())
                .as("the shop's language comes before the phone's")
                .contains("<html lang=\"en\">");
        assertThat(http.send("GET", path(payment) + "?lang=fr", null, null, Map.of())
                        .body())
                .contains("<html lang=\"fr\">");

        Http.Response french = http.patch("/api/merchant/settings", token, new JsonObject().put("locale", "fr"));
        assertThat(french.status()).isEqualTo(200);
        assertThat(french.data().getString("locale")).isEqualTo("fr");
        assertThat(http.get(path(payment), null).body()).contains("<html lang=\"fr\">");

        Http.Response cleared = http.patch("/api/merchant/settings", token, new JsonObject().putNull("locale"));
        assertThat(cleared.data().containsKey("locale")).isTrue();
        assertThat(cleared.data().getString("locale")).isNull();
        assertThat(http.get(path(payment), null).body()).contains("<html lang=\"ht\">");

        Http.Response admin = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("locale", "en"));
        assertThat(admin.data().getString("locale")).isEqualTo("en");
    }

    @Test
    void aShopThatSpeaksKreyolIsReadInKreyolOnPhonesSetToFrenchOrEnglish() {
        JsonObject merchant =
                service.createMerchant(new JsonObject().put("name", "Boutik HT").put("locale", "ht"));
        String path = path(service.createPayment(service.tokenFor(merchant), new JsonObject().put("amount", 10)));

        for (String phone : java.util.List.of("fr-FR", "en-US,en;q=0.9,ht;q=0.8", "fr-HT,fr;q=0.9")) {
            assertThat(http.send("GET", path, null, null, Map.of("Accept-Language", phone))
                            .body())
                    .as(phone)
                    .contains("<html lang=\"ht\">");
        }
    }

    @Test
    void anUnknownLocaleIsRefusedNamingTheField() {
        Http.Response answer = http.patch("/api/merchant/settings", shopToken, new JsonObject().put("locale", "de"));
        Http.Response created = http.post(
                "/api/admin/merchants",
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("name", "X").put("locale", "HT-ht"));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().getJsonObject("error").getString("field")).isEqualTo("locale");
        assertThat(created.status()).isEqualTo(400);
    }

    @Test
    void theServiceDefaultIsConfigurable() {
        Map<String, String> env = new HashMap<>();
        env.put("WALLETPAY_CHECKOUT_DEFAULT_LOCALE", "en");
        try (RunningService english = RunningService.start(env)) {
            String token = english.tokenFor(english.createMerchant("Kiosk"));
            JsonObject payment = english.createPayment(token, new JsonObject().put("amount", 10));
            assertThat(english.http.get(path(payment), null).body()).contains("<html lang=\"en\">");
            assertThat(english.http.get("/checkout/no-such-token", null).body())
                    .contains("<html lang=\"en\">", "Payment not found");
        }
    }

    @Test
    void aLocalNumberPaysAndARefusedOneIsExplainedInThePagesLanguage() {
        JsonObject payment = create(150);

        Http.Response refused = http.send(
                "POST", path(payment) + "?lang=fr", null, "phone=3700+123&action=pay", Map.of("Content-Type", FORM));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body())
                .contains("<html lang=\"fr\">", "Il manque des chiffres.", "aria-describedby=\"phone-error");

        Http.Response paid =
                http.send("POST", path(payment), null, "phone=3700+1234&action=pay", Map.of("Content-Type", FORM));
        assertThat(paid.status()).isEqualTo(200);
        assertThat(paid.body()).contains("data-status=\"completed\"", "Mèsi! Peman an pase");
        assertThat(service.sql("SELECT status FROM payments WHERE id = $1::uuid", payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("completed");
    }

    @Test
    void aDisabledMerchantsLinkSaysItIsNotAcceptingPaymentsAndNothingCanBePaid() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Closed shop").put("return_url", "https://closed.example/back"));
        JsonObject payment = service.createPayment(service.tokenFor(merchant), new JsonObject().put("amount", 40));
        Http.Response disabled = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("status", "disabled"));
        assertThat(disabled.status()).isEqualTo(200);

        Http.Response page = http.get(path(payment), null);
        Http.Response english = http.get(path(payment) + "?lang=en", null);
        Http.Response pay =
                http.send("POST", path(payment), null, "phone=37001234&action=pay", Map.of("Content-Type", FORM));

        assertThat(page.status()).isEqualTo(403);
        assertThat(page.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(page.body())
                .contains("Machann sa a pa aksepte peman pou kounye a")
                .doesNotContain("<form");
        assertThat(english.body()).contains("This merchant is not accepting payments");
        assertThat(pay.status()).isEqualTo(403);
        assertThat(service.sql("SELECT status FROM payments WHERE id = $1::uuid", payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("pending");
    }

    @Test
    void anExpiredPaymentLeadsBackToTheShop() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Late shop").put("return_url", "https://late.example/back"));
        JsonObject payment = service.createPayment(service.tokenFor(merchant), new JsonObject().put("amount", 40));
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1::uuid",
                payment.getString("id"));

        Http.Response page = http.get(path(payment) + "?lang=fr", null);

        assertThat(page.status()).isEqualTo(410);
        assertThat(page.body())
                .contains(
                        "Ce paiement a expiré",
                        "Aucun argent n’a été débité de votre compte.",
                        "href=\"https://late.example/back\"");
    }

    private static JsonObject create(int amount) {
        return service.createPayment(shopToken, new JsonObject().put("amount", amount));
    }

    private static String path(JsonObject payment) {
        return URI.create(payment.getString("redirect_url")).getRawPath();
    }
}
