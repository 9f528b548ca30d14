package io.walletpay.loadtest;

/** The run could not start: the target refused the credentials, a port was taken, and the like. */
public final class SetupException extends RuntimeException {

    SetupException(String message) {
        super(message);
    }
}
