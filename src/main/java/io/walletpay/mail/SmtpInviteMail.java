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
            return client.sendMail(message).map(sent -> true);
        } catch (RuntimeException e) {
            // an address the client cannot write fails this letter, not the caller's request
            return Future.failedFuture(e);
        }
    }

    /** Closes the client (a running service's closes with its Vert.x instance). */
    public Future<Void> close() {
        return client.close();
    }
}
