package io.walletpay.mail;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.mail.MailClient;
import io.vertx.ext.mail.MailMessage;

/**
 * Invitations sent through an SMTP server with the Vert.x mail client: a plain-text letter with an HTML alternative,
 * in the invited person's language, from {@code mail.from}.
 */
public final class SmtpInviteMail implements InviteMail {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SmtpInviteMail.class);

    private final MailClient client;
    private final String from;

    public SmtpInviteMail(Vertx vertx, MailSettings settings) {
        this.client = MailClient.create(vertx, settings.mailConfig());
        this.from = settings.from();
    }

    @Override
    public Future<Boolean> send(InviteLetter letter) {
        try {
            InviteText text = InviteText.of(letter);
            MailMessage message = new MailMessage()
                    .setFrom(from)
                    .setTo(letter.to())
                    .setSubject(text.subject())
                    .setText(text.plain())
                    .setHtml(text.html())
                    .setHeaders(MultiMap.caseInsensitiveMultiMap()
                            .add("Content-Language", letter.language().tag()));
            // the operator learns why; the link, which lets its holder join the team, is never logged
            return client.sendMail(message)
                    .map(sent -> true)
                    .onFailure(e -> log.warn(
                            "an invitation e-mail to …{} was not sent: {}", domainOf(letter.to()), e.getMessage()));
        } catch (RuntimeException e) {
            // an address the client cannot write fails this letter, not the caller's request
            return Future.failedFuture(e);
        }
    }

    /** The part of an address after its {@code @}: enough to tell a provider's trouble from a typing mistake. */
    private static String domainOf(String address) {
        int at = address.lastIndexOf('@');
        return at < 0 ? "" : address.substring(at);
    }

    /** Closes the client (a running service's closes with its Vert.x instance). */
    public Future<Void> close() {
        return client.close();
    }
}
