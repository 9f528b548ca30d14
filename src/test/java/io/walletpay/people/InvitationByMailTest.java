package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With {@code mail.*} set up, an invitation goes out by e-mail, to a real SMTP server the test starts: the owner's
 * from the admin API and a cashier's from the Team page, each letter carrying the link the page shows, which the
 * cashier follows to join.
 */
@BehaviourTest
class InvitationByMailTest {

    static GreenMail smtp;
    static RunningService service;
    static String base;

    @BeforeAll
    static void start() {
        smtp = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort());
        smtp.start();
        service = RunningService.start(new java.util.HashMap<>(Map.of(
                "WALLETPAY_MAIL_HOST", "127.0.0.1",
                "WALLETPAY_MAIL_PORT", Integer.toString(smtp.getSmtp().getPort()),
                "WALLETPAY_MAIL_FROM", "walletpay <no-reply@pay.example.ht>",
                "WALLETPAY_MAIL_STARTTLS", "disabled")));
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
        smtp.stop();
    }

    /** The letter's plain text, as a mail program shows it. */
    static String text(jakarta.mail.Part part) throws Exception {
        Object content = part.getContent();
        if (content instanceof jakarta.mail.Multipart multipart) {
            return text(multipart.getBodyPart(0));
        }
        return content.toString();
    }

    @Test
    void theTeamPagesInvitationIsEMailedWithTheLinkItShows() throws Exception {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Boutik Lapòs").put("locale", "ht"));
        PortalClient owner = new PortalClient(base);
        owner.logIn(merchant);
        await().atMost(Duration.ofSeconds(20)).until(() -> smtp.getReceivedMessages().length == 1);
        assertThat(smtp.getReceivedMessages()[0].getRecipients(Message.RecipientType.TO)[0].toString())
                .isEqualTo(owner.person.email());

        HttpResponse<String> team = owner.get("/portal/team?lang=fr");
        HttpResponse<String> invited =
                owner.submit(team, "/portal/team/invitations", Map.of("email", "kesye@example.com", "role", "cashier"));
        assertThat(invited.statusCode()).isEqualTo(200);
        assertThat(invited.body()).contains("Nous avons aussi envoyé ce lien par e-mail");
        Matcher shown = Pattern.compile("id=\"invite-url\" value=\"([^\"]+)\"").matcher(invited.body());
        assertThat(shown.find()).isTrue();

        await().atMost(Duration.ofSeconds(20)).until(() -> smtp.getReceivedMessages().length == 2);
        MimeMessage letter = smtp.getReceivedMessages()[1];
        assertThat(letter.getRecipients(Message.RecipientType.TO)[0].toString()).isEqualTo("kesye@example.com");
        assertThat(letter.getSubject()).contains("Boutik Lapòs");
        assertThat(text(letter)).contains(shown.group(1));

        PortalClient cashier = new PortalClient(base);
        cashier.join(shown.group(1), "kesye@example.com", "kesye ki konn kont li");
        assertThat(cashier.get("/portal/payments").statusCode()).isEqualTo(200);
    }
}
