package io.walletpay.payment;

/** Either the key is now ours ({@code replay} null) or the first request's answer is to be replayed. */
public record IdempotencyClaim(StoredResponse replay) {}
