package io.walletpay.http;

import io.vertx.core.Future;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.BusCalls;
import io.walletpay.bus.PaymentMessages.ClaimIdempotencyKey;
import io.walletpay.bus.PaymentMessages.CreatePayment;
import io.walletpay.bus.PaymentMessages.IdempotencyClaim;
import io.walletpay.bus.PaymentMessages.ReleaseIdempotencyKey;
import io.walletpay.bus.PaymentMessages.StoredResponse;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.config.AppConfig;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.FeeRule;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.RequestFingerprint;
import java.util.UUID;

/**
 * Creating a payment, in order: claim the Idempotency-Key (or replay its first answer), open the payment at the
 * wallet provider, store it. A provider failure gives the key back and stores nothing, so a retry is clean.
 */
final class PaymentIntake {

  private final BusCalls bus;
  private final WalletProvider provider;
  private final AppConfig.Payments config;
  private final AmountLimits limits;

  PaymentIntake(BusCalls bus, WalletProvider provider, AppConfig.Payments config) {
    this.bus = bus;
    this.provider = provider;
    this.config = config;
    this.limits = new AmountLimits(config.minAmount(), config.maxAmount());
  }

  AmountLimits limits() {
    return limits;
  }

  Future<StoredResponse> create(Merchant merchant, CreatePaymentRequest request, String idempotencyKey) {
    if (idempotencyKey == null) {
      return openAndStore(merchant, request, null);
    }
    return bus.<IdempotencyClaim>request(Addresses.PAYMENT_CLAIM_IDEMPOTENCY_KEY,
            new ClaimIdempotencyKey(merchant.id(), idempotencyKey, RequestFingerprint.of(request)))
        .compose(claim -> claim.replay() != null
            ? Future.succeededFuture(claim.replay())
            : openAndStore(merchant, request, idempotencyKey)
                .recover(failure -> bus.request(Addresses.PAYMENT_RELEASE_IDEMPOTENCY_KEY,
                        new ReleaseIdempotencyKey(merchant.id(), idempotencyKey))
                    .transform(released -> Future.failedFuture(failure))));
  }

  private Future<StoredResponse> openAndStore(Merchant merchant, CreatePaymentRequest request, String key) {
    UUID id = UUID.randomUUID();
    Charge charge = new FeeRule(merchant.feePercent(), merchant.feeFixed()).chargeFor(request.amount());
    return provider.createPayment(id, charge.amount())
        .compose(opened -> bus.request(Addresses.PAYMENT_CREATE, new CreatePayment(
            new NewPayment(id, merchant.id(), request, charge, opened.paymentToken(), opened.redirectUrl(),
                config.expiry()),
            key)));
  }
}
