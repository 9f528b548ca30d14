package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.people.Totp;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.PortalClient;
import io.walletpay.support.PortalSignIn;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * An owner in a real headless Chromium (no JavaScript) signs in with the password, then the code from their app (no
 * page opens before it, a wrong code is refused), goes from Settings to the Team page and invites a cashier: the page
 * shows the link to copy and lists the open invitation; the cashier who follows the link joins with a password alone
 * and the Team page lists them as a cashier. A screenshot {@code portal-team-en} goes to {@code target/screenshots}
 * ({@code -Dwalletpay.screenshots=docs} refreshes the docs' own).
 */
@BehaviourTest
class TeamBrowserTest {

    static final Path SCREENSHOTS = Path.of(System.getProperty("walletpay.screenshots", "target/screenshots"));

    static RunningService service;
    static String base;

    HeadlessChromium chromium;
    WebDriver browser;
    PortalSignIn signIn;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
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
    void anOwnerSignsInWithACodeAndInvitesACashierWhoseLinkThePageShows(Language language) throws Exception {
        PortalText t = new PortalText(language);
        JsonObject shop = service.createMerchant("Boutik Mari " + language.tag());
        PortalClient.Person owner = signIn.join(shop, "owner", language);
        chromium.clickAndLoad(By.id("logout"));
        chromium.arrivesAt("/portal/login");

        // the password first: then the portal asks for the code, and opens no page before it
        browser.get(base + "/portal/login?lang=" + language.tag());
        browser.findElement(By.id("email")).sendKeys(owner.email());
        browser.findElement(By.id("password")).sendKeys(owner.password());
        chromium.clickAndLoad(By.id("login"));
        chromium.arrivesAt("/portal/login/code");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo(t.get("code.title"));
        browser.get(base + "/portal/payments");
        assertThat(browser.getCurrentUrl()).endsWith("/portal/login/code");
        assertThat(browser.findElements(By.id("payments"))).isEmpty();

        // a code the app does not show now is refused, and the code page stays
        browser.findElement(By.id("code")).sendKeys(notAValidCode(owner));
        chromium.clickAndLoad(By.id("send-code"));
        assertThat(browser.getCurrentUrl()).endsWith("/portal/login/code");
        assertThat(browser.findElements(By.cssSelector("p.error[role=alert]"))).hasSize(1);

        // the code the app shows opens the portal
        browser.findElement(By.id("code")).sendKeys(owner.nextCode());
        chromium.clickAndLoad(By.id("send-code"));
        chromium.arrivesAt("/portal/");

        // Settings lead the owner to the Team page, where the owner is listed as such
        chromium.clickAndLoad(By.linkText(t.get("nav.settings")));
        chromium.arrivesAt("/portal/settings");
        chromium.clickAndLoad(By.id("manage-team"));
        chromium.arrivesAt("/portal/team");
        assertThat(browser.findElement(By.cssSelector("#members tr[data-email='" + owner.email() + "']"))
                        .getText())
                .contains(t.get("team.you"), t.get("role.owner"));

        // invite a cashier: the answer shows the link to copy and lists the invitation
        String cashierEmail = "kesye-" + language.tag() + "@example.com";
        browser.findElement(By.id("invite-email")).sendKeys(cashierEmail);
        new Select(browser.findElement(By.id("invite-role"))).selectByValue("cashier");
        chromium.clickAndLoad(By.id("send-invite"));
        String inviteUrl = browser.findElement(By.id("invite-url")).getAttribute("value");
        assertThat(inviteUrl).startsWith(service.config.publicBaseUrl().replaceAll("/+$", "") + "/portal/invite/");
        assertThat(browser.findElement(By.cssSelector("p.notice")).getText())
                .isEqualTo(t.get("team.invited", cashierEmail));
        assertThat(browser.findElement(By.id("invitations")).getText()).contains(cashierEmail, t.get("role.cashier"));
        if (language == Language.EN) {
            chromium.screenshot(SCREENSHOTS, "portal-team-en");
        }

        // the link the page showed works: the cashier joins with a password alone, and is listed as a cashier
        PortalClient.Person cashier = new PortalClient(base).join(inviteUrl, cashierEmail, "kòd sekrè kesye a");
        assertThat(cashier.totpSecret()).isNull();
        browser.get(base + "/portal/team");
        String cashierRow = "#members tr[data-email='" + cashierEmail + "']";
        assertThat(new Select(browser.findElement(By.cssSelector(cashierRow + " select")))
                        .getFirstSelectedOption()
                        .getAttribute("value"))
                .isEqualTo("cashier");
        assertThat(browser.findElements(By.cssSelector("#invitations li"))).isEmpty();
    }

    /** Six digits that are none of the codes the owner's app shows around now (the steps accepted for drift). */
    private static String notAValidCode(PortalClient.Person owner) {
        long now = Totp.stepOf(Instant.now());
        // two steps either side: the clock may move on between choosing and sending
        Set<String> valid = LongStream.rangeClosed(now - 2, now + 2)
                .mapToObj(step -> PortalClient.codeOf(owner.totpSecret(), step))
                .collect(java.util.stream.Collectors.toSet());
        return Stream.of("000000", "111111", "222222", "333333", "444444", "555555")
                .filter(code -> !valid.contains(code))
                .findFirst()
                .orElseThrow();
    }
}
