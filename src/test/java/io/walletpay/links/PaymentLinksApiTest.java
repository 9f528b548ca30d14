package io.walletpay.links;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.Checkout;
import io.walletpay.page.Language;
import io.walletpay.page.Messages;
import io.walletpay.page.PageText;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Payment links that last, end to end over HTTP: the API resource, the public page that never creates a payment on
 * GET, payments through it (fixed and typed amounts), the limits that end a link (max_payments, deactivation,
 * expiry) with their 410 pages in three languages, a link whose places are all held by payments in progress
 * answering 409 with from when to try again, payment_link_id on payments and webhooks, and the per-address rate
 * limit.
 */
@BehaviourTest
class PaymentLinksApiTest {

    private static final String LINKS = "/api/merchant/payment-links";
    private static final Map<String, String> FORM = Map.of("Content-Type", "application/x-www-form-urlencoded");

    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        // no sweep while a test settles a payment past its expiry by hand
        service = RunningService.start(Map.of(
                "WALLETPAY_PAYMENTS_LINK_PAYMENTS_PER_MINUTE",
                "1000",
                "WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS",
                "3600"));
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void oneLinkTakesManyPaymentsAndAGetCreatesNone() {
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", "Manman Jo")
                .put("webhook_url", "https://shop.example/hooks")
                .put("fee_percent", 2));
        String token = service.tokenFor(merchant);
        Http.Response created =
                http.post(LINKS, token, new JsonObject().put("amount", 250).put("description", "Diri ak pwa, 1 plat"));
        assertThat(created.status()).isEqualTo(201);
        JsonObject link = created.data();
        assertThat(UUID.fromString(link.getString("id")).version())
                .as("a time-ordered identifier")
                .isEqualTo(7);
        assertThat(UUID.fromString(merchant.getString("merchant_id")).version())
                .as("a time-ordered identifier")
                .isEqualTo(7);
        assertThat(link.getString("amount")).isEqualTo("250.00");
        assertThat(link.getString("min_amount")).isNull();
        assertThat(link.getBoolean("active")).isTrue();
        assertThat(link.getInteger("payments_count")).isZero();
        assertThat(link.getString("amount_collected")).isEqualTo("0.00");
        assertThat(link.getValue("max_payments")).isNull();
        assertThat(link.getValue("expires_at")).isNull();
        String code = code(link);
        assertThat(code).hasSizeGreaterThanOrEqualTo(10);
        assertThat(link.getString("url")).isEqualTo(service.config.publicBaseUrl() + "/l/" + code);

        for (int i = 0; i < 3; i++) {
            Http.Response page = http.get("/l/" + code + "?lang=ht", null);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body())
                    .contains(
                            "Manman Jo",
                            "Diri ak pwa, 1 plat",
                            PageText.formatAmount(new BigDecimal("250.00"), Language.HT));
        }
        assertThat(http.get("/l/" + code + "/qr.svg", null).body()).startsWith("<svg");
        assertThat(paymentsThrough(link)).isZero();

        Set<String> checkouts = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Http.Response started = http.send("POST", "/l/" + code, null, "", FORM);
            assertThat(started.status()).isEqualTo(303);
            checkouts.add(started.header("Location"));
        }
        assertThat(checkouts).hasSize(3).allMatch(url -> url.contains("/checkout/"));
        assertThat(paymentsThrough(link)).isEqualTo(3);

        List<String> urls = List.copyOf(checkouts);
        pay(urls.get(0));
        pay(urls.get(1));

        JsonObject after = http.get(LINKS + "/" + link.getString("id"), token).data();
        assertThat(after.getInteger("payments_count")).isEqualTo(2);
        assertThat(after.getString("amount_collected")).isEqualTo("500.00");

        JsonArray listed = http.get("/api/merchant/payments?payment_link_id=" + link.getString("id"), token)
                .dataArray();
        assertThat(listed).hasSize(3);
        for (Object each : listed) {
            JsonObject payment = (JsonObject) each;
            assertThat(payment.getString("payment_link_id")).isEqualTo(link.getString("id"));
            assertThat(payment.getString("amount")).isEqualTo("250.00");
            assertThat(payment.getString("description")).isEqualTo("Diri ak pwa, 1 plat");
        }
        JsonObject ordinary = service.createPayment(token, new JsonObject().put("amount", 10));
        assertThat(http.get("/api/merchant/payments/" + ordinary.getString("id"), token)
                        .data()
                        .getValue("payment_link_id"))
                .isNull();

        // each completed payment's webhook names the link
        var bodies = service.sql(
                "SELECT body FROM webhook_deliveries WHERE merchant_id = $1",
                UUID.fromString(merchant.getString("merchant_id")));
        assertThat(bodies.size()).isEqualTo(2);
        bodies.forEach(row -> assertThat(new JsonObject(row.getString("body"))
                        .getJsonObject("data")
                        .getString("payment_link_id"))
                .isEqualTo(link.getString("id")));

        JsonArray links = http.get(LINKS, token).dataArray();
        assertThat(links).hasSize(1);
        assertThat(links.getJsonObject(0).getString("id")).isEqualTo(link.getString("id"));
    }

    @Test
    void theCustomerTypesTheAmountAsPeopleWriteItFromTheLinksMinimum() {
        String token = service.tokenFor(service.createMerchant("Ti Mache"));
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("min_amount", 100).put("description", "Pwovizyon"))
                .data();
        assertThat(link.getValue("amount")).isNull();
        assertThat(link.getString("min_amount")).isEqualTo("100.00");
        String path = "/l/" + code(link);

        Http.Response page = http.get(path + "?lang=fr", null);
        assertThat(page.body())
                .contains(
                        "name=\"amount\"",
                        "inputmode=\"decimal\"",
                        PageText.formatAmount(new BigDecimal("100.00"), Language.FR));

        assertThat(startedAmount(token, http.send("POST", path, null, "amount=" + encode("1 500,50"), FORM)))
                .isEqualTo("1500.50");
        assertThat(startedAmount(token, http.send("POST", path, null, "amount=1500.5", FORM)))
                .isEqualTo("1500.50");
        assertThat(startedAmount(token, http.send("POST", path, null, "amount=100", FORM)))
                .isEqualTo("100.00");

        Messages fr = Messages.of(Language.FR);
        Http.Response tooSmall = http.send("POST", path + "?lang=fr", null, "amount=99.99", FORM);
        assertThat(tooSmall.status()).isEqualTo(400);
        assertThat(tooSmall.body())
                .contains(
                        fr.get("link.amount.too_small", PageText.formatAmount(new BigDecimal("100.00"), Language.FR)),
                        "value=\"99.99\"");
        Http.Response tooLarge = http.send("POST", path + "?lang=fr", null, "amount=100000.01", FORM);
        assertThat(tooLarge.status()).isEqualTo(400);
        assertThat(tooLarge.body())
                .contains(fr.get(
                        "link.amount.too_large", PageText.formatAmount(new BigDecimal("100000.00"), Language.FR)));
        for (String bad : List.of("abc", "", "1.2345", "-5", "1,500,50", "1e3")) {
            Http.Response refused = http.send("POST", path + "?lang=fr", null, "amount=" + encode(bad), FORM);
            assertThat(refused.status()).as(bad).isEqualTo(400);
            assertThat(refused.body()).contains(fr.get("link.amount.invalid"));
        }
        assertThat(paymentsThrough(link)).isEqualTo(3);
    }

    /**
     * A pending payment past its expiry keeps its place until it is settled: with the live wallet a payment made at
     * the provider just before it expired is still confirmed paid afterwards, so a place given back at the expiry
     * could be paid twice. The busy page then points to the next sweep.
     */
    @Test
    void aPaymentPastItsExpiryHoldsItsPlaceUntilItIsSettled() {
        String token = service.tokenFor(service.createMerchant("One only"));
        JsonObject link = http.post(
                        LINKS,
                        token,
                        new JsonObject()
                                .put("amount", 75)
                                .put("description", "One seat")
                                .put("max_payments", 1))
                .data();
        String path = "/l/" + code(link);
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(303);
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE payment_link_id = $1",
                UUID.fromString(link.getString("id")));

        Http.Response held = http.send("POST", path, null, "", FORM);

        assertThat(held.status()).isEqualTo(409);
        assertThat(Long.parseLong(held.header("Retry-After")))
                .isBetween(1L, (long) service.config.payments().expirySweepSeconds() + 1);
        assertThat(paymentsThrough(link)).isEqualTo(1);
        // settled as expired (what the sweep does when the wallet says it was not paid): the place is free again
        service.sql(
                "UPDATE payments SET status = 'expired' WHERE payment_link_id = $1",
                UUID.fromString(link.getString("id")));
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(303);
        assertThat(paymentsThrough(link)).isEqualTo(2);
    }

    @Test
    void placesHeldByPaymentsInProgressMakeTheLinkBusyForAWhileAndOnlyPaidOnesUseItUp() {
        String token = service.tokenFor(service.createMerchant("Two only"));
        JsonObject link = http.post(
                        LINKS,
                        token,
                        new JsonObject()
                                .put("amount", 50)
                                .put("description", "Two tickets")
                                .put("max_payments", 2))
                .data();
        String path = "/l/" + code(link);
        String first = http.send("POST", path, null, "", FORM).header("Location");
        String second = http.send("POST", path, null, "", FORM).header("Location");
        assertThat(second).isNotNull();

        // nobody has paid: the link is busy (409) until the first of them expires, not gone, and says so
        OffsetDateTime firstExpiry = service.sql(
                        "SELECT min(expires_at) FROM payments WHERE payment_link_id = $1",
                        UUID.fromString(link.getString("id")))
                .iterator()
                .next()
                .getOffsetDateTime(0);
        String when = firstExpiry.atZoneSameInstant(PageText.HAITI).format(PageText.DATE_TIME);
        Http.Response third = http.send("POST", path, null, "", FORM);
        assertThat(third.status()).isEqualTo(409);
        assertThat(third.header("Retry-After")).isNotNull();
        assertThat(Long.parseLong(third.header("Retry-After"))).isBetween(1L, 31 * 60L);
        assertThat(third.body())
                .contains(Messages.of(Language.HT).get("link.busy.title"))
                .contains(Messages.of(Language.HT).get("link.busy.text", when))
                .doesNotContain(Messages.of(Language.HT).get("link.gone.used_up"));
        for (Language language : Language.values()) {
            Http.Response looked = http.get(path + "?lang=" + language.tag(), null);
            assertThat(looked.status()).isEqualTo(409);
            assertThat(looked.body())
                    .contains(Messages.of(language).get("link.busy.title"))
                    .contains(Messages.of(language).get("link.busy.text", when));
        }
        assertThat(paymentsThrough(link)).isEqualTo(2);

        // the customer of the first one is declined: a decline is an attempt, so the payment keeps its place
        String checkout = URI.create(first).getRawPath();
        assertThat(http.send("POST", checkout, null, "phone=50900000002&action=pay", FORM)
                        .status())
                .isEqualTo(303);
        assertThat(http.get(path, null).status()).isEqualTo(409);
        // declined three times, the payment fails: its place goes back to the link
        for (int attempt = 2; attempt <= Checkout.DECLINES_BEFORE_FAILING; attempt++) {
            assertThat(http.send("POST", checkout, null, "phone=50900000002&action=pay", FORM)
                            .status())
                    .isIn(200, 303);
        }
        assertThat(http.get(path, null).status()).isEqualTo(200);
        String last = http.send("POST", path, null, "", FORM).header("Location");
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(409);

        // both paid: now the link has taken all its payments, and that is gone (410)
        pay(second);
        assertThat(http.get(path, null).status()).isEqualTo(409);
        pay(last);
        Http.Response usedUp = http.get(path, null);
        assertThat(usedUp.status()).isEqualTo(410);
        assertThat(usedUp.body()).contains(Messages.of(Language.HT).get("link.gone.used_up"));
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(410);
        assertThat(paymentsThrough(link)).isEqualTo(3);
    }

    @Test
    void aDeactivatedLinkTakesNoMorePayments() {
        String token = service.tokenFor(service.createMerchant("Closing stall"));
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("amount", 75).put("description", "Kafe"))
                .data();
        String path = "/l/" + code(link);
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(303);

        Http.Response deactivated = http.post(LINKS + "/" + link.getString("id") + "/deactivate", token, null);
        assertThat(deactivated.status()).isEqualTo(200);
        assertThat(deactivated.data().getBoolean("active")).isFalse();
        assertThat(http.post(LINKS + "/" + link.getString("id") + "/deactivate", token, null)
                        .status())
                .isEqualTo(200);
        // asked twice, deactivated once: one entry in the audit log
        assertThat(http.get("/api/merchant/audit-log", token).dataArray().stream()
                        .map(JsonObject.class::cast)
                        .filter(entry -> "payment_link.deactivate".equals(entry.getString("action"))))
                .hasSize(1);

        Http.Response page = http.get(path, null);
        assertThat(page.status()).isEqualTo(410);
        assertThat(page.body()).contains(Messages.of(Language.HT).get("link.gone.deactivated"));
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(410);
        assertThat(paymentsThrough(link)).isEqualTo(1);

        String other = service.tokenFor(service.createMerchant("Someone else"));
        assertThat(http.get(LINKS + "/" + link.getString("id"), other).status()).isEqualTo(404);
        assertThat(http.post(LINKS + "/" + link.getString("id") + "/deactivate", other, null)
                        .status())
                .isEqualTo(404);
    }

    @Test
    void anExpiredLinkAnswersGoneAndAnExpiryMustBeInTheFuture() {
        String token = service.tokenFor(service.createMerchant("Fair day"));
        Http.Response past = http.post(
                LINKS,
                token,
                new JsonObject()
                        .put("amount", 10)
                        .put("description", "Fair")
                        .put("expires_at", "2020-01-01T00:00:00Z"));
        assertThat(past.status()).isEqualTo(400);
        assertThat(past.errorCode()).isEqualTo("invalid_expires_at");

        String tomorrow = OffsetDateTime.now(ZoneOffset.UTC).plusDays(1).toString();
        JsonObject link = http.post(
                        LINKS,
                        token,
                        new JsonObject()
                                .put("amount", 10)
                                .put("description", "Fair")
                                .put("expires_at", tomorrow))
                .data();
        assertThat(link.getString("expires_at")).isNotNull();
        String path = "/l/" + code(link);
        assertThat(http.get(path, null).status()).isEqualTo(200);

        // the fair is over: the link's end is moved into the past, as time would
        service.sql(
                "UPDATE payment_links SET expires_at = now() - interval '1 minute' WHERE id = $1",
                UUID.fromString(link.getString("id")));
        Http.Response page = http.get(path + "?lang=en", null);
        assertThat(page.status()).isEqualTo(410);
        assertThat(page.body()).contains(Messages.of(Language.EN).get("link.gone.expired"));
        assertThat(http.send("POST", path, null, "", FORM).status()).isEqualTo(410);
        assertThat(paymentsThrough(link)).isZero();
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theGonePageSpeaksTheCustomersLanguage(Language language) {
        String token = service.tokenFor(service.createMerchant("Lang " + language.tag()));
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("amount", 5).put("description", "Dlo"))
                .data();
        http.post(LINKS + "/" + link.getString("id") + "/deactivate", token, null);
        Messages text = Messages.of(language);

        Http.Response asked = http.get("/l/" + code(link) + "?lang=" + language.tag(), null);
        Http.Response browser =
                http.send("GET", "/l/" + code(link), null, null, Map.of("Accept-Language", language.tag() + ";q=1"));
        for (Http.Response page : List.of(asked, browser)) {
            assertThat(page.status()).isEqualTo(410);
            assertThat(page.header("Content-Type")).startsWith("text/html");
            assertThat(page.body())
                    .contains("<html lang=\"" + language.tag() + "\">")
                    .contains(text.get("link.gone.title"), text.get("link.gone.deactivated"));
        }
    }

    @Test
    void theQrCodesEncodeTheLinksUrl() throws Exception {
        String token = service.tokenFor(service.createMerchant("QR stall"));
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("amount", 20).put("description", "Kokoye"))
                .data();
        String path = "/l/" + code(link);

        Http.Response svg = http.get(path + "/qr.svg", null);
        assertThat(svg.status()).isEqualTo(200);
        assertThat(svg.header("Content-Type")).isEqualTo("image/svg+xml");
        assertThat(svg.body()).isEqualTo(QrSvg.of(link.getString("url")));

        java.net.http.HttpResponse<byte[]> png = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(URI.create(link.getString("url") + "/qr.png"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertThat(png.statusCode()).isEqualTo(200);
        assertThat(png.headers().firstValue("Content-Type")).hasValue("image/png");
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png.body()));
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        var bitmap = new com.google.zxing.BinaryBitmap(new com.google.zxing.common.HybridBinarizer(
                new com.google.zxing.RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels)));
        assertThat(new com.google.zxing.qrcode.QRCodeReader()
                        .decode(bitmap, Map.of(com.google.zxing.DecodeHintType.PURE_BARCODE, Boolean.TRUE))
                        .getText())
                .isEqualTo(link.getString("url"));
        assertThat(http.get("/l/unknown-code-123/qr.png", null).status()).isEqualTo(404);
    }

    @Test
    void theLinksPageIsAStrictHtmlPageAndRefusesWhatItsFormNeverSends() {
        String token = service.tokenFor(service.createMerchant("<b>Strict</b> stall"));
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("amount", 20).put("description", "<i>x</i>"))
                .data();
        String path = "/l/" + code(link);

        Http.Response page = http.get(path, null);
        assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'", "form-action 'self'");
        assertThat(page.header("Cache-Control")).isEqualTo("no-store");
        assertThat(page.body())
                .contains("&lt;b&gt;Strict&lt;/b&gt; stall", "&lt;i&gt;x&lt;/i&gt;")
                .doesNotContain("<b>Strict</b>");

        assertThat(http.send("POST", path, null, "{}", Map.of("Content-Type", "application/json"))
                        .status())
                .isEqualTo(415);
        Http.Response other = http.send("DELETE", path, null, null, Map.of());
        assertThat(other.status()).isEqualTo(405);
        assertThat(other.header("Allow")).isEqualTo("GET, HEAD, POST");
        assertThat(paymentsThrough(link)).isZero();
    }

    @Test
    void badRequestsAreFourHundredsNamingTheField() {
        String token = service.tokenFor(service.createMerchant("Strict"));
        assertThat(http.post(LINKS, token, new JsonObject().put("amount", 10)).errorCode())
                .isEqualTo("invalid_description");
        assertThat(http.post(LINKS, token, new JsonObject().put("description", "x".repeat(201)))
                        .errorCode())
                .isEqualTo("invalid_description");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject()
                                        .put("amount", 10)
                                        .put("min_amount", 5)
                                        .put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_min_amount");
        assertThat(http.post(LINKS, token, new JsonObject().put("amount", 0).put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_amount");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject().put("amount", 100000.01).put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_amount");
        // amounts are JSON numbers, as a payment's is: a string is refused, not read
        assertThat(http.post(LINKS, token, new JsonObject().put("amount", "100").put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_amount");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject().put("min_amount", "30").put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_min_amount");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject().put("max_payments", 0).put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_max_payments");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject().put("max_payments", 1.5).put("description", "x"))
                        .errorCode())
                .isEqualTo("invalid_max_payments");
        assertThat(http.post(
                                LINKS,
                                token,
                                new JsonObject().put("description", "x").put("colour", "red"))
                        .status())
                .isEqualTo(400);
        assertThat(http.get(LINKS + "/" + UUID.randomUUID(), token).status()).isEqualTo(404);
        assertThat(http.get(LINKS + "?limit=0", token).status()).isEqualTo(400);
        assertThat(http.get("/l/unknown-code-123", null).status()).isEqualTo(404);
        assertThat(http.get("/l/short", null).status()).isEqualTo(404);
        assertThat(http.send("POST", "/l/unknown-code-123", null, "", FORM).status())
                .isEqualTo(404);
    }

    @Test
    void theListIsNewestFirstWithACursor() {
        String token = service.tokenFor(service.createMerchant("Many links"));
        for (int i = 0; i < 3; i++) {
            http.post(LINKS, token, new JsonObject().put("amount", 10 + i).put("description", "link " + i));
        }
        Http.Response first = http.get(LINKS + "?limit=2", token);
        assertThat(first.json().getBoolean("has_more")).isTrue();
        assertThat(first.dataArray().getJsonObject(0).getString("description")).isEqualTo("link 2");
        String last = first.dataArray().getJsonObject(1).getString("id");
        Http.Response second = http.get(LINKS + "?limit=2&starting_after=" + last, token);
        assertThat(second.json().getBoolean("has_more")).isFalse();
        assertThat(second.dataArray()).hasSize(1);
        assertThat(second.dataArray().getJsonObject(0).getString("description")).isEqualTo("link 0");
    }

    @Test
    void startingPaymentsThroughLinksIsLimitedPerClientAddress() {
        try (RunningService limited =
                RunningService.start(Map.of("WALLETPAY_PAYMENTS_LINK_PAYMENTS_PER_MINUTE", "3"))) {
            String token = limited.tokenFor(limited.createMerchant("Busy stall"));
            JsonObject link = limited.http
                    .post(LINKS, token, new JsonObject().put("amount", 10).put("description", "Pen"))
                    .data();
            String path = "/l/" + code(link);
            for (int i = 0; i < 3; i++) {
                assertThat(limited.http.send("POST", path, null, "", FORM).status())
                        .isEqualTo(303);
            }
            Http.Response refused = limited.http.send("POST", path + "?lang=en", null, "", FORM);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).matches("[1-9][0-9]*");
            assertThat(refused.header("Content-Type")).startsWith("text/html");
            // looking is not limited
            assertThat(limited.http.get(path, null).status()).isEqualTo(200);
            assertThat(limited.sql(
                                    "SELECT count(*) FROM payments WHERE payment_link_id = $1",
                                    UUID.fromString(link.getString("id")))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(3);
        }
    }

    @Test
    void aDisabledMerchantsLinkTakesNoPayment() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Closed shop").put("locale", "fr"));
        String token = service.tokenFor(merchant);
        JsonObject link = http.post(
                        LINKS, token, new JsonObject().put("amount", 5).put("description", "x"))
                .data();
        http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("status", "disabled"));
        Http.Response page = http.send("GET", "/l/" + code(link), null, null, Map.of("Accept-Language", "en"));
        assertThat(page.status()).isEqualTo(403);
        // in the shop's language, as its link's other pages
        assertThat(page.body()).contains("<html lang=\"fr\">");
        Map<String, String> englishForm =
                Map.of("Content-Type", "application/x-www-form-urlencoded", "Accept-Language", "en");
        Http.Response refused = http.send("POST", "/l/" + code(link), null, "", englishForm);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).contains("<html lang=\"fr\">");
        assertThat(paymentsThrough(link)).isZero();
    }

    private static String startedAmount(String token, Http.Response started) {
        assertThat(started.status()).isEqualTo(303);
        String checkoutToken =
                started.header("Location").substring(started.header("Location").lastIndexOf('/') + 1);
        return service.sql("SELECT amount FROM payments WHERE checkout_token = $1", checkoutToken)
                .iterator()
                .next()
                .getBigDecimal(0)
                .toPlainString();
    }

    private static void pay(String checkoutUrl) {
        Http.Response paid =
                http.send("POST", URI.create(checkoutUrl).getRawPath(), null, "phone=50937123456&action=pay", FORM);
        assertThat(paid.status()).isIn(200, 303);
    }

    private static long paymentsThrough(JsonObject link) {
        return service.sql(
                        "SELECT count(*) FROM payments WHERE payment_link_id = $1",
                        UUID.fromString(link.getString("id")))
                .iterator()
                .next()
                .getLong(0);
    }

    private static String code(JsonObject link) {
        String url = link.getString("url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
