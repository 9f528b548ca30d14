package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink.Gone;
import io.walletpay.payment.PublicLink;
import io.walletpay.payment.TypedAmount;
import io.walletpay.store.MerchantStore;
import io.walletpay.store.PaymentLinkStore;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The customer's side of a payment link. Looking at a link changes nothing (link previews and bots fetch it);
 * paying through it makes a fresh payment of the link's amount, or of the amount the customer typed (from the
 * link's minimum up to the largest payment), opened at the wallet provider like any other and stored only while
 * the link still takes one. With {@code max_payments}, only completed payments use a link up; while the places left
 * are held by payments still in progress it is busy, not gone.
 */
public final class PayThroughLink {

    /** Field name of the amount a customer types. */
    public static final String AMOUNT = "amount";

    private final PaymentLinkStore links;
    private final MerchantStore merchants;
    private final CreatePayment payments;

    public PayThroughLink(PaymentLinkStore links, MerchantStore merchants, CreatePayment payments) {
        this.links = links;
        this.merchants = merchants;
        this.payments = payments;
    }

    /** The link behind {@code code} as its page shows it; unknown is 404. */
    public Future<PublicLink> show(String code) {
        return links.byCode(code);
    }

    /** Why the link takes no payment now, or null when it does. */
    public static Gone gone(PublicLink link) {
        return link.link().gone(OffsetDateTime.now(ZoneOffset.UTC));
    }

    /**
     * Whether the link takes no payment now only because its places left are all held by payments in progress;
     * {@code link.link().heldUntil()} is when the first of them expires.
     */
    public static boolean busy(PublicLink link) {
        return link.link().busy(OffsetDateTime.now(ZoneOffset.UTC));
    }

    /**
     * A new pending payment through the link behind {@code code}. A link that takes no more payments is 410
     * {@link PaymentLinkStore#GONE}; one whose places left are all held by payments in progress 409
     * {@link PaymentLinkStore#BUSY}; a disabled merchant 403 {@code merchant_disabled}; a typed amount that is not
     * one, or out of range, 400 naming {@code amount}.
     */
    public Future<Payment> pay(String code, String typedAmount) {
        return links.byCode(code).compose(shown -> {
            if (gone(shown) != null) {
                return Future.failedFuture(new ServiceException(
                        ErrorKind.GONE, PaymentLinkStore.GONE, "This payment link takes no more payments"));
            }
            if (busy(shown)) {
                return Future.failedFuture(new ServiceException(
                        ErrorKind.CONFLICT,
                        PaymentLinkStore.BUSY,
                        "Every place left on this payment link is held by a payment in progress"));
            }
            if (!shown.merchantActive()) {
                return Future.failedFuture(
                        new ServiceException(ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
            }
            var link = shown.link();
            BigDecimal amount;
            try {
                amount = link.amount() != null
                        ? link.amount()
                        : TypedAmount.read(
                                AMOUNT,
                                typedAmount,
                                link.minAmount(),
                                payments.limits().max());
            } catch (ServiceException invalid) {
                return Future.failedFuture(invalid);
            }
            CreatePaymentRequest request =
                    new CreatePaymentRequest(amount, link.referenceId(), null, null, link.description());
            return merchants
                    .get(link.merchantId())
                    .compose(merchant -> payments.open(merchant, request))
                    .compose(opened -> links.createPayment(link.id(), opened));
        });
    }
}
