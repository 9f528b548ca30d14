package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who may do what in the signed-in portal, over real HTTP: a form token belongs to its session (an attacker's own
 * CSRF cookie and token do not carry the victim's session), each role's refused actions answer 403 and change
 * nothing while its allowed ones work, and the owner ends anyone's session, as removing a person or changing their
 * role does.
 */
@BehaviourTest
class PortalAccessTest {

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
    void anAttackersOwnCsrfCookieAndTokenBesideTheVictimsSessionAreRefusedAndChangeNothing() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Viktim");
        PortalClient victim = new PortalClient(base);
        PortalClient.Person owner = victim.logIn(shop);
        assertThat(victim.get("/portal/").statusCode()).isEqualTo(200);
        int entries = auditEntries(shop);

        // the attacker's browser gets a pair of its own from the login page, as anyone can
        PortalClient attacker = new PortalClient(base);
        HttpResponse<String> login = attacker.get("/portal/login");
        String attackerToken = attacker.csrfFrom(login);
        String attackerCookie = cookie(attacker, "walletpay_portal_csrf");
        // and one from a session of its own, at another shop
        PortalClient signedInAttacker = new PortalClient(base);
        signedInAttacker.logIn(service.createMerchant("Boutik Atakan"));
        String otherSessionToken = signedInAttacker.csrfFrom(signedInAttacker.get("/portal/"));

        String session = cookie(victim, PortalSession.COOKIE);
        for (String token : new String[] {attackerToken, otherSessionToken}) {
            String cookies = PortalSession.COOKIE + "=" + session + "; walletpay_portal_csrf=" + attackerCookie;
            HttpResponse<String> phone = forged(
                    cookies,
                    "/portal/payouts/phone",
                    Map.of(PortalClient.CSRF_FIELD, token, "payout_phone", "3712 3456", "password", owner.password()));
            assertThat(phone.statusCode()).isEqualTo(403);
            HttpResponse<String> settings = forged(
                    cookies,
                    "/portal/settings",
                    Map.of(
                            PortalClient.CSRF_FIELD,
                            token,
                            "webhook_url",
                            "https://evil.example/hooks",
                            "return_url",
                            "",
                            "locale",
                            "en"));
            assertThat(settings.statusCode()).isEqualTo(403);
        }
        JsonObject row = merchantRow(shop);
        assertThat(row.getString("payout_phone")).isNull();
        assertThat(row.getString("webhook_url")).isNull();
        assertThat(auditEntries(shop)).isEqualTo(entries);
        // the victim's session goes on, and its own token still works
        HttpResponse<String> page = victim.get("/portal/settings");
        assertThat(page.statusCode()).isEqualTo(200);
        HttpResponse<String> saved = victim.submit(
                page,
                "/portal/settings",
                Map.of("webhook_url", "https://boutik.example.ht/hooks", "return_url", "", "locale", "en"));
        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(merchantRow(shop).getString("webhook_url")).isEqualTo("https://boutik.example.ht/hooks");
    }

    @Test
    void eachRolesRefusedActionsAnswer403AndChangeNothingWhileItsAllowedOnesWork() throws Exception {
        JsonObject shop = service.createMerchant(new JsonObject()
                .put("name", "Boutik Wòl")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        String token = service.tokenFor(shop);
        String paid = PortalMoneyTest.paidThrough(service, token, 900);

        // a viewer makes no payment link
        PortalClient viewer = signedIn(shop, "viewer");
        HttpResponse<String> link = viewer.submit(
                viewer.get("/portal/?lang=en"), "/portal/links", Map.of("amount", "250", "description", "Diri"));
        refused(link);
        assertThat(count("SELECT count(*) FROM payment_links WHERE merchant_id = $1::uuid", shop))
                .isZero();

        // a developer makes no refund
        PortalClient developer = signedIn(shop, "developer");
        HttpResponse<String> refund = developer.submit(
                developer.get("/portal/payments/" + paid + "?lang=en"),
                "/portal/payments/" + paid + "/refund",
                Map.of("amount", "100", "form_key", UUID.randomUUID().toString()));
        refused(refund);
        assertThat(count("SELECT count(*) FROM transfers WHERE merchant_id = $1::uuid", shop))
                .isZero();

        // a manager does not set the payout number, even with the right password
        PortalClient manager = signedIn(shop, "manager");
        HttpResponse<String> phone = manager.submit(
                manager.get("/portal/payouts?lang=en"),
                "/portal/payouts/phone",
                Map.of("payout_phone", "3712 3456", "password", manager.person.password()));
        refused(phone);
        assertThat(merchantRow(shop).getString("payout_phone")).isNull();

        // a cashier does not open the team page
        PortalClient cashier = signedIn(shop, "cashier");
        refused(cashier.get("/portal/team?lang=en"));

        // but a cashier makes a payment link
        HttpResponse<String> made = cashier.submit(
                cashier.get("/portal/links?lang=en"),
                "/portal/links",
                Map.of("amount", "250", "description", "Diri", "reference", "", "max_payments", ""));
        assertThat(made.statusCode()).as(made.body()).isEqualTo(303);
        assertThat(made.headers().firstValue("Location").orElseThrow()).matches("/portal/links/[0-9a-f-]{36}");
        assertThat(count("SELECT count(*) FROM payment_links WHERE merchant_id = $1::uuid", shop))
                .isEqualTo(1);

        // and cancels a pending payment
        String pending = service.createPayment(token, new JsonObject().put("amount", 300))
                .getString("id");
        HttpResponse<String> detail = cashier.get("/portal/payments/" + pending + "?lang=en");
        assertThat(detail.body()).contains("id=\"cancel\"");
        HttpResponse<String> cancelled = cashier.submit(detail, "/portal/payments/" + pending + "/cancel", Map.of());
        assertThat(cancelled.statusCode()).isEqualTo(200);
        assertThat(service.sql("SELECT status FROM payments WHERE id = $1::uuid", pending)
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("cancelled");
    }

    @Test
    void theOwnerEndsAnotherPersonsSessionAndRemovingThemOrChangingTheirRoleEndsTheirsToo() throws Exception {
        JsonObject shop = service.createMerchant("Boutik Ekip");
        PortalClient owner = new PortalClient(base);
        owner.logIn(shop);
        PortalClient cashier = new PortalClient(base);
        PortalClient.Person person = cashier.logIn(shop, "cashier");
        assertThat(cashier.get("/portal/").statusCode()).isEqualTo(200);

        // the owner sees the cashier's session on the team page and ends it
        HttpResponse<String> team = owner.get("/portal/team?lang=en");
        assertThat(team.statusCode()).isEqualTo(200);
        String sessions = team.body().substring(team.body().indexOf("id=\"team-sessions\""));
        sessions = sessions.substring(0, sessions.indexOf("</ul>"));
        List<String> others = Arrays.stream(sessions.split("<li>"))
                .skip(1)
                .filter(item -> !item.contains("(this device)"))
                .toList();
        assertThat(others).as("the cashier's session beside the owner's own").hasSize(1);
        String handle = group(others.get(0), "name=\"session\" value=\"([0-9a-f]{64})\"");
        HttpResponse<String> ended = owner.submit(team, "/portal/team/sessions/end", Map.of("session", handle));
        assertThat(ended.statusCode()).isEqualTo(303);
        assertThat(owner.follow(ended).body()).contains("Session ended.");
        assertThat(cashier.get("/portal/").headers().firstValue("Location")).hasValue("/portal/login");
        assertThat(owner.get("/portal/").statusCode()).isEqualTo(200);

        // a new role ends their sessions: they sign in again to use it
        cashier.logInAs(person);
        assertThat(cashier.get("/portal/").statusCode()).isEqualTo(200);
        String id = group(
                owner.get("/portal/team?lang=en").body(),
                "<tr data-email=\"" + Pattern.quote(person.email()) + "\">.*?/portal/team/people/([0-9a-f-]{36})/role");
        HttpResponse<String> changed = owner.submit(
                owner.get("/portal/team?lang=en"), "/portal/team/people/" + id + "/role", Map.of("role", "viewer"));
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(cashier.get("/portal/").headers().firstValue("Location")).hasValue("/portal/login");
        cashier.logInAs(person);
        refused(cashier.submit(
                cashier.get("/portal/?lang=en"), "/portal/links", Map.of("amount", "250", "description", "Diri")));

        // removing them ends their session, and they no longer sign in
        HttpResponse<String> removed =
                owner.submit(owner.get("/portal/team?lang=en"), "/portal/team/people/" + id + "/remove", Map.of());
        assertThat(removed.statusCode()).isEqualTo(200);
        assertThat(removed.body()).doesNotContain(person.email());
        assertThat(cashier.get("/portal/").headers().firstValue("Location")).hasValue("/portal/login");
        HttpResponse<String> again = cashier.submit(
                cashier.get("/portal/login?lang=en"),
                "/portal/login",
                Map.of("email", person.email(), "password", person.password()));
        assertThat(again.statusCode()).isEqualTo(401);
        assertThat(owner.get("/portal/").statusCode()).isEqualTo(200);
    }

    private static PortalClient signedIn(JsonObject shop, String role) throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop, role);
        return browser;
    }

    private static void refused(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.body()).contains("Your role does not allow this");
    }

    /** A form sent with exactly {@code cookies}, as a page elsewhere makes the victim's browser send it. */
    private static HttpResponse<String> forged(String cookies, String path, Map<String, String> form) throws Exception {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return java.net.http.HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(base + path))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .header("Cookie", cookies)
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    private static String cookie(PortalClient browser, String name) {
        return browser.cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals(name))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no cookie " + name));
    }

    private static String group(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.DOTALL).matcher(text);
        assertThat(m.find()).as("%s in %s", regex, text).isTrue();
        return m.group(1);
    }

    private static JsonObject merchantRow(JsonObject shop) {
        return service.sql("SELECT * FROM merchants WHERE id = $1::uuid", shop.getString("merchant_id"))
                .iterator()
                .next()
                .toJson();
    }

    private static int auditEntries(JsonObject shop) {
        return (int) count("SELECT count(*) FROM audit_log WHERE merchant_id = $1::uuid", shop);
    }

    private static long count(String sql, JsonObject shop) {
        return service.sql(sql, shop.getString("merchant_id")).iterator().next().getLong(0);
    }
}
