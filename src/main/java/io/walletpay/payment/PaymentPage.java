package io.walletpay.payment;

import java.util.List;

public record PaymentPage(List<Payment> payments, boolean hasMore) {}
