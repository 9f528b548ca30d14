package io.walletpay.mail;

import io.vertx.core.Future;
import io.vertx.core.Vertx;

/**
 * Sends an invitation by e-mail. The invite link is shown in the portal to copy whatever happens here, so a letter
 * that is not sent loses nothing: it only saves the inviter a message of their own.
 */
public interface InviteMail {

    /**
     * True once the SMTP server took the letter; false when mail is not configured (nothing was sent). A server that
     * cannot be reached, refuses the letter or stops answering fails the future.
     */
    Future<Boolean> send(InviteLetter letter);

    /** The mail of a running service: through {@code settings}' SMTP server, or none when {@code settings} is null. */
    static InviteMail from(Vertx vertx, MailSettings settings) {
        return settings == null ? new NoInviteMail() : new SmtpInviteMail(vertx, settings);
    }
}
