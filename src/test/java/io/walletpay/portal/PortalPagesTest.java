package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The portal's webhooks, settings and payment-link pages over real HTTP, a real PostgreSQL and a real webhook
 * receiver: each form does what its API twin does (and records it in the audit log), answers a bad value with a
 * page in the merchant's language, changes nothing without its CSRF token, and never reaches another merchant.
 */
@BehaviourTest
class PortalPagesTest {

    static final Map<String, String> FAST = Map.of(
            "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,100ms,100ms",
            "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "1000",
            "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500",
            "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100");

    static RunningService service;
    static WebhookReceiver receiver;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start(FAST);
        receiver = new WebhookReceiver();
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    static JsonObject merchant(String name, String hookPath) {
        JsonObject body = new JsonObject().put("name", name);
        if (hookPath != null) {
            body.put("webhook_url", receiver.url(hookPath));
        }
        return service.createMerchant(body);
    }

    static PortalClient signedIn(JsonObject merchant) throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(merchant);
        return browser;
    }

    static Row merchantRow(JsonObject merchant) {
        return service.sql("SELECT * FROM merchants WHERE id = $1", UUID.fromString(merchant.getString("merchant_id")))
                .iterator()
                .next();
    }

    static int auditEntries(JsonObject merchant) {
        return service.sql(
                        "SELECT count(*) AS n FROM audit_log WHERE merchant_id = $1",
                        UUID.fromString(merchant.getString("merchant_id")))
                .iterator()
                .next()
                .getInteger("n");
    }

    // ---- settings ----

    @Test
    void settingsAreSavedRecordedAndShownInTheAuditLog() throws Exception {
        JsonObject shop = merchant("Paramèt Boutik", null);
        PortalClient browser = signedIn(shop);
        HttpResponse<String> page = browser.get("/portal/settings?lang=ht");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Paramèt").contains(shop.getString("merchant_id"));

        HttpResponse<String> saved = browser.submit(
                page,
                "/portal/settings",
                Map.of(
                        "webhook_url", "https://boutik.example.ht/hooks",
                        "return_url", "https://boutik.example.ht/mesi",
                        "locale", "fr"));
        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(saved.body()).contains("id=\"notice\"").contains("Chanjman yo anrejistre");
        Row row = merchantRow(shop);
        assertThat(row.getString("webhook_url")).isEqualTo("https://boutik.example.ht/hooks");
        assertThat(row.getString("return_url")).isEqualTo("https://boutik.example.ht/mesi");
        assertThat(row.getString("locale")).isEqualTo("fr");
        assertThat(saved.body())
                .contains("data-action=\"settings.update\"")
                .contains("Paramèt chanje: adrès webhook, adrès retou, lang paj peman yo")
                .contains("Ou menm, sou espas machann nan")
                .doesNotContain("webhook_url,return_url");

        // the same form sent again untouched changes nothing and records nothing
        int entries = auditEntries(shop);
        HttpResponse<String> again = browser.submit(
                saved,
                "/portal/settings",
                Map.of(
                        "webhook_url", "https://boutik.example.ht/hooks",
                        "return_url", "https://boutik.example.ht/mesi",
                        "locale", "fr"));
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(auditEntries(shop)).isEqualTo(entries);

        // an emptied field is cleared
        browser.submit(
                again,
                "/portal/settings",
                Map.of("webhook_url", "https://boutik.example.ht/hooks", "return_url", "", "locale", "fr"));
        assertThat(merchantRow(shop).getString("return_url")).isNull();

        // a stale or mistyped page of the log shows it from its newest entry rather than refusing the settings
        HttpResponse<String> stale = browser.get("/portal/settings?audit_after=999999999999");
        assertThat(stale.statusCode()).isEqualTo(200);
        assertThat(stale.body()).contains("data-action=\"settings.update\"");
        // a list is only its rows: an ?after= that names none of them is refused, not an empty page
        assertThat(browser.get("/portal/payments?after=" + java.util.UUID.randomUUID())
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void anInvalidSettingIsRefusedInTheMerchantsLanguageAndNothingChanges() throws Exception {
        JsonObject shop = merchant("Move URL", null);
        PortalClient browser = signedIn(shop);
        int entries = auditEntries(shop);
        HttpResponse<String> page = browser.get("/portal/settings?lang=fr");
        HttpResponse<String> refused = browser.submit(
                page,
                "/portal/settings",
                Map.of("webhook_url", "ftp://nowhere", "return_url", "https://ok.example.ht/", "locale", ""));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("lang=\"fr\"")
                .contains("Adresse de webhook invalide")
                // what was typed stays in the form
                .contains("value=\"ftp://nowhere\"");
        Row row = merchantRow(shop);
        assertThat(row.getString("webhook_url")).isNull();
        assertThat(row.getString("return_url")).isNull();
        assertThat(auditEntries(shop)).isEqualTo(entries);

        HttpResponse<String> badLocale = browser.submit(
                refused, "/portal/settings", Map.of("webhook_url", "", "return_url", "", "locale", "es"));
        assertThat(badLocale.statusCode()).isEqualTo(400);
        assertThat(badLocale.body()).contains("Choisissez l’une des langues");
    }

    @Test
    void aUrlWithABidirectionalMarkIsRefusedAsTheApiRefusesIt() throws Exception {
        JsonObject shop = merchant("Mak Kache", null);
        PortalClient browser = signedIn(shop);
        int entries = auditEntries(shop);
        HttpResponse<String> page = browser.get("/portal/settings?lang=fr");
        // U+202E turns what follows around on screen: "…/\u202Efdp.exe" reads as an .pdf address
        HttpResponse<String> refused = browser.submit(
                page,
                "/portal/settings",
                Map.of("webhook_url", "https://boutik.example.ht/\u202Efdp.exe", "return_url", "", "locale", ""));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("Adresse de webhook invalide");
        assertThat(merchantRow(shop).getString("webhook_url")).isNull();
        assertThat(auditEntries(shop)).isEqualTo(entries);
    }

    @Test
    void everySettingsFormWithoutItsCsrfTokenIsRefusedAndChangesNothing() throws Exception {
        JsonObject shop = merchant("Fòm Fo", null);
        PortalClient browser = signedIn(shop);
        Row before = merchantRow(shop);
        int entries = auditEntries(shop);
        for (String path :
                List.of("/portal/settings", "/portal/settings/webhook-secret", "/portal/settings/secret-key")) {
            HttpResponse<String> forged = browser.post(
                    path, Map.of("webhook_url", "https://evil.example/", "return_url", "", "locale", "en"));
            assertThat(forged.statusCode()).as(path).isEqualTo(403);
            assertThat(forged.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
        }
        Row after = merchantRow(shop);
        assertThat(after.getString("webhook_url")).isEqualTo(before.getString("webhook_url"));
        assertThat(after.getString("webhook_secret")).isEqualTo(before.getString("webhook_secret"));
        assertThat(after.getInteger("secret_key_version")).isEqualTo(before.getInteger("secret_key_version"));
        assertThat(auditEntries(shop)).isEqualTo(entries);
        // the session still works: a forged form does not log anyone out
        assertThat(browser.get("/portal/settings").statusCode()).isEqualTo(200);
    }

    @Test
    void aNewWebhookSecretIsShownOnceWhileTheOldOneStillSigns() throws Exception {
        JsonObject shop = merchant("Sekrè Webhook", null);
        String old = shop.getString("webhook_secret");
        PortalClient browser = signedIn(shop);
        HttpResponse<String> rotated =
                browser.submit(browser.get("/portal/settings?lang=en"), "/portal/settings/webhook-secret", Map.of());
        assertThat(rotated.statusCode()).isEqualTo(200);
        String shown = group(rotated.body(), "id=\"new-secret\">([^<]+)<");
        assertThat(shown).startsWith("whsec_").isNotEqualTo(old);
        assertThat(merchantRow(shop).getString("webhook_secret")).isEqualTo(shown);
        assertThat(rotated.body()).contains("id=\"previous-until\"").contains("never be shown again");
        assertThat(rotated.body()).contains("data-action=\"webhook_secret.rotate\"");

        HttpResponse<String> later = browser.get("/portal/settings");
        assertThat(later.body()).doesNotContain(shown).doesNotContain("id=\"new-secret\"");
    }

    @Test
    void aNewSecretKeyNeedsThePersonsPasswordIsShownOnceAndLeavesEverySessionSignedIn() throws Exception {
        JsonObject shop = merchant("Kle Sekrè", null);
        PortalClient elsewhere = signedIn(shop);
        PortalClient browser = signedIn(shop);
        String oldToken = service.tokenFor(shop);

        HttpResponse<String> page = browser.get("/portal/settings?confirm=secret-key&lang=en");
        // the old secret key is no password here: the person's own password is
        for (String typed : List.of(browser.person.password() + "x", shop.getString("secret_key"))) {
            HttpResponse<String> wrong = browser.submit(page, "/portal/settings/secret-key", Map.of("password", typed));
            assertThat(wrong.statusCode()).isEqualTo(403);
            assertThat(wrong.body())
                    .contains("id=\"error\"")
                    .contains("That is not your password.")
                    .contains("id=\"current-secret-key\"");
        }
        assertThat(elsewhere.get("/portal/").statusCode()).isEqualTo(200);
        assertThat(service.http.get("/api/merchant/payments", oldToken).status())
                .isEqualTo(200);
        assertThat(auditOf(shop, "secret_key.rotate")).isZero();

        HttpResponse<String> rotated = browser.submit(
                browser.get("/portal/settings"),
                "/portal/settings/secret-key",
                Map.of("password", browser.person.password()));
        assertThat(rotated.statusCode()).isEqualTo(200);
        String newKey = group(rotated.body(), "id=\"new-secret\">([^<]+)<");
        assertThat(newKey).isNotEqualTo(shop.getString("secret_key"));

        // every portal session goes on; the API's old key and its tokens stop
        assertThat(browser.get("/portal/").statusCode()).isEqualTo(200);
        assertThat(elsewhere.get("/portal/").statusCode()).isEqualTo(200);
        assertThat(service.http.get("/api/merchant/payments", oldToken).status())
                .isEqualTo(401);
        assertThat(auditOf(shop, "secret_key.rotate")).isEqualTo(1);

        PortalClient fresh = new PortalClient(base);
        fresh.logInAs(browser.person);
        assertThat(fresh.get("/portal/settings").body()).contains("data-action=\"secret_key.rotate\"");
    }

    static int auditOf(JsonObject merchant, String action) {
        return service.sql(
                        "SELECT count(*) AS n FROM audit_log WHERE merchant_id = $1 AND action = $2",
                        UUID.fromString(merchant.getString("merchant_id")),
                        action)
                .iterator()
                .next()
                .getInteger("n");
    }

    // ---- webhooks ----

    @Test
    void theWebhookLogListsFiltersSendsATestAndRedelivers() throws Exception {
        JsonObject shop = merchant("Webhook Boutik", "/portal-log");
        String token = service.tokenFor(shop);
        String paid = service.createPayment(
                        token, new JsonObject().put("amount", 450).put("reference_id", "WH-1"))
                .getString("id");
        service.transition(paid, PaymentStatus.COMPLETED);
        receiver.await("/portal-log", 1);
        PortalClient browser = signedIn(shop);

        await().atMost(Duration.ofSeconds(10))
                .until(() -> browser.get("/portal/webhooks?lang=en").body().contains("Delivered"));
        HttpResponse<String> page = browser.get("/portal/webhooks?lang=en");
        // each row names the order and says how the last attempt went in words; a delivered one needs no redelivery
        assertThat(page.body())
                .contains(">WH-1</a>")
                .contains("450.00")
                .contains("Your server received it (HTTP 200)")
                .doesNotContain("class=\"redeliver\"")
                .contains("id=\"health\"")
                .contains("Working");
        assertThat(browser.get("/portal/webhooks?status=failed").body()).doesNotContain("data-id=");
        assertThat(browser.get("/portal/webhooks?status=succeeded").body()).contains("data-id=");
        assertThat(browser.get("/portal/webhooks?status=bogus").statusCode()).isEqualTo(400);
        assertThat(browser.get("/portal/webhooks?from=yesterday").statusCode()).isEqualTo(400);

        receiver.script("/portal-log", n -> new Answer(202, null, 0, "{\"ok\":\"mèsi\"}"));
        // a page of this session carries its form token, the same on every page
        HttpResponse<String> tested =
                browser.submit(browser.get("/portal/webhooks?lang=en"), "/portal/webhooks/test", Map.of());
        assertThat(tested.statusCode()).isEqualTo(200);
        assertThat(tested.body())
                .contains("id=\"test-result\"")
                .contains("HTTP 202")
                .contains("mèsi");
        assertThat(receiver.received("/portal-log"))
                .anySatisfy(r -> assertThat(new String(r.body())).contains("webhook.test"));

        int before = receiver.received("/portal-log").size();
        String deliveryId = group(page.body(), "<tr data-id=\"([0-9a-f-]{36})\"");
        HttpResponse<String> redelivered =
                browser.submit(tested, "/portal/webhooks/redeliver", Map.of("delivery_id", deliveryId));
        assertThat(redelivered.statusCode()).isEqualTo(200);
        assertThat(redelivered.body()).contains("will be sent again");
        receiver.await("/portal-log", before + 1);

        HttpResponse<String> forged = browser.post("/portal/webhooks/redeliver", Map.of("delivery_id", deliveryId));
        assertThat(forged.statusCode()).isEqualTo(403);
    }

    @Test
    void recoverQueuesAgainEveryFailedDeliverySinceTheDay() throws Exception {
        JsonObject shop = merchant("Rekipere", "/portal-recover");
        receiver.script("/portal-recover", n -> Answer.status(500));
        String token = service.tokenFor(shop);
        for (int i = 0; i < 2; i++) {
            String id = service.createPayment(token, new JsonObject().put("amount", 100 + i))
                    .getString("id");
            service.transition(id, PaymentStatus.COMPLETED);
        }
        UUID merchantId = UUID.fromString(shop.getString("merchant_id"));
        await().atMost(Duration.ofSeconds(20)).until(() -> deliveries(merchantId, "failed") == 2);
        receiver.script("/portal-recover", n -> Answer.status(200));
        PortalClient browser = signedIn(shop);
        HttpResponse<String> page = browser.get("/portal/webhooks?lang=fr");
        // a failed delivery says why in words and offers to send it again
        assertThat(page.body())
                .contains("Votre serveur a eu une erreur (HTTP 500)")
                .contains("class=\"redeliver\"");
        String today = group(page.body(), "id=\"since\" name=\"since\" type=\"date\" value=\"([0-9-]+)\"");
        HttpResponse<String> recovered = browser.submit(page, "/portal/webhooks/recover", Map.of("since", today));
        assertThat(recovered.statusCode()).isEqualTo(200);
        assertThat(recovered.body()).contains("2 webhooks en échec vont être renvoyés.");
        await().atMost(Duration.ofSeconds(20)).until(() -> deliveries(merchantId, "succeeded") == 2);
        assertThat(browser.submit(recovered, "/portal/webhooks/recover", Map.of("since", "hier"))
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void aDeliveryOfAnotherMerchantCannotBeRedeliveredFromThePortal() throws Exception {
        JsonObject owner = merchant("Pwopriyetè", "/portal-owner");
        String id = service.createPayment(service.tokenFor(owner), new JsonObject().put("amount", 50))
                .getString("id");
        service.transition(id, PaymentStatus.COMPLETED);
        receiver.await("/portal-owner", 1);
        String deliveryId = service.sql("SELECT id FROM webhook_deliveries WHERE payment_id = $1", UUID.fromString(id))
                .iterator()
                .next()
                .getUUID("id")
                .toString();
        JsonObject intruder = merchant("Lòt", null);
        PortalClient browser = signedIn(intruder);
        HttpResponse<String> page = browser.get("/portal/webhooks");
        assertThat(page.body()).doesNotContain(deliveryId);
        HttpResponse<String> answer =
                browser.submit(page, "/portal/webhooks/redeliver", Map.of("delivery_id", deliveryId));
        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(receiver.received("/portal-owner")).hasSize(1);
    }

    // ---- payment links ----

    @Test
    void aPaymentLinkLastsAndItsPaymentsAreFoundUnderIt() throws Exception {
        JsonObject shop = merchant("Mache Lyen", null);
        PortalClient browser = signedIn(shop);
        HttpResponse<String> form = browser.get("/portal/links?lang=ht");
        assertThat(form.body())
                .contains("Kreye yon lyen peman")
                .contains("name=\"max_payments\" inputmode=\"numeric\" value=\"1\"");
        HttpResponse<String> created = browser.submit(
                form,
                "/portal/links",
                Map.of("amount", "1 500,50", "description", "Pen ak manba", "reference", "LYEN-1", "max_payments", ""));
        assertThat(created.statusCode()).isEqualTo(303);
        String location = created.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches("/portal/links/[0-9a-f-]{36}");
        UUID linkId = UUID.fromString(location.substring("/portal/links/".length()));

        Row link = service.sql("SELECT * FROM payment_links WHERE id = $1", linkId)
                .iterator()
                .next();
        assertThat(link.getUUID("merchant_id").toString()).isEqualTo(shop.getString("merchant_id"));
        assertThat(link.getBigDecimal("amount")).isEqualByComparingTo(new BigDecimal("1500.50"));
        assertThat(link.getString("description")).isEqualTo("Pen ak manba");
        assertThat(link.getString("reference_id")).isEqualTo("LYEN-1");
        assertThat(link.getInteger("max_payments")).isNull();
        String url = service.config.publicBaseUrl() + "/l/" + link.getString("code");

        HttpResponse<String> shown = browser.get(location);
        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(shown.body())
                .contains(url)
                .contains("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                .contains("https://wa.me/?text=")
                .contains("/portal/links/" + linkId + "/card");
        assertThat(browser.get("/portal/links").body()).contains("Pen ak manba").contains(location);
        HttpResponse<String> card = browser.get(location + "/card");
        assertThat(card.statusCode()).isEqualTo(200);
        assertThat(card.body())
                .contains("Mache Lyen", "Eskane pou peye ak MonCash", "@media print", url)
                .contains(new PortalText(io.walletpay.page.Language.HT).amount(new BigDecimal("1500.50")));
        assertThat(browser.get("/portal/settings").body()).contains("data-action=\"payment_link.create\"");

        // two customers pay through it; the merchant finds both under the link
        Http customers = service.http;
        for (int i = 0; i < 2; i++) {
            var started = customers.send(
                    "POST",
                    "/l/" + link.getString("code"),
                    null,
                    "",
                    Map.of("Content-Type", "application/x-www-form-urlencoded"));
            assertThat(started.status()).isEqualTo(303);
        }
        HttpResponse<String> payments = browser.get("/portal/payments?link=" + linkId);
        assertThat(payments.statusCode()).isEqualTo(200);
        assertThat(payments.body().split("<tr data-id=")).hasSize(3);
        assertThat(browser.get("/portal/payments?link=" + UUID.randomUUID()).body())
                .doesNotContain("<tr data-id=");
        assertThat(browser.get("/portal/payments?link=not-an-id").statusCode()).isEqualTo(400);
        String paymentId = group(payments.body(), "<tr data-id=\"([0-9a-f-]{36})\"");
        assertThat(browser.get("/portal/payments/" + paymentId).body()).contains("href=\"" + location + "\"");

        // turned off: the page says so and the public link answers 410
        HttpResponse<String> off = browser.submit(browser.get(location), location + "/deactivate", Map.of());
        assertThat(off.statusCode()).isEqualTo(303);
        assertThat(browser.get(location).body()).contains("id=\"link-off\"").doesNotContain("id=\"deactivate\"");
        assertThat(customers.get("/l/" + link.getString("code"), null).status()).isEqualTo(410);
        assertThat(browser.get("/portal/settings").body()).contains("data-action=\"payment_link.deactivate\"");

        // another merchant cannot open it, print it or turn it off
        PortalClient other = signedIn(merchant("Lòt Mache", null));
        assertThat(other.get(location).statusCode()).isEqualTo(404);
        assertThat(other.get(location + "/card").statusCode()).isEqualTo(404);
        assertThat(other.submit(other.get("/portal/links"), location + "/deactivate", Map.of())
                        .statusCode())
                .isEqualTo(404);
    }

    @Test
    void aOneShotLinkTakesOnePaymentAndAnyAmountLinksLetTheCustomerType() throws Exception {
        PortalClient browser = signedIn(merchant("Yon sèl fwa", null));
        HttpResponse<String> form = browser.get("/portal/links?lang=en");
        HttpResponse<String> created = browser.submit(
                form, "/portal/links", Map.of("amount", "", "description", "Any amount, once", "max_payments", "1"));
        assertThat(created.statusCode()).isEqualTo(303);
        UUID linkId = UUID.fromString(
                created.headers().firstValue("Location").orElseThrow().substring("/portal/links/".length()));
        Row link = service.sql("SELECT * FROM payment_links WHERE id = $1", linkId)
                .iterator()
                .next();
        assertThat(link.getBigDecimal("amount")).isNull();
        assertThat(link.getBigDecimal("min_amount")).isEqualByComparingTo("1.00");
        assertThat(link.getInteger("max_payments")).isEqualTo(1);
        assertThat(browser.get("/portal/links/" + linkId).body()).contains("Any amount");

        String path = "/l/" + link.getString("code");
        Map<String, String> formType = Map.of("Content-Type", "application/x-www-form-urlencoded");
        Http.Response first = service.http.send("POST", path, null, "amount=75", formType);
        assertThat(first.status()).isEqualTo(303);
        // its one place is held while the first customer pays: busy, not used up
        assertThat(service.http.send("POST", path, null, "amount=75", formType).status())
                .isEqualTo(409);
        String checkout = URI.create(first.header("Location")).getRawPath();
        assertThat(service.http
                        .send("POST", checkout, null, "phone=37001234&action=pay", formType)
                        .status())
                .isIn(200, 303);
        assertThat(service.http.send("POST", path, null, "amount=75", formType).status())
                .isEqualTo(410);
    }

    @Test
    void aBadAmountIsRefusedOnTheFormAndNoPaymentIsMade() throws Exception {
        JsonObject shop = merchant("Move Montan", null);
        PortalClient browser = signedIn(shop);
        HttpResponse<String> form = browser.get("/portal/links?lang=en");
        for (String amount : List.of("abc", "-5", "0", "12.3456", "999999999999")) {
            HttpResponse<String> refused =
                    browser.submit(form, "/portal/links", Map.of("amount", amount, "description", "x"));
            assertThat(refused.statusCode()).as(amount).isEqualTo(400);
            assertThat(refused.body())
                    .as(amount)
                    .contains("That amount is not valid")
                    .contains("value=\"" + amount);
            form = refused;
        }
        HttpResponse<String> noDescription = browser.submit(
                browser.get("/portal/links?lang=en"), "/portal/links", Map.of("amount", "100", "description", ""));
        assertThat(noDescription.statusCode()).isEqualTo(400);
        assertThat(noDescription.body()).contains("Say what you sell");
        HttpResponse<String> badMax = browser.submit(
                browser.get("/portal/links?lang=en"),
                "/portal/links",
                Map.of("amount", "100", "description", "x", "max_payments", "zero"));
        assertThat(badMax.statusCode()).isEqualTo(400);
        assertThat(badMax.body()).contains("Enter a number of payments");
        HttpResponse<String> forged = browser.post("/portal/links", Map.of("amount", "100"));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(service.sql(
                                "SELECT count(*) AS n FROM payments WHERE merchant_id = $1",
                                UUID.fromString(shop.getString("merchant_id")))
                        .iterator()
                        .next()
                        .getInteger("n"))
                .isZero();
        assertThat(service.sql(
                                "SELECT count(*) AS n FROM payment_links WHERE merchant_id = $1",
                                UUID.fromString(shop.getString("merchant_id")))
                        .iterator()
                        .next()
                        .getInteger("n"))
                .isZero();
    }

    private static int deliveries(UUID merchantId, String status) {
        return service.sql(
                        "SELECT count(*) AS n FROM webhook_deliveries WHERE merchant_id = $1 AND status = $2",
                        merchantId,
                        status)
                .iterator()
                .next()
                .getInteger("n");
    }

    private static String group(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("%s in %s", regex, text).isTrue();
        return m.group(1);
    }
}
