package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code GET /docs} renders the served API document in Chromium from the service alone: every operation shows,
 * nothing is loaded from elsewhere, and the browser reports no error (a Content-Security-Policy violation would be
 * one).
 */
@BehaviourTest
class ApiReferencePageTest {

    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theReferenceShowsEveryOperationWithoutABrowserError() throws Exception {
        LoggingPreferences logging = new LoggingPreferences();
        logging.enable(LogType.BROWSER, Level.ALL);
        try (HeadlessChromium chromium =
                HeadlessChromium.start(options -> options.setCapability("goog:loggingPrefs", logging))) {
            chromium.driver().get("http://127.0.0.1:" + service.config.http().port() + "/docs");

            List<WebElement> operations = new WebDriverWait(chromium.driver(), Duration.ofSeconds(60)).until(driver -> {
                List<WebElement> found = driver.findElements(By.cssSelector(".opblock-summary-operation-id"));
                return found.size() >= OpenApiContract.operationIds().size() ? found : null;
            });

            assertThat(operations.stream().map(WebElement::getText)).containsAll(OpenApiContract.operationIds());
            assertThat(chromium.driver().getTitle()).isEqualTo("walletpay API reference");
            List<LogEntry> errors = chromium.driver().manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                    .toList();
            assertThat(errors).as("browser errors on /docs").isEmpty();
        }
    }

    @Test
    void thePageAndItsAssetsComeFromTheServiceWithAStrictPolicy() {
        Http.Response page = http.get("/docs", null);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy"))
                .contains("default-src 'none'", "script-src 'self'", "connect-src 'self'");
        assertThat(page.body()).doesNotContain("http://", "https://", "//cdn");
        Http.Response bundle = http.get("/docs/assets/swagger-ui-bundle.js", null);
        assertThat(bundle.status()).isEqualTo(200);
        assertThat(bundle.header("Content-Type")).contains("javascript");
        assertThat(http.get("/docs/assets/swagger-ui.css", null).status()).isEqualTo(200);
        assertThat(http.get("/docs/reference.js", null).status()).isEqualTo(200);
    }

    @Test
    void theRootLeadsToTheReferenceAndAssetsOutsideTheWebJarAreNotServed() {
        Http.Response root = http.send("GET", "/", null, null, Map.of());
        assertThat(root.status()).isEqualTo(302);
        assertThat(root.header("Location")).isEqualTo("/docs");

        // the WebJar's own metadata sits two directories above the files served
        assertThat(http.get("/docs/assets/..%2f..%2f..%2f..%2fmaven%2forg.webjars%2fswagger-ui%2fpom.properties", null)
                        .status())
                .isIn(400, 404);
        assertThat(http.get("/docs/assets/%2e%2e/%2e%2e/pom.properties", null).status())
                .isIn(400, 404);
        assertThat(http.get("/docs/assets/no-such-file.js", null).status()).isEqualTo(404);
    }

    @Test
    void browsersAndCrawlersGetAFaviconAndRobotsRules() {
        Http.Response icon = http.get("/favicon.ico", null);
        assertThat(icon.status()).isEqualTo(200);
        assertThat(icon.header("Content-Type")).isEqualTo("image/x-icon");

        Http.Response robots = http.get("/robots.txt", null);
        assertThat(robots.status()).isEqualTo(200);
        assertThat(robots.body()).contains("User-agent: *").containsPattern("(?m)^Disallow: /$");
    }
}
