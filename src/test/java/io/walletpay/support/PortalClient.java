package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A browser-like HTTP client for the portal: keeps cookies, never follows redirects, reads the CSRF field. */
public final class PortalClient {

    public static final String CSRF_FIELD = "X-XSRF-TOKEN";

    public final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    public final HttpClient client = HttpClient.newBuilder()
            .cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String base;

    public PortalClient(String base) {
        this.base = base;
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create(base + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> post(String path, Map<String, String> form) throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return client.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Where a browser goes after {@code answer}: the page a 303 sends it to, or {@code answer} itself. */
    public HttpResponse<String> follow(HttpResponse<String> answer) throws IOException, InterruptedException {
        if (answer.statusCode() != 303) {
            return answer;
        }
        return get(answer.headers().firstValue("Location").orElseThrow());
    }

    /** {@code form} plus the CSRF token of {@code page}: what a browser submits from that page. */
    public HttpResponse<String> submit(HttpResponse<String> page, String path, Map<String, String> form)
            throws IOException, InterruptedException {
        Map<String, String> full = new java.util.HashMap<>(form);
        full.put(CSRF_FIELD, csrfFrom(page));
        return post(path, full);
    }

    public String csrfFrom(HttpResponse<String> page) {
        Matcher m = Pattern.compile("name=\"X-XSRF-TOKEN\" value=\"([^\"]+)\"").matcher(page.body());
        assertThat(m.find()).as("a CSRF field in %s", page.body()).isTrue();
        return m.group(1);
    }

    /** Who a client signed in as: their e-mail, password, second factor's secret and recovery codes left. */
    public record Person(
            String email,
            String password,
            byte[] totpSecret,
            java.util.List<String> recoveryCodes,
            java.util.concurrent.atomic.AtomicLong lastStep) {

        /**
         * A code their app would show that has not served yet (each time step serves once): the previous step's, the
         * current one's or the next one's, all accepted for clock drift; once those are used, a recovery code.
         */
        public String nextCode() {
            long now = io.walletpay.people.Totp.stepOf(java.time.Instant.now());
            long step = Math.max(now - 1, lastStep.get() + 1);
            if (step <= now + 1) {
                lastStep.set(step);
                return codeOf(totpSecret, step);
            }
            return recoveryCodes.remove(0);
        }
    }

    /** The person this client last signed in as, or null. */
    public Person person;

    /** Signs in as a new owner of {@code merchant}, invited by the admin API, second factor enrolled. */
    public Person logIn(JsonObject merchant) throws IOException, InterruptedException {
        return logIn(merchant, "owner");
    }

    /** Signs in as a new person of {@code merchant} with {@code role}, invited by the admin API. */
    public Person logIn(JsonObject merchant, String role) throws IOException, InterruptedException {
        String email = role + "-" + java.util.UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        return join(invite(merchant.getString("merchant_id"), email, role), email, "correct horse battery");
    }

    /** An invitation link for {@code email} with {@code role}, from the admin API. */
    public String invite(String merchantId, String email, String role) throws IOException, InterruptedException {
        HttpResponse<String> answer = client.send(
                HttpRequest.newBuilder(URI.create(base + "/api/admin/merchants/" + merchantId + "/invitations"))
                        .header("Authorization", "Bearer " + TestConfig.ADMIN_TOKEN)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(new JsonObject()
                                .put("email", email)
                                .put("role", role)
                                .encode()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return new JsonObject(answer.body()).getJsonObject("data").getString("invite_url");
    }

    /**
     * Follows an invitation link as a browser: name and password, then (for an owner or manager) the second factor
     * enrolled from the secret on the page, as an authenticator app would.
     */
    public Person join(String inviteUrl, String email, String password) throws IOException, InterruptedException {
        String path = URI.create(inviteUrl).getRawPath();
        HttpResponse<String> page = get(path + "?lang=en");
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        HttpResponse<String> joined = submit(page, path, Map.of("name", "Ti Mari", "password", password));
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(303);
        String next = joined.headers().firstValue("Location").orElseThrow();
        if (next.equals("/portal/")) {
            person = new Person(
                    email, password, null, java.util.List.of(), new java.util.concurrent.atomic.AtomicLong());
            return person;
        }
        assertThat(next).isEqualTo("/portal/enrol");
        HttpResponse<String> enrol = get("/portal/enrol");
        byte[] secret = io.walletpay.people.Totp.secretFromBase32(secretFrom(enrol));
        long step = io.walletpay.people.Totp.stepOf(java.time.Instant.now());
        HttpResponse<String> codes = submit(enrol, "/portal/enrol", Map.of("code", codeOf(secret, step)));
        assertThat(codes.statusCode()).as(codes.body()).isEqualTo(200);
        Matcher m = Pattern.compile("<li class=\"code\">([^<]+)</li>").matcher(codes.body());
        java.util.List<String> recovery = new java.util.ArrayList<>();
        while (m.find()) {
            recovery.add(m.group(1));
        }
        assertThat(recovery).hasSize(10);
        person = new Person(email, password, secret, recovery, new java.util.concurrent.atomic.AtomicLong(step));
        return person;
    }

    /** The TOTP secret an enrolment page shows (grouped by four for typing). */
    public static String secretFrom(HttpResponse<String> enrolPage) {
        Matcher m = Pattern.compile("id=\"totp-secret\">([^<]+)<").matcher(enrolPage.body());
        assertThat(m.find()).as("a secret on %s", enrolPage.body()).isTrue();
        return m.group(1).replace(" ", "");
    }

    /** The code an authenticator app shows for {@code secret} at time step {@code step}. */
    public static String codeOf(byte[] secret, long step) {
        return io.walletpay.people.Totp.codeAt(secret, java.time.Instant.ofEpochSecond(step * 30));
    }

    /**
     * Signs {@code who} in again in this client: e-mail and password, then a code their app would show (one not used
     * yet: the next time step, accepted for clock drift), or else one of their recovery codes.
     */
    public void logInAs(Person who) throws IOException, InterruptedException {
        HttpResponse<String> login = get("/portal/login?lang=en");
        HttpResponse<String> answer =
                submit(login, "/portal/login", Map.of("email", who.email(), "password", who.password()));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
        String next = answer.headers().firstValue("Location").orElseThrow();
        if (who.totpSecret() != null) {
            assertThat(next).isEqualTo("/portal/login/code");
            HttpResponse<String> codePage = get(next);
            answer = submit(codePage, next, Map.of("code", who.nextCode()));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
            next = answer.headers().firstValue("Location").orElseThrow();
        }
        assertThat(next).isEqualTo("/portal/");
        person = who;
    }
}
