package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.PortalClient;
import io.walletpay.support.PortalSignIn;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;

/**
 * A shop's owner in a real headless Chromium (no JavaScript needed by the pages) joins from the invitation link,
 * logs in with the password and the code, reads the overview, filters the payments, opens one, cancels it and logs
 * out, in each language; exports, redelivers, sells through a payment link paid by scanning its QR code, changes the
 * settings and the secret key (with the password typed again), in two. Screenshots of the overview, the payments list
 * and a payment link go to {@code target/screenshots} ({@code -Dwalletpay.screenshots=docs} refreshes the docs' own).
 */
@BehaviourTest
class PortalBrowserTest {

    // target/screenshots, so a test run never rewrites the tracked docs/ pictures; refresh those with
    // mvn test -Dtest=PortalBrowserTest -Dwalletpay.screenshots=docs
    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    static RunningService service;
    static io.walletpay.support.WebhookReceiver receiver;
    static JsonObject shop;
    static String shopToken;
    static String base;

    HeadlessChromium chromium;
    WebDriver browser;
    PortalSignIn signIn;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        receiver = new io.walletpay.support.WebhookReceiver();
        base = "http://localhost:" + service.config.http().port();
        shop = service.createMerchant("Boutik Ti Jan");
        shopToken = service.tokenFor(shop);
        JsonObject other = service.createMerchant("Lòt Machann");
        service.createPayment(
                service.tokenFor(other), new JsonObject().put("amount", 4321).put("reference_id", "NOT-MINE"));
        int[] amounts = {2500, 1250, 800, 15000, 3200, 640};
        for (int i = 0; i < amounts.length; i++) {
            JsonObject payment = service.createPayment(
                    shopToken,
                    new JsonObject()
                            .put("amount", amounts[i])
                            .put("reference_id", "CMD-" + (100 + i))
                            .put("description", "Kòmand " + (100 + i)));
            if (i % 3 == 0) {
                service.transition(payment.getString("id"), PaymentStatus.COMPLETED);
            } else if (i == 4) {
                service.transition(payment.getString("id"), PaymentStatus.FAILED);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    @BeforeEach
    void openBrowser() throws IOException {
        // the portal needs no JavaScript: the browser runs none, so every test proves it
        chromium = HeadlessChromium.withoutScripts(1280, 800);
        browser = chromium.driver();
        signIn = new PortalSignIn(chromium, base);
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void anOwnerLogsInFiltersOpensAPaymentCancelsItAndLogsOut(Language language) throws Exception {
        PortalText t = new PortalText(language);
        JsonObject toCancel = service.createPayment(
                shopToken, new JsonObject().put("amount", 990).put("reference_id", "CANCEL-" + language.tag()));
        // the owner the operator invited joins (password, second factor) and leaves; the day starts signed out
        PortalClient.Person owner = signIn.join(shop, "owner", language);
        chromium.clickAndLoad(By.id("logout"));
        chromium.arrivesAt("/portal/login");

        browser.get(base + "/portal/payments?lang=" + language.tag());
        assertThat(browser.getCurrentUrl()).endsWith("/portal/login?lang=" + language.tag());
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo(language.tag());
        assertThat(browser.findElement(By.id("login")).getText()).isEqualTo(t.get("login.submit"));
        assertThat(browser.findElements(By.id("secret_key")))
                .as("the secret key opens no portal")
                .isEmpty();

        // e-mail and password, then the code the owner's app shows
        signIn.logIn(owner, language);

        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo(t.get("overview.title", "Boutik Ti Jan"));
        assertThat(browser.findElement(By.cssSelector("#period-today tr[data-status=completed] td:nth-child(2)"))
                        .getText())
                .isEqualTo("2");
        assertThat(browser.findElements(By.cssSelector("#chart rect"))).hasSize(30);
        assertThat(browser.getPageSource()).doesNotContain("43,21").doesNotContain("4 321");
        screenshot("portal-overview-" + language.tag());

        clickAndLoad(By.linkText(t.get("nav.payments")));
        assertThat(browser.findElement(By.cssSelector("nav.main a[aria-current=page]"))
                        .getText())
                .isEqualTo(t.get("nav.payments"));
        assertThat(browser.findElements(By.cssSelector("#payments tbody tr"))).hasSizeGreaterThanOrEqualTo(7);
        assertThat(browser.getPageSource()).doesNotContain("NOT-MINE");
        screenshot("portal-payments-" + language.tag());

        // the search form is folded until asked for
        assertThat(browser.findElement(By.id("status")).isDisplayed()).isFalse();
        browser.findElement(By.cssSelector("#filters summary")).click();
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("status"))).selectByValue("completed");
        clickAndLoad(By.id("filter"));
        assertThat(browser.findElements(By.cssSelector("#payments tbody tr"))).hasSize(2);
        assertThat(browser.findElements(By.cssSelector("#payments .status-completed")))
                .hasSize(2);

        browser.get(base + "/portal/payments?reference=CANCEL-" + language.tag());
        clickAndLoad(By.linkText("CANCEL-" + language.tag()));
        assertThat(browser.findElement(By.id("payment-id")).getText()).isEqualTo(toCancel.getString("id"));
        assertThat(browser.findElement(By.id("status")).getText()).isEqualTo(t.status("pending"));
        // cancelling asks first; "no" changes nothing
        clickAndLoad(By.id("cancel"));
        assertThat(browser.findElement(By.id("cancel-confirm")).getText())
                .contains(t.get("payment.cancel.confirm").replace('\u00A0', ' '));
        clickAndLoad(By.id("keep"));
        assertThat(browser.findElement(By.id("status")).getText()).isEqualTo(t.status("pending"));
        clickAndLoad(By.id("cancel"));
        clickAndLoad(By.id("confirm-cancel"));
        assertThat(browser.findElement(By.id("status")).getText()).isEqualTo(t.status("cancelled"));
        assertThat(service.http
                        .get("/api/merchant/payments/" + toCancel.getString("id"), shopToken)
                        .data()
                        .getString("status"))
                .isEqualTo("cancelled");

        clickAndLoad(By.id("logout"));
        arrivesAt("/portal/login");
        browser.get(base + "/portal/");
        assertThat(browser.getCurrentUrl()).endsWith("/portal/login");
    }

    /**
     * The rest of a merchant's day in two languages: filter, export what is filtered, open a payment and redeliver
     * its webhook, sell through a payment link whose QR code (as Chromium draws it) a customer scans and pays, and
     * change the settings. Every step is checked against the API or PostgreSQL, not only the page.
     */
    @ParameterizedTest
    @EnumSource(
            value = Language.class,
            names = {"HT", "FR"})
    void aMerchantExportsRedeliversSellsThroughAPaymentLinkAndChangesSettings(Language language) throws Exception {
        PortalText t = new PortalText(language);
        String hooks = "/browser-" + language.tag();
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Mache " + language.tag()).put("webhook_url", receiver.url(hooks)));
        String token = service.tokenFor(merchant);
        JsonObject sold = service.createPayment(
                token, new JsonObject().put("amount", 1800).put("reference_id", "SOLD-" + language.tag()));
        service.transition(sold.getString("id"), PaymentStatus.COMPLETED);
        service.createPayment(token, new JsonObject().put("amount", 60).put("reference_id", "OPEN-" + language.tag()));
        receiver.await(hooks, 1);

        PortalClient.Person owner = signIn.join(merchant, "owner", language);

        // filter by reference, then export exactly that
        clickAndLoad(By.linkText(t.get("nav.payments")));
        browser.findElement(By.cssSelector("#filters summary")).click();
        browser.findElement(By.id("reference")).sendKeys("SOLD-" + language.tag());
        clickAndLoad(By.id("filter"));
        assertThat(browser.findElements(By.cssSelector("#payments tbody tr"))).hasSize(1);
        String export = browser.findElement(By.id("export")).getAttribute("href");
        String csv = withBrowserSession(export);
        assertThat(csv.lines()).hasSize(2);
        assertThat(csv)
                .contains(sold.getString("id"))
                .contains("SOLD-" + language.tag())
                .doesNotContain("OPEN-");

        // open it and redeliver its webhook
        clickAndLoad(By.linkText("SOLD-" + language.tag()));
        assertThat(browser.findElements(By.cssSelector("#deliveries .attempts li")))
                .hasSize(1);
        clickAndLoad(By.cssSelector("#deliveries button.redeliver"));
        assertThat(browser.findElement(By.cssSelector("p.notice")).getText()).isEqualTo(t.get("payment.redelivered"));
        receiver.await(hooks, 2);

        // sell through a lasting payment link: a customer scans the QR code of the printed card, and pays
        clickAndLoad(By.linkText(t.get("nav.links")));
        browser.findElement(By.id("description")).sendKeys("Pate kòde");
        browser.findElement(By.id("amount")).sendKeys(language == Language.FR ? "1 250,50" : "1250.50");
        browser.findElement(By.id("max_payments")).clear(); // a stall's link: no limit
        clickAndLoad(By.id("create-link"));
        assertThat(browser.getCurrentUrl()).matches(".*/portal/links/[0-9a-f-]{36}");
        String linkPage = browser.getCurrentUrl();
        String linkId = linkPage.substring(linkPage.lastIndexOf('/') + 1);
        String linkUrl = browser.findElement(By.id("link-url")).getText();
        assertThat(linkUrl).startsWith(base + "/l/");
        screenshot("portal-link-" + language.tag());
        assertThat(scan(browser.findElement(By.id("qr")))).isEqualTo(linkUrl);
        // on a small phone, as at a market stall: no sideways scrolling on the link, the payments or the settings
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(360, 800));
        fitsThePhone();
        screenshot("portal-link-phone-" + language.tag());
        for (String page : List.of(
                "/portal/payments", "/portal/webhooks", "/portal/settings", "/portal/links", "/portal/payouts")) {
            browser.get(base + page);
            fitsThePhone();
        }
        screenshot("portal-payouts-phone-" + language.tag());
        // changing the secret key asks for the person's password, as the payout number does
        browser.get(base + "/portal/settings?confirm=secret-key#secrets");
        fitsThePhone();
        assertThat(browser.findElement(By.id("current-secret-key")).getAttribute("type"))
                .isEqualTo("password");
        assertThat(browser.findElement(By.id("current-secret-key")).getAttribute("name"))
                .isEqualTo("password");
        screenshot("portal-settings-key-phone-" + language.tag());
        // a payment's amount and status are on the screen, not behind a sideways scroll
        browser.get(base + "/portal/payments");
        screenshot("portal-payments-phone-" + language.tag());
        for (String cell : List.of("td.amount", "td.state .status")) {
            assertThat(insideTheScreen(browser.findElement(By.cssSelector("#payments tbody tr " + cell))))
                    .as(cell)
                    .isTrue();
        }
        // and the header is one row of five tabs under the shop's bar, the current page marked
        assertThat(browser.findElements(By.cssSelector("nav.main a")))
                .hasSize(5)
                .extracting(tab -> tab.getRect().getY())
                .containsOnly(browser.findElement(By.cssSelector("nav.main a"))
                        .getRect()
                        .getY());
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 800));

        // the printable card: shop, amount, the QR code and how to pay
        browser.get(linkPage);
        clickAndLoad(By.id("card"));
        assertThat(browser.findElement(By.id("card-shop")).getText()).isEqualTo("Mache " + language.tag());
        assertThat(browser.findElement(By.id("card-amount")).getText())
                .isEqualTo(asShown(t.amount(new java.math.BigDecimal("1250.50"))));
        assertThat(browser.findElement(By.id("paycard")).getText()).contains("Eskane pou peye ak MonCash");
        screenshot("payment-link-card-" + language.tag());
        String scanned = scan(browser.findElement(By.id("card-qr")));
        assertThat(scanned).isEqualTo(linkUrl);

        // the customer follows it: the link's page, then the checkout of a fresh payment
        browser.get(scanned + "?lang=" + language.tag());
        assertThat(browser.findElement(By.id("amount")).getText())
                .isEqualTo(asShown(t.amount(new java.math.BigDecimal("1250.50"))));
        assertThat(service.sql(
                                "SELECT count(*) FROM payments WHERE payment_link_id = $1",
                                java.util.UUID.fromString(linkId))
                        .iterator()
                        .next()
                        .getLong(0))
                .as("looking at the link creates no payment")
                .isZero();
        clickAndLoad(By.id("pay"));
        assertThat(browser.getCurrentUrl()).contains("/checkout/");
        browser.findElement(By.id("phone")).sendKeys("3700 1234");
        clickAndLoad(By.id("pay"));
        assertThat(browser.findElement(By.id("status")).getAttribute("data-status"))
                .isEqualTo("completed");
        var throughLink = service.http
                .get("/api/merchant/payments?payment_link_id=" + linkId, token)
                .dataArray();
        assertThat(throughLink).hasSize(1);
        assertThat(throughLink.getJsonObject(0).getString("status")).isEqualTo("completed");
        assertThat(throughLink.getJsonObject(0).getString("amount")).isEqualTo("1250.50");

        // and the merchant sees the payment under the link
        browser.get(linkPage);
        assertThat(browser.findElement(By.id("link-payments")).getText()).isEqualTo("1");
        assertThat(browser.findElement(By.id("link-collected")).getText())
                .isEqualTo(asShown(t.amount(new java.math.BigDecimal("1250.50"))));
        clickAndLoad(By.id("link-payments-list"));
        assertThat(browser.findElements(By.cssSelector("#payments tbody tr")))
                .hasSize(1)
                .allSatisfy(row -> assertThat(row.getAttribute("data-id"))
                        .isEqualTo(throughLink.getJsonObject(0).getString("id")));

        // settings: a Return URL and the customer pages' language, saved and audited
        clickAndLoad(By.linkText(t.get("nav.settings")));
        browser.findElement(By.id("return_url")).sendKeys("https://mache.example.ht/mesi");
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("locale"))).selectByValue("ht");
        clickAndLoad(By.id("save"));
        assertThat(browser.findElement(By.id("notice")).getText()).isEqualTo(t.get("settings.saved"));
        JsonObject settings = service.http.get("/api/merchant/settings", token).data();
        assertThat(settings.getString("return_url")).isEqualTo("https://mache.example.ht/mesi");
        assertThat(settings.getString("locale")).isEqualTo("ht");
        assertThat(browser.findElements(By.cssSelector("#audit-log li[data-action='settings.update']")))
                .singleElement()
                .satisfies(entry -> assertThat(entry.getText())
                        .contains(t.get("field.return_url"))
                        .contains(t.get("field.locale"))
                        .doesNotContain("return_url"));
        assertThat(browser.findElements(By.cssSelector("#audit-log li[data-action='payment_link.create']")))
                .hasSize(1);
        // the fee rule, with an example a merchant can check
        assertThat(browser.findElement(By.id("fee-rule")).getText()).isNotBlank();
        // rotating the webhook secret asks first, then shows the new secret once
        clickAndLoad(By.id("rotate-webhook-secret"));
        clickAndLoad(By.id("confirm-rotate-webhook-secret"));
        assertThat(browser.findElement(By.id("new-secret")).getText()).startsWith("whsec_");

        // a new secret key: a wrong password changes nothing, the owner's own gives the key once, and the portal
        // session goes on (the key is the API's credential, not the portal's)
        browser.get(base + "/portal/settings?confirm=secret-key#secrets");
        browser.findElement(By.id("current-secret-key")).sendKeys(merchant.getString("secret_key"));
        clickAndLoad(By.id("confirm-rotate-secret-key"));
        assertThat(browser.findElement(By.id("error")).getText()).isEqualTo(asShown(t.get("money.wrong_password")));
        assertThat(browser.findElements(By.id("new-secret"))).isEmpty();
        assertThat(service.http
                        .post(
                                "/api/merchant/token/",
                                null,
                                new JsonObject()
                                        .put("merchant_id", merchant.getString("merchant_id"))
                                        .put("secret_key", merchant.getString("secret_key")))
                        .status())
                .isEqualTo(200);
        browser.findElement(By.id("current-secret-key")).sendKeys(owner.password());
        clickAndLoad(By.id("confirm-rotate-secret-key"));
        String newKey = browser.findElement(By.id("new-secret")).getText();
        assertThat(newKey).startsWith("sk_").isNotEqualTo(merchant.getString("secret_key"));
        assertThat(service.http
                        .post(
                                "/api/merchant/token/",
                                null,
                                new JsonObject()
                                        .put("merchant_id", merchant.getString("merchant_id"))
                                        .put("secret_key", newKey))
                        .status())
                .isEqualTo(200);
        browser.get(base + "/portal/settings");
        assertThat(browser.getCurrentUrl()).endsWith("/portal/settings");
        assertThat(browser.findElements(By.cssSelector("#audit-log li[data-action='secret_key.rotate']")))
                .hasSize(1);
    }

    /** Whether all of {@code element} lies within the window's width. */
    private boolean insideTheScreen(org.openqa.selenium.WebElement element) {
        var js = (org.openqa.selenium.JavascriptExecutor) browser;
        return Boolean.TRUE.equals(js.executeScript(
                "const r = arguments[0].getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth;",
                element));
    }

    /** Nothing wider than the screen: the page itself never scrolls sideways. */
    private void fitsThePhone() {
        chromium.fitsTheWindow();
    }

    /** The export link fetched with this browser's cookies (a download is not a page Chromium shows). */
    private String withBrowserSession(String url) throws Exception {
        String cookies = browser.manage().getCookies().stream()
                .map(c -> c.getName() + "=" + c.getValue())
                .collect(java.util.stream.Collectors.joining("; "));
        var response = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                                .header("Cookie", cookies)
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/csv; charset=utf-8");
        return response.body().substring(1);
    }

    /** Reads the QR code as a phone would: from the pixels Chromium drew, not from the SVG's text. */
    private static String scan(org.openqa.selenium.WebElement qr) throws Exception {
        byte[] png = qr.getScreenshotAs(OutputType.BYTES);
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        var bitmap = new com.google.zxing.BinaryBitmap(new com.google.zxing.common.HybridBinarizer(
                new com.google.zxing.RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels)));
        // the element's pixels are a straight, unblurred render with its quiet zone: read them as such first; the
        // finder-pattern search (as from a camera) misses some codes drawn this cleanly, so it comes second
        try {
            return new com.google.zxing.qrcode.QRCodeReader()
                    .decode(bitmap, java.util.Map.of(com.google.zxing.DecodeHintType.PURE_BARCODE, Boolean.TRUE))
                    .getText();
        } catch (com.google.zxing.NotFoundException | com.google.zxing.FormatException notPure) {
            return new com.google.zxing.qrcode.QRCodeReader()
                    .decode(bitmap, java.util.Map.of(com.google.zxing.DecodeHintType.TRY_HARDER, Boolean.TRUE))
                    .getText();
        }
    }

    private void screenshot(String name) {
        chromium.screenshot(SCREENSHOTS, name);
    }

    private void arrivesAt(String pathEnding) {
        chromium.arrivesAt(pathEnding);
    }

    private void clickAndLoad(By target) {
        chromium.clickAndLoad(target);
    }

    /** What WebDriver's getText returns for {@code text}: it reads a no-break space as a space. */
    private static String asShown(String text) {
        return text.replace('\u00A0', ' ');
    }
}
