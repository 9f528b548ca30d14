package io.walletpay.payment;

import java.time.Duration;
import java.util.UUID;

/** A payment about to be stored: the validated request, the charge worked out, and where the customer pays. */
public record NewPayment(
        UUID id,
        UUID merchantId,
        CreatePaymentRequest request,
        Charge charge,
        String checkoutToken,
        String redirectUrl,
        Duration expiresIn) {}
