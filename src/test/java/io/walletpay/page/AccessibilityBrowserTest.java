package io.walletpay.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.Axe;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.PortalClient;
import io.walletpay.support.PortalSignIn;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * axe-core finds no violation on any page a customer or a merchant meets, on a 360 px phone and a 1280 px laptop,
 * in Kreyòl and French: the checkout with its cancel step, a refused number and a decline, the receipt, a missing
 * page, a payment link; and every page of the portal in all three languages, signing in included: the login page
 * (and its refusal), the invitation, the second factor's enrolment, the recovery codes, the code page and the Team
 * page with a new invitation link.
 */
@BehaviourTest
class AccessibilityBrowserTest {

    enum Screen {
        PHONE(360, 640),
        LAPTOP(1280, 800);

        final int width;
        final int height;

        Screen(int width, int height) {
            this.width = width;
            this.height = height;
        }
    }

    static RunningService service;
    static Axe axe;
    static JsonObject shop;
    static String shopToken;
    static String base;

    HeadlessChromium chromium;
    WebDriver browser;
    final List<String> found = new ArrayList<>();

    @BeforeAll
    static void start() {
        axe = Axe.load();
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
        shop = service.createMerchant(new JsonObject().put("name", "Boutik Ti Jan"));
        shopToken = service.tokenFor(shop);
        for (int amount : new int[] {2500, 800, 15000}) {
            JsonObject payment = service.createPayment(
                    shopToken, new JsonObject().put("amount", amount).put("reference_id", "CMD-" + amount));
            service.transition(payment.getString("id"), PaymentStatus.COMPLETED);
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

    static Stream<Arguments> screensAndLanguages() {
        return Stream.of(Screen.values())
                .flatMap(screen -> Stream.of(Language.HT, Language.FR).map(lang -> Arguments.of(screen, lang)));
    }

    static Stream<Arguments> screensAndEveryLanguage() {
        return Stream.of(Screen.values())
                .flatMap(screen -> Stream.of(Language.values()).map(lang -> Arguments.of(screen, lang)));
    }

    @ParameterizedTest
    @MethodSource("screensAndLanguages")
    void everyCustomerPageHasNoViolation(Screen screen, Language language) throws IOException {
        open(screen);
        String lang = "?lang=" + language.tag();

        browser.get(checkout(2500) + lang);
        check("checkout");
        browser.get(checkout(2500) + "?cancel&lang=" + language.tag());
        check("cancel step");

        browser.get(checkout(1200) + lang);
        browser.findElement(By.id("phone")).sendKeys("2222 2222");
        clickAndLoad(By.id("pay"));
        check("refused number");
        browser.findElement(By.id("phone")).clear();
        browser.findElement(By.id("phone")).sendKeys("0000 0002");
        clickAndLoad(By.id("pay"));
        assertThat(browser.findElements(By.id("declined"))).hasSize(1);
        check("after a decline");
        browser.findElement(By.id("phone")).clear();
        browser.findElement(By.id("phone")).sendKeys("3700 1234");
        clickAndLoad(By.id("pay"));
        assertThat(browser.findElement(By.id("status")).getAttribute("data-status"))
                .isEqualTo("completed");
        check("receipt");

        browser.get(base + "/checkout/no-such-token" + lang);
        check("missing page");

        JsonObject link = service.http
                .post(
                        "/api/merchant/payment-links",
                        shopToken,
                        new JsonObject().put("amount", 750).put("description", "Pate kòde"))
                .data();
        browser.get(link.getString("url") + lang);
        check("payment link");

        JsonObject oneOnly = service.http
                .post(
                        "/api/merchant/payment-links",
                        shopToken,
                        new JsonObject()
                                .put("amount", 300)
                                .put("description", "Yon sèl")
                                .put("max_payments", 1))
                .data();
        // a customer starts paying and walks away: the link's one place is held by a payment in progress
        assertThat(service.http
                        .send(
                                "POST",
                                URI.create(oneOnly.getString("url")).getRawPath(),
                                null,
                                "",
                                Map.of("Content-Type", "application/x-www-form-urlencoded"))
                        .status())
                .isEqualTo(303);
        browser.get(oneOnly.getString("url") + lang);
        assertThat(browser.findElements(By.id("problem"))).hasSize(1);
        check("busy payment link");

        assertThat(found).as("axe-core violations").isEmpty();
    }

    @ParameterizedTest
    @MethodSource("screensAndEveryLanguage")
    void everyPortalPageHasNoViolation(Screen screen, Language language) throws Exception {
        open(screen);
        browser.get(base + "/portal/login?lang=" + language.tag());
        check("login");
        browser.findElement(By.id("email")).sendKeys("nobody@example.com");
        browser.findElement(By.id("password")).sendKeys("not a password at all");
        clickAndLoad(By.id("login"));
        assertThat(browser.findElements(By.cssSelector("p.error[role=alert]"))).hasSize(1);
        check("login refused");

        // an owner joins: the invitation, the second factor's enrolment and the recovery codes
        PortalSignIn signIn = new PortalSignIn(chromium, base);
        PortalClient.Person owner = signIn.join(shop, "owner", language, this::check);
        check("overview");

        JsonObject link = service.http
                .post("/api/merchant/payment-links", shopToken, new JsonObject().put("description", "Don"))
                .data();
        String someone = service.http
                .get("/api/merchant/payments?reference_id=CMD-2500", shopToken)
                .dataArray()
                .getJsonObject(0)
                .getString("id");
        for (Map.Entry<String, String> page : List.of(
                Map.entry("payments", "/portal/payments"),
                Map.entry("payment", "/portal/payments/" + someone),
                Map.entry("links", "/portal/links"),
                Map.entry("link", "/portal/links/" + link.getString("id")),
                Map.entry("link card", "/portal/links/" + link.getString("id") + "/card"),
                Map.entry("webhooks", "/portal/webhooks"),
                Map.entry("settings", "/portal/settings"),
                Map.entry("refund", "/portal/payments/" + someone + "?confirm=refund"),
                Map.entry("payouts", "/portal/payouts"),
                Map.entry("team", "/portal/team"))) {
            browser.get(base + page.getValue());
            check(page.getKey());
        }
        browser.findElement(By.id("invite-email")).sendKeys("kesye-" + screen + "-" + language.tag() + "@example.com");
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("invite-role"))).selectByValue("cashier");
        clickAndLoad(By.id("send-invite"));
        assertThat(browser.findElements(By.id("invite-url"))).hasSize(1);
        check("team with an invitation link");

        // signing in again: the login page, then the code page
        clickAndLoad(By.id("logout"));
        signIn.logIn(owner, language, page -> check(page + " again"));

        assertThat(found).as("axe-core violations").isEmpty();
    }

    private void clickAndLoad(By target) {
        chromium.clickAndLoad(target);
    }

    private String checkout(int amount) {
        return service.createPayment(shopToken, new JsonObject().put("amount", amount))
                .getString("redirect_url");
    }

    /** Runs axe on the page shown now and keeps what it finds, so one run reports every page's problems. */
    private void check(String page) {
        for (Axe.Violation violation : axe.violations(browser)) {
            found.add(page + " at " + browser.getCurrentUrl() + ": " + violation);
        }
    }

    private void open(Screen screen) throws IOException {
        chromium = HeadlessChromium.screen(screen.width, screen.height);
        browser = chromium.driver();
    }
}
