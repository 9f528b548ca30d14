package io.walletpay.mail;

import io.vertx.core.Future;

public final class NoInviteMail implements InviteMail {
    @Override
    public Future<Boolean> send(InviteLetter letter) {
        return Future.succeededFuture(false);
    }
}
