package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.PortalSignIn;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * A shop's owner, signed in in a real headless Chromium (no JavaScript), clicks the portal's switch into test mode: the banner
 * stands across the overview and the payments page in the page's language, the payments are test mode's, and the
 * switch back removes it. A screenshot {@code portal-testmode-<lang>} goes to {@code target/screenshots}
 * ({@code -Dwalletpay.screenshots=docs} refreshes the docs' own).
 */
@BehaviourTest
class TestModeBrowserTest {

    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    static RunningService service;

    HeadlessChromium chromium;
    WebDriver browser;

    @BeforeAll
    static void start() {
        service = RunningService.start();
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @BeforeEach
    void openBrowser() throws IOException {
        chromium = HeadlessChromium.withoutScripts(1280, 800);
        browser = chromium.driver();
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theSwitchShowsTestModeBehindABannerInThePagesLanguageAndBack(Language language) throws Exception {
        PortalText t = new PortalText(language);
        String base = "http://localhost:" + service.config.http().port();
        // a shop of its own per language: the mode a session is in never leaks from one run to the next
        JsonObject shop = service.createMerchant("Boutik Tès " + language.tag());
        service.createPayment(
                service.tokenFor(shop),
                new JsonObject().put("amount", 2500).put("reference_id", "LIVE-" + language.tag()));
        service.createPayment(
                testToken(shop), new JsonObject().put("amount", 125).put("reference_id", "TEST-" + language.tag()));

        new PortalSignIn(chromium, base).join(shop, "owner", language);
        assertThat(browser.findElements(By.id("testmode-banner"))).isEmpty();
        assertThat(browser.findElement(By.id("mode-toggle")).getText()).isEqualTo(t.get("testmode.enter"));

        clickAndLoad(By.id("mode-toggle"));
        arrivesAt("/portal/");
        WebElement banner = browser.findElement(By.id("testmode-banner"));
        assertThat(banner.isDisplayed()).isTrue();
        assertThat(banner.getText()).isEqualTo(asShown(t.get("testmode.banner")));
        assertThat(browser.findElement(By.id("mode-toggle")).getText()).isEqualTo(t.get("testmode.leave"));
        screenshot("portal-testmode-" + language.tag());

        clickAndLoad(By.linkText(t.get("nav.payments")));
        banner = browser.findElement(By.id("testmode-banner"));
        assertThat(banner.isDisplayed()).isTrue();
        assertThat(banner.getText()).isEqualTo(asShown(t.get("testmode.banner")));
        assertThat(browser.findElement(By.id("payments")).getText())
                .contains("TEST-" + language.tag())
                .doesNotContain("LIVE-" + language.tag());

        clickAndLoad(By.id("mode-toggle"));
        assertThat(browser.findElements(By.id("testmode-banner"))).isEmpty();
        assertThat(browser.findElement(By.id("mode-toggle")).getText()).isEqualTo(t.get("testmode.enter"));
        browser.get(base + "/portal/payments");
        assertThat(browser.findElements(By.id("testmode-banner"))).isEmpty();
        assertThat(browser.findElement(By.id("payments")).getText())
                .contains("LIVE-" + language.tag())
                .doesNotContain("TEST-" + language.tag());
    }

    /** A token from the shop's test secret key: what the shop's own test integration would hold. */
    private static String testToken(JsonObject shop) {
        var token = service.http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", shop.getString("merchant_id"))
                        .put("secret_key", shop.getString("test_secret_key")));
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return token.data().getString("token");
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
