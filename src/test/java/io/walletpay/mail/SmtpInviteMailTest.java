package io.walletpay.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetServer;
import io.vertx.junit5.VertxExtension;
import io.walletpay.page.Language;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestConfig;
import jakarta.mail.BodyPart;
import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Invitations sent through {@link SmtpInviteMail} to a real SMTP server (GreenMail) on a free loopback port, read
 * back as a mail program reads them: headers decoded, parts in their charset.
 */
@BehaviourTest
@ExtendWith(VertxExtension.class)
class SmtpInviteMailTest {

    private static final String FROM = "walletpay <no-reply@pay.example.ht>";
    private static final Instant EXPIRES = Instant.parse("2026-12-05T17:30:00Z"); // 12:30 in Port-au-Prince

    private Vertx vertx;
    private GreenMail server;
    private SmtpInviteMail mail;

    @BeforeEach
    void startServer(Vertx vertx) {
        this.vertx = vertx;
        server = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort())
                .withConfiguration(GreenMailConfiguration.aConfig().withUser("invites", "s3cret-Pass-42"));
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (mail != null) {
            await(mail.close());
        }
        server.stop();
    }

    @Test
    void sendsTheInvitationInEachLanguageWithItsLinkAndLettersIntact() throws Exception {
        mail = new SmtpInviteMail(vertx, settings(server.getSmtp().getPort(), MailSettings.StartTls.DISABLED));

        assertThat(await(mail.send(letter(
                        "ana@example.ht", "https://pay.example.ht/portal/invite/ht-Tok3n", Language.HT, "cashier"))))
                .isTrue();
        assertThat(await(mail.send(letter(
                        "bob@example.fr", "https://pay.example.ht/portal/invite/fr-Tok3n", Language.FR, "manager"))))
                .isTrue();
        assertThat(await(mail.send(letter(
                        "cy@example.com", "https://pay.example.ht/portal/invite/en-Tok3n", Language.EN, "developer"))))
                .isTrue();

        MimeMessage[] received = server.getReceivedMessages();
        assertThat(received).hasSize(3);

        MimeMessage kreyol = received[0];
        assertThat(kreyol.getRecipients(Message.RecipientType.TO))
                .extracting(Object::toString)
                .containsExactly("ana@example.ht");
        assertThat(kreyol.getFrom()).extracting(Object::toString).containsExactly(FROM);
        assertThat(kreyol.getSubject()).isEqualTo("Boutik Ti Kòk envite w nan espas machann li");
        assertThat(kreyol.getHeader("Content-Language")).containsExactly("ht");
        String kreyolText = part(kreyol, "text/plain");
        assertThat(kreyolText)
                .contains("https://pay.example.ht/portal/invite/ht-Tok3n")
                .contains("Boutik Ti Kòk envite w vin nan ekip li")
                .contains("Wòl ou: Kesye")
                .contains("Lyen an bon yon sèl fwa, jiska 05/12/2026\u00A012:30 (lè Ayiti)");
        assertThat(part(kreyol, "text/html"))
                .contains("href=\"https://pay.example.ht/portal/invite/ht-Tok3n\"")
                .contains("Aksepte envitasyon an");

        MimeMessage french = received[1];
        assertThat(french.getRecipients(Message.RecipientType.TO))
                .extracting(Object::toString)
                .containsExactly("bob@example.fr");
        assertThat(french.getSubject()).isEqualTo("Boutik Ti Kòk vous invite dans son espace marchand");
        assertThat(part(french, "text/plain"))
                .contains("https://pay.example.ht/portal/invite/fr-Tok3n")
                .contains("Votre rôle\u00A0: Gérant")
                .contains("jusqu’au 05/12/2026\u00A012:30 (heure d’Haïti)")
                .contains("Passé ce délai");

        MimeMessage english = received[2];
        assertThat(english.getRecipients(Message.RecipientType.TO))
                .extracting(Object::toString)
                .containsExactly("cy@example.com");
        assertThat(english.getSubject()).isEqualTo("Boutik Ti Kòk invites you to the merchant portal");
        assertThat(part(english, "text/plain"))
                .contains("https://pay.example.ht/portal/invite/en-Tok3n")
                .contains("Your role: Developer")
                .contains("until 05/12/2026\u00A012:30 (Haiti time)");
    }

    @Test
    void logsInWithTheConfiguredNameAndPassword() throws Exception {
        mail = new SmtpInviteMail(
                vertx,
                new MailSettings(
                        "127.0.0.1",
                        server.getSmtp().getPort(),
                        FROM,
                        "invites",
                        "s3cret-Pass-42",
                        MailSettings.StartTls.DISABLED,
                        false,
                        Duration.ofSeconds(5)));

        assertThat(await(mail.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "owner"))))
                .isTrue();
        assertThat(server.getReceivedMessages()).hasSize(1);
    }

    @Test
    void aServerNotListeningFailsTheLetter() throws Exception {
        int closed = TestConfig.freePort(); // nothing listens there once the probe socket is closed
        mail = new SmtpInviteMail(vertx, settings(closed, MailSettings.StartTls.DISABLED));

        assertFails(mail.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "viewer")));
    }

    @Test
    void aServerThatNeverAnswersFailsTheLetterAtTheTimeout() throws Exception {
        NetServer silent =
                await(vertx.createNetServer().connectHandler(socket -> {}).listen(0, "127.0.0.1"));
        try {
            mail = new SmtpInviteMail(
                    vertx,
                    new MailSettings(
                            "127.0.0.1",
                            silent.actualPort(),
                            FROM,
                            null,
                            null,
                            MailSettings.StartTls.DISABLED,
                            false,
                            Duration.ofMillis(500)));

            assertFails(mail.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "viewer")));
        } finally {
            await(silent.close());
        }
    }

    /** With STARTTLS required, a server that does not offer it never receives the letter in clear. */
    @Test
    void requiredStarttlsRefusesAServerWithoutIt() throws Exception {
        mail = new SmtpInviteMail(vertx, settings(server.getSmtp().getPort(), MailSettings.StartTls.REQUIRED));

        assertFails(mail.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "viewer")));
        assertThat(server.getReceivedMessages()).isEmpty();
    }

    /**
     * TLS is checked, not only spoken: a server whose certificate the JVM does not trust (GreenMail's own is
     * self-signed) gets no letter.
     */
    @Test
    void aServerWithACertificateNobodyVouchesForGetsNoLetter() throws Exception {
        GreenMail smtps = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS).dynamicPort());
        smtps.start();
        try {
            mail = new SmtpInviteMail(
                    vertx,
                    new MailSettings(
                            "127.0.0.1",
                            smtps.getSmtps().getPort(),
                            FROM,
                            null,
                            null,
                            MailSettings.StartTls.DISABLED,
                            true,
                            Duration.ofSeconds(5)));

            assertThatThrownBy(() -> await(
                            mail.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "viewer"))))
                    .isInstanceOf(ExecutionException.class)
                    .hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class);
            assertThat(smtps.getReceivedMessages()).isEmpty();
        } finally {
            smtps.stop();
        }
    }

    @Test
    void withoutMailNothingIsSent() throws Exception {
        InviteMail none = InviteMail.from(vertx, null);

        assertThat(none).isInstanceOf(NoInviteMail.class);
        assertThat(await(none.send(letter("ana@example.ht", "https://pay.example.ht/i/1", Language.HT, "viewer"))))
                .isFalse();
        assertThat(InviteMail.from(vertx, settings(server.getSmtp().getPort(), MailSettings.StartTls.DISABLED)))
                .isInstanceOf(SmtpInviteMail.class);
    }

    private static MailSettings settings(int port, MailSettings.StartTls starttls) {
        return new MailSettings("127.0.0.1", port, FROM, null, null, starttls, false, Duration.ofSeconds(5));
    }

    private static InviteLetter letter(String to, String url, Language language, String role) {
        return new InviteLetter(to, url, "Boutik Ti Kòk", role, language, EXPIRES);
    }

    /** The first part of {@code type} in the message, decoded in its own charset. */
    private static String part(Part message, String type) throws Exception {
        if (message.isMimeType(type)) {
            return (String) message.getContent();
        }
        if (message.getContent() instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                BodyPart body = multipart.getBodyPart(i);
                String found = part(body, type);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void assertFails(Future<?> future) {
        assertThatThrownBy(() -> await(future)).isInstanceOf(ExecutionException.class);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
