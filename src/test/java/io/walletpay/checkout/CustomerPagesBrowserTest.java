package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.page.Messages;
import io.walletpay.page.PageText;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Every link and form of the customer's pages, followed and submitted by a real Chromium on a 360×640 phone whose
 * languages are not the shop's: the checkout (pay, a decline with the sandbox number, the cancel link and its
 * question, keep paying, confirm cancel), the language menu, the expired page and the payment-link page. A shop
 * set to one language is read in that language from the first page to the last, whatever the phone says, until
 * the customer picks another from the menu; and what a page says happened is what the API then reports.
 */
@BehaviourTest
class CustomerPagesBrowserTest {

    static final Path SCREENSHOTS = CheckoutBrowserTest.SCREENSHOTS;

    /** A phone set to a language other than the shop's, as most phones in Haiti are. */
    static final Map<Language, String> OTHER_PHONE = Map.of(
            Language.HT, "fr-FR,fr",
            Language.FR, "en-US,en",
            Language.EN, "fr-HT,fr;q=0.9,ht;q=0.8");

    static RunningService service;
    static final Map<Language, String> shopTokens = new EnumMap<>(Language.class);

    HeadlessChromium chromium;
    WebDriver browser;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        for (Language language : Language.values()) {
            shopTokens.put(
                    language,
                    service.tokenFor(service.createMerchant(new JsonObject()
                            .put("name", "Boutik " + language.tag().toUpperCase(java.util.Locale.ROOT))
                            .put("locale", language.tag()))));
        }
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** A phone: 360×640, set to {@code acceptLanguage}. */
    private void openPhone(String acceptLanguage) throws IOException {
        chromium = HeadlessChromium.start(options -> {
            options.addArguments(
                    "--window-size=360,640", "--lang=" + acceptLanguage.split(",")[0]);
            options.setExperimentalOption("prefs", Map.of("intl.accept_languages", acceptLanguage));
            // Chromium keeps a headless window at least 500 px wide; a phone's 360×640 screen is emulated instead.
            options.setExperimentalOption(
                    "mobileEmulation", Map.of("deviceMetrics", Map.of("width", 360, "height", 640, "pixelRatio", 1.0)));
        });
        browser = chromium.driver();
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theCancelLinkOnAPhoneInAnotherLanguageAsksInTheShopsLanguageAndCancels(Language shop) throws IOException {
        openPhone(OTHER_PHONE.get(shop));
        String token = shopTokens.get(shop);
        JsonObject payment = create(token, new JsonObject().put("amount", 1250));

        browser.get(payment.getString("redirect_url"));
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        fitsTheScreen();

        // a decline first: the page says so in the shop's language and the payment stays open
        browser.findElement(By.id("phone")).sendKeys("0000 0002");
        browser.findElement(By.id("pay")).click();
        awaitElement("declined");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(apiStatus(token, payment)).isEqualTo("pending");

        // the cancel link opens the question, in the shop's language, on this payment
        String cancelHref = browser.findElement(By.id("cancel")).getAttribute("href");
        assertThat(cancelHref).endsWith("/checkout/" + checkoutToken(payment) + "?cancel");
        browser.findElement(By.id("cancel")).click();
        awaitElement("cancel-question");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(text("cancel-question")).isEqualTo(words(shop, "pay.cancel.question"));
        assertThat(text("merchant")).isEqualTo("Boutik " + shop.tag().toUpperCase(java.util.Locale.ROOT));
        fitsTheScreen();
        screenshot("cancel-question-" + shop.tag());

        // "no, keep paying" goes back to the form, nothing changed
        browser.findElement(By.id("keep-paying")).click();
        awaitElement("pay");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(apiStatus(token, payment)).isEqualTo("pending");

        // and cancelling for real cancels it; the receipt says so in the shop's language
        browser.findElement(By.id("cancel")).click();
        awaitElement("cancel-confirm").click();
        awaitElement("status");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(browser.findElement(By.id("status")).getAttribute("data-status"))
                .isEqualTo("cancelled");
        assertThat(text("status")).isEqualTo(words(shop, "status.cancelled"));
        assertThat(text("no-money")).isEqualTo(words(shop, "page.no_money"));
        fitsTheScreen();
        screenshot("cancelled-" + shop.tag());
        assertThat(apiStatus(token, payment)).isEqualTo("cancelled");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void aCustomerPaysOnThePhoneAndTheReceiptStaysInTheShopsLanguage(Language shop) throws IOException {
        openPhone(OTHER_PHONE.get(shop));
        String token = shopTokens.get(shop);
        JsonObject payment = create(token, new JsonObject().put("amount", 80).put("reference_id", "PH-" + shop.tag()));

        browser.get(payment.getString("redirect_url"));
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        browser.findElement(By.id("phone")).sendKeys("3700 1234");
        browser.findElement(By.id("pay")).click();
        awaitElement("status");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(browser.findElement(By.id("status")).getAttribute("data-status"))
                .isEqualTo("completed");
        assertThat(text("status")).isEqualTo(words(shop, "status.completed"));
        fitsTheScreen();
        assertThat(apiStatus(token, payment)).isEqualTo("completed");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theLanguageMenuSwitchesEveryLaterPageAndTheCancelLinkKeepsTheChoice(Language chosen) throws IOException {
        Language shop = chosen == Language.HT ? Language.FR : Language.HT;
        openPhone(OTHER_PHONE.get(shop));
        String token = shopTokens.get(shop);
        JsonObject payment = create(token, new JsonObject().put("amount", 40));

        browser.get(payment.getString("redirect_url"));
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        browser.findElement(By.cssSelector("nav a[hreflang=" + chosen.tag() + "]"))
                .click();
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .ignoring(WebDriverException.class)
                .until(page -> chosen.tag().equals(pageLanguage()));
        assertThat(browser.findElement(By.cssSelector("nav [aria-current]")).getAttribute("lang"))
                .isEqualTo(chosen.tag());

        browser.findElement(By.id("cancel")).click();
        awaitElement("cancel-question");
        assertThat(pageLanguage()).isEqualTo(chosen.tag());
        assertThat(text("cancel-question")).isEqualTo(words(chosen, "pay.cancel.question"));
        // the menu on the question keeps the question: switching back asks it in the shop's language
        browser.findElement(By.cssSelector("nav a[hreflang=" + shop.tag() + "]"))
                .click();
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .ignoring(WebDriverException.class)
                .until(page -> shop.tag().equals(pageLanguage()));
        assertThat(text("cancel-question")).isEqualTo(words(shop, "pay.cancel.question"));
        awaitElement("cancel-confirm").click();
        awaitElement("status");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(apiStatus(token, payment)).isEqualTo("cancelled");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theExpiredPageNamesTheShopAndTheAmountInTheShopsLanguage(Language shop) throws IOException {
        openPhone(OTHER_PHONE.get(shop));
        String token = shopTokens.get(shop);
        JsonObject payment = create(token, new JsonObject().put("amount", 2500));
        service.sql(
                "UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1::uuid",
                payment.getString("id"));

        browser.get(payment.getString("redirect_url"));
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(text("problem")).isEqualTo(words(shop, "problem.expired.title"));
        String amount = PageText.formatAmount(new BigDecimal("2500.00"), shop);
        assertThat(text("about"))
                .isEqualTo(Messages.of(shop)
                        .get("problem.about", "Boutik " + shop.tag().toUpperCase(java.util.Locale.ROOT), amount)
                        .replace('\u00A0', ' '));
        assertThat(text("no-money")).isEqualTo(words(shop, "page.no_money"));
        fitsTheScreen();
        screenshot("expired-" + shop.tag());
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void aPaymentLinkLeadsToItsCheckoutAndPaysInTheShopsLanguage(Language shop) throws IOException {
        openPhone(OTHER_PHONE.get(shop));
        String token = shopTokens.get(shop);
        Http.Response created = service.http.post(
                "/api/merchant/payment-links",
                token,
                new JsonObject().put("amount", 300).put("description", "Pate kòde " + shop.tag()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject link = created.data();

        browser.get(link.getString("url"));
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(text("description")).isEqualTo("Pate kòde " + shop.tag());
        fitsTheScreen();
        browser.findElement(By.id("pay")).click();
        awaitElement("phone");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(browser.getCurrentUrl()).contains("/checkout/");
        browser.findElement(By.id("phone")).sendKeys("3700 1234");
        browser.findElement(By.id("pay")).click();
        awaitElement("status");
        assertThat(pageLanguage()).isEqualTo(shop.tag());
        assertThat(browser.findElement(By.id("status")).getAttribute("data-status"))
                .isEqualTo("completed");

        JsonObject paid = service.http
                .get("/api/merchant/payment-links/" + link.getString("id"), token)
                .data();
        assertThat(paid.getInteger("payments_count")).isEqualTo(1);
    }

    private org.openqa.selenium.WebElement awaitElement(String id) {
        return new WebDriverWait(browser, Duration.ofSeconds(10))
                .ignoring(WebDriverException.class)
                .until(page -> page.findElement(By.id(id)));
    }

    private String pageLanguage() {
        return browser.findElement(By.tagName("html")).getAttribute("lang");
    }

    private String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    /** A message as the browser reads it (getText turns no-break spaces into spaces). */
    private static String words(Language language, String key) {
        return Messages.of(language).get(key).replace('\u00A0', ' ');
    }

    private static String checkoutToken(JsonObject payment) {
        String url = payment.getString("redirect_url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** Nothing wider than the 360 px screen: no sideways scrolling on a small phone. */
    private void fitsTheScreen() {
        Object overflow = ((JavascriptExecutor) browser)
                .executeScript("return document.documentElement.scrollWidth > window.innerWidth;");
        assertThat(overflow).isEqualTo(Boolean.FALSE);
    }

    private void screenshot(String name) {
        System.out.println("screenshot: " + chromium.screenshot(SCREENSHOTS, "customer-" + name));
    }

    private static JsonObject create(String token, JsonObject body) {
        Http.Response response = service.http.post("/api/merchant/payments/wallet/", token, body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.data();
    }

    private static String apiStatus(String token, JsonObject payment) {
        return service.http
                .get("/api/merchant/payments/" + payment.getString("id"), token)
                .data()
                .getString("status");
    }
}
