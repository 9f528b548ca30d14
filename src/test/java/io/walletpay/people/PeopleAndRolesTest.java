package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * People in the portal, driven as a browser without JavaScript: the owner invited by the admin API sets a password
 * and enrols the second factor from the {@code otpauth://} URI on the page; the secret key no longer opens the
 * portal; after the password the portal asks for the code and only then lets the owner in; the owner invites a
 * cashier from the Team page, which shows the link; the cashier signs in, sees a payment with the payer masked, and
 * a refund the cashier posts is refused with 403 and refunds nothing.
 */
@BehaviourTest
class PeopleAndRolesTest {

    static RunningService service;
    static String base;
    static JsonObject merchant;
    static String token;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
        merchant = service.createMerchant(new JsonObject().put("name", "Boutik Ti Mari"));
        token = service.tokenFor(merchant);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void anOwnerEnrolsInvitesACashierAndTheCashierCannotRefund() throws Exception {
        // the operator invites the first owner
        PortalClient owner = new PortalClient(base);
        String inviteUrl = owner.invite(merchant.getString("merchant_id"), "Mari@Example.com", "owner");
        assertThat(inviteUrl).startsWith(service.config.publicBaseUrl().replaceAll("/+$", "") + "/portal/invite/");
        String invitePath = URI.create(inviteUrl).getRawPath();

        // the link's page takes a name and a password
        HttpResponse<String> invitePage = owner.get(invitePath + "?lang=en");
        assertThat(invitePage.statusCode()).isEqualTo(200);
        assertThat(invitePage.body())
                .contains("Boutik Ti Mari", "Owner", "mari@example.com", "name=\"name\"", "name=\"password\"");
        HttpResponse<String> tooShort =
                owner.submit(invitePage, invitePath, Map.of("name", "Mari", "password", "short"));
        assertThat(tooShort.statusCode()).isEqualTo(400);
        assertThat(tooShort.body()).contains("at least 10 characters");
        HttpResponse<String> joined =
                owner.submit(tooShort, invitePath, Map.of("name", "Mari", "password", "pye bannann nan mache"));
        assertThat(joined.statusCode()).isEqualTo(303);
        assertThat(joined.headers().firstValue("Location")).hasValue("/portal/enrol");
        // the link served once
        assertThat(new PortalClient(base).get(invitePath).statusCode()).isEqualTo(404);

        // an owner must enrol before any page opens
        assertThat(owner.get("/portal/").headers().firstValue("Location")).hasValue("/portal/enrol");
        HttpResponse<String> enrol = owner.get("/portal/enrol");
        assertThat(enrol.body()).contains("<svg", "role=\"img\"");
        byte[] secret = secretOfUri(enrol.body());
        HttpResponse<String> wrongCode = owner.submit(enrol, "/portal/enrol", Map.of("code", "000000"));
        assertThat(wrongCode.statusCode()).isEqualTo(400);
        long step = Totp.stepOf(Instant.now());
        HttpResponse<String> enrolled =
                owner.submit(wrongCode, "/portal/enrol", Map.of("code", PortalClient.codeOf(secret, step)));
        assertThat(enrolled.statusCode()).isEqualTo(200);
        assertThat(enrolled.body()).contains("id=\"recovery-codes\"");
        assertThat(owner.get("/portal/").statusCode()).isEqualTo(200);
        assertThat(service.sql("SELECT count(*) FROM recovery_codes")
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(10);

        // the secret key no longer opens the portal
        PortalClient withKey = new PortalClient(base);
        HttpResponse<String> loginPage = withKey.get("/portal/login?lang=en");
        HttpResponse<String> keyLogin = withKey.submit(
                loginPage,
                "/portal/login",
                Map.of(
                        "merchant_id", merchant.getString("merchant_id"),
                        "secret_key", merchant.getString("secret_key"),
                        "email", merchant.getString("merchant_id"),
                        "password", merchant.getString("secret_key")));
        assertThat(keyLogin.statusCode()).isEqualTo(401);
        assertThat(withKey.get("/portal/").headers().firstValue("Location")).hasValue("/portal/login");

        // after the password the portal asks for the code, and only the code lets the owner in
        PortalClient again = new PortalClient(base);
        HttpResponse<String> login = again.get("/portal/login?lang=en");
        HttpResponse<String> password = again.submit(
                login, "/portal/login", Map.of("email", "mari@example.com", "password", "pye bannann nan mache"));
        assertThat(password.statusCode()).isEqualTo(303);
        assertThat(password.headers().firstValue("Location")).hasValue("/portal/login/code");
        assertThat(again.get("/portal/").headers().firstValue("Location")).hasValue("/portal/login/code");
        assertThat(again.get("/portal/payments").headers().firstValue("Location"))
                .hasValue("/portal/login/code");
        HttpResponse<String> codePage = again.get("/portal/login/code");
        // the code used at enrolment serves once
        HttpResponse<String> reused =
                again.submit(codePage, "/portal/login/code", Map.of("code", PortalClient.codeOf(secret, step)));
        assertThat(reused.statusCode()).isEqualTo(401);
        HttpResponse<String> in =
                again.submit(reused, "/portal/login/code", Map.of("code", PortalClient.codeOf(secret, step + 1)));
        assertThat(in.statusCode()).isEqualTo(303);
        assertThat(in.headers().firstValue("Location")).hasValue("/portal/");
        assertThat(again.get("/portal/").statusCode()).isEqualTo(200);

        // the owner invites a cashier from the Team page, and the page shows the link
        HttpResponse<String> team = again.get("/portal/team?lang=en");
        assertThat(team.statusCode()).isEqualTo(200);
        HttpResponse<String> invited =
                again.submit(team, "/portal/team/invitations", Map.of("email", "kesye@example.com", "role", "cashier"));
        assertThat(invited.statusCode()).isEqualTo(200);
        Matcher link = Pattern.compile("id=\"invite-url\" value=\"([^\"]+)\"").matcher(invited.body());
        assertThat(link.find()).as(invited.body()).isTrue();

        // the cashier joins (no second factor for a cashier) and sees a payment with the payer masked
        String paymentId = paid(700);
        PortalClient cashier = new PortalClient(base);
        cashier.join(link.group(1), "kesye@example.com", "kesye ki konn kont li");
        HttpResponse<String> payment = cashier.get("/portal/payments/" + paymentId + "?lang=en");
        assertThat(payment.statusCode()).isEqualTo(200);
        assertThat(payment.body()).contains("509****1234").doesNotContain("50937001234");
        assertThat(again.get("/portal/payments/" + paymentId).body()).contains("50937001234");

        // a refund the cashier posts is refused, and refunds nothing
        HttpResponse<String> refund = cashier.submit(
                payment, "/portal/payments/" + paymentId + "/refund", Map.of("amount", "100", "form_key", "k1"));
        assertThat(refund.statusCode()).isEqualTo(403);
        assertThat(refund.body()).contains("Your role does not allow this");
        assertThat(service.sql("SELECT count(*) FROM transfers")
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
        assertThat(cashier.get("/portal/team").statusCode()).isEqualTo(403);

        // the audit log names the people
        assertThat(service.sql(
                                "SELECT string_agg(actor || ' ' || action, ',') FROM audit_log WHERE merchant_id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .iterator()
                        .next()
                        .getString(0))
                .contains(
                        "admin person.invite",
                        "person:mari@example.com person.join",
                        "person:mari@example.com second_factor.enrol",
                        "person:mari@example.com person.invite",
                        "person:kesye@example.com person.join");
    }

    /** The secret of the {@code otpauth://} URI an enrolment page shows as text, as an authenticator app reads it. */
    static byte[] secretOfUri(String page) {
        Matcher uri =
                Pattern.compile("id=\"otpauth-uri\">(otpauth://totp/[^<]+)<").matcher(page);
        assertThat(uri.find()).as(page).isTrue();
        String text = uri.group(1).replace("&amp;", "&");
        Matcher secret = Pattern.compile("[?&]secret=([A-Z2-7]+)").matcher(text);
        assertThat(secret.find()).as(text).isTrue();
        assertThat(URLDecoder.decode(text, StandardCharsets.UTF_8)).contains("mari@example.com");
        return Totp.secretFromBase32(secret.group(1));
    }

    /** A payment paid at the sandbox checkout from 3700 1234, completed. */
    static String paid(int amount) {
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", amount));
        String redirect = payment.getString("redirect_url");
        service.http.send(
                "POST",
                "/checkout/" + redirect.substring(redirect.lastIndexOf('/') + 1),
                null,
                "phone=3700+1234&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        await().atMost(Duration.ofSeconds(20)).until(() -> "completed"
                .equals(service.sql("SELECT status FROM payments WHERE id = $1::uuid", payment.getString("id"))
                        .iterator()
                        .next()
                        .getString(0)));
        return payment.getString("id");
    }
}
