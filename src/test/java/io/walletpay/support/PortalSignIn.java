package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.people.Totp;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Signing people in to the portal in a real Chromium, as they would: the invitation link's page (name, password),
 * for an owner or manager the second factor set up from the key the enrolment page shows (as an authenticator app
 * would read it) and the recovery codes page; later the login page, then the code page. Each step can be looked at
 * on the way ({@code eachPage} gets the step's name while the browser shows it: {@code invite}, {@code enrol},
 * {@code recovery codes}, {@code login}, {@code code}).
 */
public final class PortalSignIn {

    public static final String PASSWORD = "pye bannann nan mache";

    private final HeadlessChromium chromium;
    private final WebDriver browser;
    private final String base;

    public PortalSignIn(HeadlessChromium chromium, String base) {
        this.chromium = chromium;
        this.browser = chromium.driver();
        this.base = base;
    }

    /** A new person of {@code merchant} with {@code role}, invited by the admin API, joined in this browser. */
    public PortalClient.Person join(JsonObject merchant, String role, Language language)
            throws IOException, InterruptedException {
        return join(merchant, role, language, page -> {});
    }

    /** As {@link #join(JsonObject, String, Language)}, showing each page to {@code eachPage} on the way. */
    public PortalClient.Person join(JsonObject merchant, String role, Language language, Consumer<String> eachPage)
            throws IOException, InterruptedException {
        String email = role + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        String inviteUrl = new PortalClient(base).invite(merchant.getString("merchant_id"), email, role);
        return join(inviteUrl, email, language, eachPage);
    }

    /**
     * Follows {@code inviteUrl} in this browser: name and password, then (for an owner or manager) the second factor
     * and the recovery codes, ending on the overview.
     */
    public PortalClient.Person join(String inviteUrl, String email, Language language, Consumer<String> eachPage) {
        browser.get(base + URI.create(inviteUrl).getRawPath() + "?lang=" + language.tag());
        assertThat(browser.findElement(By.id("email")).getAttribute("value")).isEqualTo(email);
        eachPage.accept("invite");
        browser.findElement(By.id("name")).sendKeys("Mari Jozèf");
        browser.findElement(By.id("password")).sendKeys(PASSWORD);
        chromium.clickAndLoad(By.id("join"));
        if (!browser.getCurrentUrl().endsWith("/portal/enrol")) {
            chromium.arrivesAt("/portal/");
            return new PortalClient.Person(email, PASSWORD, null, List.of(), new AtomicLong());
        }
        eachPage.accept("enrol");
        byte[] secret = Totp.secretFromBase32(
                browser.findElement(By.id("totp-secret")).getText().replace(" ", ""));
        long step = Totp.stepOf(Instant.now());
        browser.findElement(By.id("code")).sendKeys(PortalClient.codeOf(secret, step));
        chromium.clickAndLoad(By.id("enrol"));
        List<String> recovery = new ArrayList<>(browser.findElements(By.cssSelector("#recovery-codes li.code")).stream()
                .map(WebElement::getText)
                .toList());
        assertThat(recovery)
                .as(() -> browser.findElement(By.tagName("body")).getText())
                .hasSize(10);
        eachPage.accept("recovery codes");
        chromium.clickAndLoad(By.id("continue"));
        chromium.arrivesAt("/portal/");
        return new PortalClient.Person(email, PASSWORD, secret, recovery, new AtomicLong(step));
    }

    /** Signs {@code who} in again from the login page: e-mail and password, then a fresh code when they have one. */
    public void logIn(PortalClient.Person who, Language language) {
        logIn(who, language, page -> {});
    }

    /** As {@link #logIn(PortalClient.Person, Language)}, showing each page to {@code eachPage} on the way. */
    public void logIn(PortalClient.Person who, Language language, Consumer<String> eachPage) {
        browser.get(base + "/portal/login?lang=" + language.tag());
        eachPage.accept("login");
        browser.findElement(By.id("email")).sendKeys(who.email());
        browser.findElement(By.id("password")).sendKeys(who.password());
        chromium.clickAndLoad(By.id("login"));
        if (who.totpSecret() != null) {
            chromium.arrivesAt("/portal/login/code");
            eachPage.accept("code");
            browser.findElement(By.id("code")).sendKeys(who.nextCode());
            chromium.clickAndLoad(By.id("send-code"));
        }
        chromium.arrivesAt("/portal/");
    }
}
