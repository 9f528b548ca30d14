package io.walletpay.mail;

import io.vertx.core.Future;

/** Mail not configured ({@code mail.host} unset): nothing is sent, and the caller shows the link to copy. */
public final class NoInviteMail implements InviteMail {

    @Override
    public Future<Boolean> send(InviteLetter letter) {
        return Future.succeededFuture(false);
    }
}
