package io.walletpay.payment;

/** An HTTP answer as stored: replayed byte for byte. */
public record StoredResponse(int status, String body) {}
