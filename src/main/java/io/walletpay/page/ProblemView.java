package io.walletpay.page;

/** A problem page; {@code returnUrl} (nullable) is the merchant's site, offered as a way back. */
public record ProblemView(Problem problem, String returnUrl) {}
