package io.walletpay.usecase;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.store.AuditStore;
import io.walletpay.store.Stores;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A payment link (issue 15): a payment created on the merchant's behalf, whose hosted-checkout URL the merchant
 * shares (WhatsApp, Instagram) with its QR code. It is an ordinary payment made by {@link CreatePayment} from the
 * same checked request as the API's, so amount rules, fees, limits, the provider and expiry are the same; its
 * creation is recorded in the audit log right after the payment is stored (a different store transaction).
 */
public final class CreatePaymentLink {

    /** A created link: the payment, its checkout URL (the payment's {@code redirect_url}) and what it asks for. */
    public record PaymentLink(
            UUID paymentId, String checkoutUrl, BigDecimal amount, String description, String reference) {}

    private final CreatePayment payments;
    private final AuditStore audit;

    public CreatePaymentLink(Stores stores, CreatePayment payments) {
        this.payments = payments;
        this.audit = stores.audit();
    }

    /**
     * A new pending payment of {@code amount} (scale 2, within the limits) with an optional {@code description} and
     * {@code reference} (the merchant's reference id); bad values are the API's 400s naming {@code amount}, {@code
     * description} or {@code reference_id}. A disabled merchant gets 403.
     */
    public Future<PaymentLink> create(
            Merchant merchant, BigDecimal amount, String description, String reference, Actor actor) {
        if (!merchant.active()) {
            return Future.failedFuture(
                    new ServiceException(ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
        }
        CreatePaymentRequest request;
        try {
            request = CreatePaymentRequest.parse(body(amount, description, reference), payments.limits());
        } catch (ServiceException invalid) {
            return Future.failedFuture(invalid);
        }
        return payments.create(merchant, request, null).compose(created -> {
            JsonObject data = new JsonObject(created.body()).getJsonObject("data");
            UUID paymentId = UUID.fromString(data.getString("id"));
            PaymentLink link = new PaymentLink(
                    paymentId,
                    data.getString("redirect_url"),
                    new BigDecimal(data.getString("amount")),
                    request.description(),
                    request.referenceId());
            return audit.record(Audited.entry(merchant.id(), actor, Audited.PAYMENT_LINK_CREATE, paymentId.toString()))
                    .map(recorded -> link);
        });
    }

    /** The request as the API would receive it, so the link is checked by exactly the API's rules. */
    private static byte[] body(BigDecimal amount, String description, String reference) {
        JsonObject body = new JsonObject().put("amount", amount);
        if (description != null && !description.isBlank()) {
            body.put("description", description);
        }
        if (reference != null && !reference.isBlank()) {
            body.put("reference_id", reference);
        }
        return body.encode().getBytes(StandardCharsets.UTF_8);
    }
}
