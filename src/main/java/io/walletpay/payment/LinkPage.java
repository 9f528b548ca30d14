package io.walletpay.payment;

import java.util.List;

public record LinkPage(List<PaymentLink> links, boolean hasMore) {}
