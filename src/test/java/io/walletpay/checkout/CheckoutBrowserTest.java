package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from the Debian packages, driven by Selenium) pays on the sandbox checkout
 * page and lands on the merchant's Return URL, served by a small receiver in this test. Screenshots of each
 * page go to {@code walletpay.screenshots} (the build directory's {@code screenshots}) for a person to look at.
 * Without Chromium the test fails: CI installs it ({@code .ci/run}).
 */
class CheckoutBrowserTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    // Selenium warns on every start that it has no CDP bindings for this Chromium; this test does not use CDP.
    // The loggers are held here because java.util.logging keeps only weak references to them.
    static final List<Logger> QUIET = Stream.of("org.openqa.selenium.devtools", "org.openqa.selenium.chromium")
            .map(Logger::getLogger)
            .peek(logger -> logger.setLevel(Level.SEVERE))
            .toList();

    static RunningService service;
    static HttpServer receiver;
    static String returnUrl;
    static String shopToken;
    static String kioskToken;

    Path profile;
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
        assertThat(Files.isExecutable(CHROMIUM))
                .as("%s is missing: install the Debian packages chromium and chromium-driver (.ci/run does)", CHROMIUM)
                .isTrue();
        assertThat(Files.isExecutable(CHROMEDRIVER))
                .as("%s is missing: install the Debian package chromium-driver (.ci/run does)", CHROMEDRIVER)
                .isTrue();
        // Both paths are given, so Selenium Manager has nothing to look up or download.
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("walletpay-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=412,915",
                "--user-data-dir=" + profile);
        ChromeDriverService driverService = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(driverService, options);
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }

    @Test
    void aCustomerPaysAndLandsOnTheReturnUrlWithStatusCompleted() throws IOException {
        JsonObject payment = create(
                shopToken,
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "WEB-1")
                        .put("description", "2 sak diri"));

        browser.get(payment.getString("redirect_url"));
        assertThat(browser.findElement(By.id("merchant")).getText()).isEqualTo("Boutique Ti Mari");
        assertThat(browser.findElement(By.id("amount")).getText()).isEqualTo("2,500.00 HTG");
        screenshot("checkout-page");
        browser.findElement(By.id("phone")).sendKeys("50912345678");
        browser.findElement(By.id("pay")).click();

        waitForReturn("completed");
        screenshot("checkout-returned-completed");
        assertThat(browser.getCurrentUrl())
                .contains("transaction_id=" + payment.getString("id"))
                .contains("reference_id=WEB-1");
        assertThat(browser.findElement(By.tagName("body")).getText()).contains("thanks");
        assertThat(apiStatus(shopToken, payment)).isEqualTo("completed");
    }

    @Test
    void theDeclineNumberLandsOnTheReturnUrlWithStatusFailed() throws IOException {
        JsonObject payment =
                create(shopToken, new JsonObject().put("amount", 150).put("reference_id", "WEB-2"));

        browser.get(payment.getString("redirect_url"));
        browser.findElement(By.id("phone")).sendKeys("50900000002");
        browser.findElement(By.id("pay")).click();

        waitForReturn("failed");
        screenshot("checkout-returned-failed");
        assertThat(apiStatus(shopToken, payment)).isEqualTo("failed");
    }

    @Test
    void withoutAReturnUrlCancellingShowsTheReceipt() throws IOException {
        JsonObject payment = create(kioskToken, new JsonObject().put("amount", 75));

        browser.get(payment.getString("redirect_url"));
        browser.findElement(By.id("cancel")).click(); // formnovalidate: cancelling needs no number

        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.presenceOfElementLocated(By.id("status")));
        screenshot("checkout-receipt-cancelled");
        assertThat(browser.findElement(By.id("status")).getText()).isEqualTo("cancelled");
        assertThat(apiStatus(kioskToken, payment)).isEqualTo("cancelled");
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
        Files.createDirectories(SCREENSHOTS);
        Path target = SCREENSHOTS.resolve(name + ".png").toAbsolutePath();
        Path taken =
                ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(taken, target, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("screenshot: " + target);
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
