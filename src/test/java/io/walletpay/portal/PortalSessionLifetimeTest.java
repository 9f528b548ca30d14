package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Portal sessions live in PostgreSQL: logging out ends a session for a copy of its cookie too, "sign out
 * everywhere" ends every device of that person (and only theirs), rotating the secret key ends no session, and a
 * session ends 30 minutes unused or 12 hours after login. The settings page lists the person's own live sessions and
 * marks this device's.
 */
@BehaviourTest
class PortalSessionLifetimeTest {

    static RunningService service;
    static String base;

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

    @Test
    void aCookieCopiedBeforeLogoutIsRefusedAfterIt() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Kopi");
        PortalClient browser = signedIn(shop);
        String copied = sessionCookie(browser);
        assertThat(withCookie(copied, "/portal/payments").statusCode())
                .as("the copy works while the session lives")
                .isEqualTo(200);

        HttpResponse<String> logout = browser.submit(browser.get("/portal/"), "/portal/logout", Map.of());
        assertThat(logout.statusCode()).isEqualTo(303);

        HttpResponse<String> afterwards = withCookie(copied, "/portal/payments");
        assertThat(afterwards.statusCode()).isEqualTo(303);
        assertThat(afterwards.headers().firstValue("Location")).hasValue("/portal/login");
        assertThat(sessionsOf(shop)).isZero();
    }

    @Test
    void signingOutEverywhereEndsEveryDeviceOfThisPersonThisOneTooAndNoOneElses() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Tout Kote");
        PortalClient phone = new PortalClient(base);
        PortalClient.Person owner = phone.logIn(shop);
        PortalClient laptop = new PortalClient(base);
        laptop.logInAs(owner);
        PortalClient colleague = signedIn(shop);
        assertThat(sessionsOf(shop)).isEqualTo(3);
        HttpResponse<String> settings = laptop.get("/portal/settings?lang=en");
        assertThat(settings.body()).contains("Where you are signed in").contains("(this device)");
        // this person's two devices, not the colleague's
        assertThat(settings.body().split("<li data-current=", -1)).hasSize(3);

        HttpResponse<String> ended = laptop.submit(settings, "/portal/settings/sessions/end-all", Map.of());
        assertThat(ended.statusCode()).isEqualTo(303);
        assertThat(ended.headers().firstValue("Location")).hasValue("/portal/login");
        assertThat(phone.get("/portal/").statusCode()).isEqualTo(303);
        assertThat(laptop.get("/portal/").statusCode()).isEqualTo(303);
        assertThat(colleague.get("/portal/").statusCode()).isEqualTo(200);
        assertThat(sessionsOf(shop)).isEqualTo(1);
    }

    @Test
    void rotatingTheSecretKeyLeavesThisAndEveryOtherSessionSignedIn() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Nouvo Kle");
        PortalClient here = new PortalClient(base);
        PortalClient.Person owner = here.logIn(shop);
        PortalClient elsewhere = signedIn(shop);
        int before = keyVersionOf(shop);

        HttpResponse<String> rotated = here.submit(
                here.get("/portal/settings?confirm=secret-key"),
                "/portal/settings/secret-key",
                Map.of("password", owner.password()));
        assertThat(rotated.statusCode()).isEqualTo(200);
        assertThat(rotated.body()).contains("id=\"new-secret\"");
        assertThat(keyVersionOf(shop)).isEqualTo(before + 1);
        assertThat(here.get("/portal/payments").statusCode()).isEqualTo(200);
        assertThat(elsewhere.get("/portal/payments").statusCode()).isEqualTo(200);
        assertThat(sessionsOf(shop)).isEqualTo(2);
    }

    @Test
    void aSessionEndsThirtyMinutesUnusedOrTwelveHoursAfterLoginWhateverHappens() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Tan");
        PortalClient idle = signedIn(shop);
        PortalClient busy = signedIn(shop);
        String idleCookie = sessionCookie(idle);
        String busyCookie = sessionCookie(busy);

        // the clock moved on: one browser was left alone for 31 minutes, the other used all day for 12 hours
        service.sql(
                "UPDATE portal_sessions SET last_seen_at = now() - interval '31 minutes' WHERE id_hash = $1",
                io.vertx.core.buffer.Buffer.buffer(PortalSession.hashOf(idleCookie)));
        service.sql(
                "UPDATE portal_sessions SET created_at = now() - interval '12 hours 1 minute' WHERE id_hash = $1",
                io.vertx.core.buffer.Buffer.buffer(PortalSession.hashOf(busyCookie)));

        assertThat(idle.get("/portal/").statusCode()).isEqualTo(303);
        assertThat(busy.get("/portal/").statusCode()).isEqualTo(303);

        PortalClient fresh = signedIn(shop);
        assertThat(fresh.get("/portal/").statusCode()).isEqualTo(200);
    }

    @Test
    void theTableHoldsOnlyAHashOfTheCookie() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Hash");
        String cookie = sessionCookie(signedIn(shop));
        var row = service.sql(
                        "SELECT id_hash, source_address, user_agent FROM portal_sessions WHERE merchant_id = $1",
                        UUID.fromString(shop.getString("merchant_id")))
                .iterator()
                .next();
        assertThat(row.getBuffer("id_hash").getBytes()).hasSize(32).isEqualTo(PortalSession.hashOf(cookie));
        assertThat(row.getBuffer("id_hash").toString()).doesNotContain(cookie);
        assertThat(row.getString("source_address")).isNotBlank();
    }

    private static PortalClient signedIn(JsonObject shop) throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        return browser;
    }

    private static String sessionCookie(PortalClient browser) {
        return browser.cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals(PortalSession.COOKIE))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElseThrow();
    }

    /** A request carrying only {@code cookie} as the session, as someone who copied it would send it. */
    private static HttpResponse<String> withCookie(String cookie, String path) throws Exception {
        return java.net.http.HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(base + path))
                                .header("Cookie", PortalSession.COOKIE + "=" + cookie)
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    private static int keyVersionOf(JsonObject shop) {
        return service.sql(
                        "SELECT secret_key_version FROM merchants WHERE id = $1",
                        UUID.fromString(shop.getString("merchant_id")))
                .iterator()
                .next()
                .getInteger(0);
    }

    private static long sessionsOf(JsonObject shop) {
        return service.sql(
                        "SELECT count(*) FROM portal_sessions WHERE merchant_id = $1",
                        UUID.fromString(shop.getString("merchant_id")))
                .iterator()
                .next()
                .getLong(0);
    }
}
