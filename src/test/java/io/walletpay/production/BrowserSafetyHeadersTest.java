package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * In production browsers are told to use https only (HSTS) and a portal form is taken only from the portal's own
 * origin; development, on plain http, sends no HSTS that would lock a developer's browser out of localhost.
 */
@io.walletpay.support.BehaviourTest
class BrowserSafetyHeadersTest {

    @Test
    void productionSendsHstsAndRefusesPortalFormsFromAnotherOrigin() {
        try (RunningService service = RunningService.start(Map.of("WALLETPAY_MODE", "production"))) {
            RawHttp http = new RawHttp(service.config.http().port());
            assertThat(http.send("GET", "/health/live", Map.of(), null).header("Strict-Transport-Security"))
                    .startsWith("max-age=");
            assertThat(http.send("GET", "/portal/login", Map.of(), null).header("Strict-Transport-Security"))
                    .startsWith("max-age=");

            URI base = URI.create(service.config.publicBaseUrl());
            String own = base.getScheme() + "://" + base.getRawAuthority();
            RawHttp.Answer foreign = login(http, "https://evil.example");
            assertThat(foreign.status()).isEqualTo(403);
            assertThat(foreign.mediaType()).isEqualTo("text/html");
            assertThat(login(http, "null").status()).isEqualTo(403);
            // from its own origin the form reaches the CSRF check (no token here: refused there, also with 403)
            // and, with the token, the login itself
            RawHttp.Answer page = http.send("GET", "/portal/login", Map.of(), null);
            String cookie = page.header("Set-Cookie").split(";", 2)[0];
            java.util.regex.Matcher field = java.util.regex.Pattern.compile("name=\"X-XSRF-TOKEN\" value=\"([^\"]+)\"")
                    .matcher(page.body());
            assertThat(field.find()).isTrue();
            String form =
                    "X-XSRF-TOKEN=" + field.group(1) + "&email=nobody%40example.com" + "&password=not+the+password";
            RawHttp.Answer ownForm = http.send(
                    "POST",
                    "/portal/login",
                    Map.of("Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie, "Origin", own),
                    form);
            assertThat(ownForm.status()).as("a wrong password, judged as such").isEqualTo(401);
            RawHttp.Answer sameFormElsewhere = http.send(
                    "POST",
                    "/portal/login",
                    Map.of(
                            "Content-Type",
                            "application/x-www-form-urlencoded",
                            "Cookie",
                            cookie,
                            "Origin",
                            "https://evil.example"),
                    form);
            assertThat(sameFormElsewhere.status())
                    .as("the same form from another origin")
                    .isEqualTo(403);
        }
    }

    @Test
    void developmentSendsNoHsts() {
        try (RunningService service = RunningService.start()) {
            RawHttp http = new RawHttp(service.config.http().port());
            assertThat(http.send("GET", "/health/live", Map.of(), null).header("Strict-Transport-Security"))
                    .isNull();
        }
    }

    private static RawHttp.Answer login(RawHttp http, String origin) {
        return http.send(
                "POST",
                "/portal/login",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "Origin", origin),
                "email=x%40example.com&password=y");
    }
}
