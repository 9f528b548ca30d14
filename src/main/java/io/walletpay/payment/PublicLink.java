package io.walletpay.payment;

/** A link as its public page shows it: with its merchant's name, page language and whether it takes payments. */
public record PublicLink(PaymentLink link, String merchantName, String merchantLocale, boolean merchantActive) {}
