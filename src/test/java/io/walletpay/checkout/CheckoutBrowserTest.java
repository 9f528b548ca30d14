package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.page.Messages;
import io.walletpay.page.PageText;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from the Debian packages, driven by Selenium) on a 360×640 phone screen pays,
 * is declined and cancels on the sandbox checkout page in Kreyòl, French and English, typing the phone number the
 * local way, and lands on the merchant's Return URL, served by a small receiver in this test. Screenshots of each
 * page go to {@code walletpay.screenshots} (the build directory's {@code screenshots}) for a person to look at.
 * Without Chromium the test fails: CI installs it ({@code .ci/run}).
 */
@BehaviourTest
class CheckoutBrowserTest {

    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    static RunningService service;
    static HttpServer receiver;
    static String returnUrl;
    static String shopToken;
    static String kioskToken;

    HeadlessChromium chromium;
    WebDriver browser;

    @BeforeAll
    static void start() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        receiver.createContext("/", exchange -> {
            byte[] body = "thanks".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        receiver.start();
        returnUrl = "http://localhost:" + receiver.getAddress().getPort() + "/shop/return";
        service = RunningService.start();
        shopToken = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Boutique Ti Mari").put("return_url", returnUrl)));
        kioskToken = service.tokenFor(service.createMerchant("Kiosk Jacmel"));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    @BeforeEach
    void openBrowser() throws IOException {
        chromium = HeadlessChromium.start(options -> {
            options.addArguments("--window-size=360,640");
            // Chromium keeps a headless window at least 500 px wide; a phone's 360×640 screen is emulated instead.
            options.setExperimentalOption(
                    "mobileEmulation",
                    java.util.Map.of(
                            "deviceMetrics", java.util.Map.of("width", 360, "height", 640, "pixelRatio", 1.0)));
        });
        browser = chromium.driver();
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** How a customer there would type their number: the eight local digits, spaced or dashed. */
    private static String localNumber(Language language) {
        return switch (language) {
            case HT -> "3700 1234";
            case FR -> "37 00 12 34";
            case EN -> "3700-1234";
        };
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void aCustomerPaysTypingTheLocalNumberAndLandsOnTheReturnUrlWithStatusCompleted(Language language)
            throws IOException {
        JsonObject payment = create(
                shopToken,
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "WEB-1-" + language.tag())
                        .put("description", "2 sak diri"));

        browser.get(payment.getString("redirect_url") + "?lang=" + language.tag());
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo(language.tag());
        assertThat(browser.findElement(By.id("merchant")).getText()).isEqualTo("Boutique Ti Mari");
        assertThat(browser.findElement(By.id("amount")).getText())
                .isEqualTo(
                        language == Language.EN
                                ? "HTG 2,500.00"
                                : "2 500,00 HTG"); // getText reads no-break spaces as spaces
        assertThat(browser.findElement(By.id("pay")).getText())
                .isEqualTo(Messages.of(language)
                        .get("pay.submit", PageText.formatAmount(new BigDecimal("2500.00"), language))
                        .replace('\u00A0', ' '));
        assertThat(browser.findElement(By.cssSelector("label[for=phone]")).getText())
                .isEqualTo(Messages.of(language).get("pay.phone"));
        String validUntil = new PageText(language, "").dateTime(OffsetDateTime.parse(payment.getString("expires_at")));
        assertThat(validUntil).matches("\\d{2}/\\d{2}/\\d{4}\u00A0\\d{2}:\\d{2}");
        assertThat(browser.findElement(By.id("valid-until")).getText())
                .isEqualTo(
                        Messages.of(language).get("pay.valid_until", validUntil).replace('\u00A0', ' '));
        fitsTheScreen();
        screenshot("checkout-page-" + language.tag());

        // a number one digit short: refused next to the field, in the page's language, nothing paid
        browser.findElement(By.id("phone")).sendKeys("3700 123");
        browser.findElement(By.id("pay")).click();
        WebElement error = new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.presenceOfElementLocated(By.id("phone-error")));
        assertThat(error.getText().replace('\u00A0', ' '))
                .isEqualTo(
                        Messages.of(language).get("pay.error.phone.too_short").replace('\u00A0', ' '));
        assertThat(browser.findElement(By.id("phone")).getAttribute("aria-describedby"))
                .contains("phone-error");
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo(language.tag());
        screenshot("checkout-error-" + language.tag());
        assertThat(apiStatus(shopToken, payment)).isEqualTo("pending");

        WebElement phone = browser.findElement(By.id("phone"));
        phone.clear();
        phone.sendKeys(localNumber(language));
        browser.findElement(By.id("pay")).click();

        waitForReturn("completed");
        assertThat(browser.getCurrentUrl())
                .contains("transaction_id=" + payment.getString("id"))
                .contains("reference_id=WEB-1-" + language.tag());
        assertThat(browser.findElement(By.tagName("body")).getText()).contains("thanks");
        assertThat(apiStatus(shopToken, payment)).isEqualTo("completed");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void aDeclinedCustomerIsToldNoMoneyWasTakenAndPaysWithAnotherNumber(Language language) throws IOException {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 150).put("reference_id", "WEB-2-" + language.tag()));

        browser.get(payment.getString("redirect_url") + "?lang=" + language.tag());
        browser.findElement(By.id("phone")).sendKeys("0000 0002"); // 509 0000 0002, typed the local way
        browser.findElement(By.id("pay")).click();

        WebElement declined = new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.presenceOfElementLocated(By.id("declined")));
        assertThat(declined.getText().replace('\u00A0', ' '))
                .contains(Messages.of(language).get("page.no_money").replace('\u00A0', ' '))
                .contains(Messages.of(language).get("pay.declined.retry", 2).replace('\u00A0', ' '));
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo(language.tag());
        fitsTheScreen();
        screenshot("checkout-declined-" + language.tag());
        assertThat(apiStatus(shopToken, payment)).isEqualTo("pending");

        browser.findElement(By.id("phone")).sendKeys(localNumber(language));
        browser.findElement(By.id("pay")).click();

        waitForReturn("completed");
        assertThat(apiStatus(shopToken, payment)).isEqualTo("completed");
        assertThat(webhookStatuses(payment)).containsExactly("completed");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theThirdDeclineLandsOnTheReturnUrlWithStatusFailed(Language language) throws IOException {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 150).put("reference_id", "WEB-3-" + language.tag()));

        browser.get(payment.getString("redirect_url") + "?lang=" + language.tag());
        for (int attempt = 1; attempt < Checkout.DECLINES_BEFORE_FAILING; attempt++) {
            browser.findElement(By.id("phone")).sendKeys("0000 0002");
            browser.findElement(By.id("pay")).click();
            // the page before may already say "declined": wait for the one that counts this try
            String triesLeft = Messages.of(language)
                    .get("pay.declined.retry", Checkout.DECLINES_BEFORE_FAILING - attempt)
                    .replace('\u00A0', ' ');
            new WebDriverWait(browser, Duration.ofSeconds(10))
                    .ignoring(org.openqa.selenium.WebDriverException.class) // the old page going away
                    .until(page -> page.findElement(By.id("declined"))
                            .getText()
                            .replace('\u00A0', ' ')
                            .contains(triesLeft));
        }
        browser.findElement(By.id("phone")).sendKeys("0000 0002");
        browser.findElement(By.id("pay")).click();

        waitForReturn("failed");
        assertThat(apiStatus(shopToken, payment)).isEqualTo("failed");
        assertThat(webhookStatuses(payment)).containsExactly("failed");
    }

    /** The statuses the payment's webhooks report, one per queued delivery. */
    private static List<String> webhookStatuses(JsonObject payment) {
        List<String> statuses = new ArrayList<>();
        service.sql("SELECT body FROM webhook_deliveries WHERE payment_id = $1::uuid", payment.getString("id"))
                .forEach(row -> statuses.add(new JsonObject(row.getString("body"))
                        .getJsonObject("data")
                        .getString("status")));
        return statuses;
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void withoutAReturnUrlCancellingShowsTheReceiptInThePagesLanguage(Language language) throws IOException {
        JsonObject payment = create(kioskToken, new JsonObject().put("amount", 75));

        browser.get(payment.getString("redirect_url") + "?lang=" + language.tag());
        browser.findElement(By.id("cancel")).click(); // cancelling needs no number, only a confirmation
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.presenceOfElementLocated(By.id("cancel-confirm")));
        fitsTheScreen();
        assertThat(browser.findElement(By.id("cancel-question")).getText())
                .isEqualTo(Messages.of(language).get("pay.cancel.question").replace('\u00A0', ' '));
        browser.findElement(By.id("cancel-confirm")).click();

        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.presenceOfElementLocated(By.id("status")));
        fitsTheScreen();
        screenshot("checkout-receipt-cancelled-" + language.tag());
        WebElement status = browser.findElement(By.id("status"));
        assertThat(status.getAttribute("data-status")).isEqualTo("cancelled");
        assertThat(status.getText()).isEqualTo(Messages.of(language).get("status.cancelled"));
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo(language.tag());
        assertThat(browser.findElement(By.id("code")).getText()).isEqualTo(payment.getString("short_code"));
        assertThat(browser.findElement(By.id("date")).getText()).isNotBlank();
        assertThat(lines(browser.findElement(By.id("date"))))
                .as("the date and time on one line")
                .isEqualTo(1);
        assertThat(browser.findElement(By.id("no-money")).getText())
                .isEqualTo(Messages.of(language).get("page.no_money"));
        assertThat(apiStatus(kioskToken, payment)).isEqualTo("cancelled");
    }

    /** How many lines the text of {@code element} takes on the screen. */
    private long lines(WebElement element) {
        Object count = ((JavascriptExecutor) browser)
                .executeScript(
                        "const range = document.createRange(); range.selectNodeContents(arguments[0]);"
                                + " return new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size;",
                        element);
        return ((Number) count).longValue();
    }

    /** Nothing wider than the 360 px screen: no sideways scrolling on a small phone. */
    private void fitsTheScreen() {
        Object overflow = ((JavascriptExecutor) browser)
                .executeScript("return document.documentElement.scrollWidth > window.innerWidth;");
        assertThat(overflow).isEqualTo(Boolean.FALSE);
        Object width = ((JavascriptExecutor) browser).executeScript("return window.innerWidth;");
        assertThat(((Number) width).intValue()).isLessThanOrEqualTo(360);
    }

    private void waitForReturn(String status) throws IOException {
        try {
            new WebDriverWait(browser, Duration.ofSeconds(15)).until(driver -> {
                String url = driver.getCurrentUrl();
                return url != null && url.startsWith(returnUrl) && url.contains("status=" + status);
            });
        } catch (TimeoutException e) {
            screenshot("timeout-waiting-for-" + status);
            throw new AssertionError(
                    "the browser did not reach " + returnUrl + " with status=" + status + "; it is at "
                            + browser.getCurrentUrl(),
                    e);
        }
    }

    private void screenshot(String name) throws IOException {
        System.out.println("screenshot: " + chromium.screenshot(SCREENSHOTS, name));
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
