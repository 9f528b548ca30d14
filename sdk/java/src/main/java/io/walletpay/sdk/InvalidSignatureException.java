package io.walletpay.sdk;

/** The delivery is not from walletpay (or was altered, or is too old): answer 400 and drop it. */
public final class InvalidSignatureException extends Exception {
    public InvalidSignatureException(String message) {
        super(message);
    }
}
