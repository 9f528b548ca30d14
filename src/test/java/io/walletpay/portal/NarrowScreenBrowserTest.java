package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.PortalClient;
import io.walletpay.support.PortalSignIn;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Every page of the portal and of the checkout on a 360×640 phone, in the real Chromium, with what makes pages wide:
 * a shop's long name, the largest amount the service takes (99 999 999,99 HTG), a long reference and description,
 * and a webhook server that answers with a whole HTML error page. The owner joins on the phone (the invitation,
 * the second factor with its {@code otpauth://} link unfolded, the recovery codes), invites a cashier on the Team page
 * and signs in again with the code. No page scrolls sideways, an amount or a phone number never breaks inside
 * itself, and buttons are big enough for a thumb (44 px).
 */
@BehaviourTest
class NarrowScreenBrowserTest {

    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    /** What a proxy in front of a shop's server answers when the server is down: a page, not a word. */
    static final String HTML_ANSWER = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{width:35em;"
            + "margin:0 auto;font-family:Tahoma,Verdana,Arial,sans-serif}</style></head><body><center><h1>502 Bad"
            + " Gateway</h1></center><hr><center>nginx/1.24.0 (Ubuntu)</center><!-- "
            + "a-padding-to-disable-MSIE-and-Chrome-friendly-error-page-".repeat(6) + " --></body></html>";

    static final String SHOP = "Boutik Ti Jan ak Fanmi li nan Mache Kwabosal Pòtoprens Supèmakètentènasyonalkapital";
    static final String LARGEST = "99999999.99";

    static RunningService service;
    static WebhookReceiver receiver;
    static JsonObject merchant;
    static String base;
    static String paid;
    static String pendingCheckout;
    static String fixedLink;
    static String anyLink;
    static String anyLinkUrl;

    HeadlessChromium chromium;
    WebDriver browser;
    PortalSignIn signIn;

    @BeforeAll
    static void start() {
        Map<String, String> env = new HashMap<>(PortalPagesTest.FAST);
        env.put("WALLETPAY_PAYMENTS_MAX_AMOUNT", LARGEST);
        service = RunningService.start(env);
        receiver = new WebhookReceiver();
        receiver.script("/narrow", n -> new Answer(502, null, 0, HTML_ANSWER));
        base = "http://localhost:" + service.config.http().port();
        merchant = service.createMerchant(new JsonObject()
                .put("name", SHOP)
                .put("webhook_url", receiver.url("/narrow"))
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        String token = service.tokenFor(merchant);
        JsonObject order = new JsonObject()
                .put("amount", Double.valueOf(LARGEST))
                .put("reference_id", "KOMAND-2026-11-24-000123-MACHE-KWABOSAL")
                .put("description", "Sak diri 50 liv, lwil, pwa, mayi moulen ak sik pou tout fanmi an pou mwa a");
        JsonObject big = service.createPayment(token, order.copy());
        service.http.send(
                "POST",
                "/checkout/"
                        + big.getString("redirect_url")
                                .substring(big.getString("redirect_url").lastIndexOf('/') + 1),
                null,
                "phone=3700+1234&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        paid = big.getString("id");
        assertThat(service.http
                        .send(
                                "POST",
                                "/api/merchant/payments/" + paid + "/refunds",
                                token,
                                new JsonObject()
                                        .put("amount", 1500.50)
                                        .put("reason", "Yon sak diri te mouye")
                                        .encode(),
                                Map.of("Content-Type", "application/json"))
                        .status())
                .isEqualTo(201);
        pendingCheckout = service.createPayment(token, order.copy().put("reference_id", "KOMAND-PENDING-000124"))
                .getString("redirect_url");
        fixedLink = link(
                        token,
                        new JsonObject()
                                .put("description", order.getString("description"))
                                .put("amount", Double.valueOf(LARGEST)))
                .getString("id");
        JsonObject any = link(token, new JsonObject().put("description", "Nenpòt sa w bezwen nan boutik la"));
        anyLink = any.getString("id");
        anyLinkUrl = any.getString("url");
    }

    static JsonObject link(String token, JsonObject body) {
        var created = service.http.post("/api/merchant/payment-links", token, body);
        assertThat(created.status()).isEqualTo(201);
        return created.data();
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
    void openPhone() throws IOException {
        chromium = HeadlessChromium.screen(360, 640);
        browser = chromium.driver();
        signIn = new PortalSignIn(chromium, base);
    }

    @AfterEach
    void closePhone() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void noPageScrollsSidewaysOnAPhoneAndNoAmountBreaks(Language language) throws Exception {
        browser.get(base + "/portal/login?lang=" + language.tag());
        assertThat(width()).isEqualTo(360L);
        fitsThePhone();
        // the owner joins on the phone: the invitation names the shop's long name, then the second factor
        PortalClient.Person owner = signIn.join(merchant, "owner", language, page -> {
            fitsThePhone();
            if (page.equals("invite")) {
                thumbSized(List.of(browser.findElement(By.id("join"))));
            } else if (page.equals("enrol")) {
                thumbSized(List.of(browser.findElement(By.id("enrol"))));
                if (language == Language.HT) {
                    screenshot("portal-enrol-phone-ht");
                }
                // the otpauth:// link, one long word, unfolded: wrapped, not wider than the screen
                browser.findElement(By.cssSelector("details summary")).click();
                assertThat(browser.findElement(By.id("otpauth-uri")).isDisplayed())
                        .isTrue();
                fitsThePhone();
            } else if (page.equals("recovery codes")) {
                thumbSized(List.of(browser.findElement(By.id("continue"))));
            }
        });

        for (String page : List.of(
                "/portal/",
                "/portal/payments",
                "/portal/payments/" + paid + "?confirm=refund",
                "/portal/settings",
                "/portal/settings?confirm=secret-key",
                "/portal/links",
                "/portal/links/" + fixedLink,
                "/portal/links/" + fixedLink + "?confirm=deactivate",
                "/portal/links/" + fixedLink + "/card",
                "/portal/links/" + anyLink + "/card",
                "/portal/payouts",
                "/portal/team")) {
            browser.get(base + page);
            fitsThePhone();
        }
        // the owner invites a cashier: the page shows the whole link to copy, on the screen
        browser.get(base + "/portal/team");
        browser.findElement(By.id("invite-email"))
                .sendKeys("kesye.boutik.ti.jan.ak.fanmi.li." + language.tag() + "@mache-kwabosal.example.ht");
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("invite-role"))).selectByValue("cashier");
        thumbSized(List.of(browser.findElement(By.id("send-invite"))));
        clickAndLoad(By.id("send-invite"));
        assertThat(browser.findElement(By.id("invite-url")).getAttribute("value"))
                .contains("/portal/invite/");
        fitsThePhone();
        if (language == Language.HT) {
            screenshot("portal-team-phone-ht");
        }
        browser.get(base + "/portal/links/" + fixedLink + "/card");
        oneLine(browser.findElement(By.id("card-amount")));

        browser.get(base + "/portal/payments/" + paid);
        fitsThePhone();
        for (String id : List.of("amount", "amount-refunded", "payer")) {
            oneLine(browser.findElement(By.id(id)));
        }
        assertThat(browser.findElements(By.cssSelector("button.redeliver"))).isNotEmpty();
        thumbSized(browser.findElements(By.cssSelector("button.redeliver")));
        screenshot("portal-payment-phone-" + language.tag());

        // the shop's server answers a test with a whole HTML page: the page shows it wrapped, not 700 px wide
        browser.get(base + "/portal/webhooks");
        fitsThePhone();
        thumbSized(browser.findElements(By.cssSelector("button.redeliver")));
        clickAndLoad(By.id("send-test"));
        assertThat(browser.findElement(By.id("test-result")).getText()).contains("502");
        fitsThePhone();
        screenshot("portal-webhooks-phone-" + language.tag());

        // the customer's side: the checkout of the largest amount, its link page and a receipt
        browser.get(pendingCheckout + "?lang=" + language.tag());
        fitsThePhone();
        oneLine(browser.findElement(By.id("amount")));
        browser.get(anyLinkUrl + "?lang=" + language.tag());
        fitsThePhone();
        browser.get(base + "/portal/payments/" + paid);
        String code = browser.findElement(By.id("short-code")).getText();
        assertThat(code).startsWith("WP-");

        // signing in again on the phone: the login page, then the code page
        clickAndLoad(By.id("logout"));
        signIn.logIn(owner, language, page -> {
            fitsThePhone();
            if (page.equals("code")) {
                thumbSized(List.of(browser.findElement(By.id("send-code"))));
                if (language == Language.FR) {
                    screenshot("portal-code-phone-fr");
                }
            } else {
                thumbSized(List.of(browser.findElement(By.id("login"))));
            }
        });
        browser.get(base + "/portal/team");
        fitsThePhone();
    }

    private long width() {
        return (Long) ((JavascriptExecutor) browser).executeScript("return window.innerWidth;");
    }

    /** Nothing wider than the screen: the page itself never scrolls sideways. */
    private void fitsThePhone() {
        chromium.fitsTheWindow();
    }

    /** The element's text is laid out on one line: an amount or a number is never cut in two. */
    private void oneLine(WebElement element) {
        Object lines = ((JavascriptExecutor) browser)
                .executeScript(
                        "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
                                + " return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size;",
                        element);
        assertThat(lines)
                .as("%s on %s: %s", element.getAttribute("id"), browser.getCurrentUrl(), element.getText())
                .isEqualTo(1L);
    }

    private void thumbSized(List<WebElement> buttons) {
        for (WebElement button : buttons) {
            assertThat(button.getRect().getHeight()).as(button.getText()).isGreaterThanOrEqualTo(44);
        }
    }

    private void screenshot(String name) {
        chromium.screenshot(SCREENSHOTS, name);
    }

    private void clickAndLoad(By target) {
        chromium.clickAndLoad(target);
    }
}
