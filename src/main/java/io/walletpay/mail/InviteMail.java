package io.walletpay.mail;

import io.vertx.core.Future;

public interface InviteMail {
    Future<Boolean> send(InviteLetter letter);
}
