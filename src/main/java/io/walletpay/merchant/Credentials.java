package io.walletpay.merchant;

/** What a token request is checked against; an unknown id answers {@code Credentials(null, null)}. */
public record Credentials(Merchant merchant, byte[] secretHash) {}
