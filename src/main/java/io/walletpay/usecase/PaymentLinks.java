package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.links.PaymentLinkRequest;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.LinkPage;
import io.walletpay.payment.ListLinks;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.PaymentLink;
import io.walletpay.store.AuditStore;
import io.walletpay.store.PaymentLinkStore;
import io.walletpay.store.Stores;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A merchant's payment links, the same for the API and the portal: create one (its public code is random and
 * unguessable), look at them with what they collected, and deactivate one. Creating and deactivating are recorded
 * in the audit log.
 */
public final class PaymentLinks {

    /** Random bytes of a link's code: 16 URL-safe characters, far beyond guessing. */
    static final int CODE_BYTES = 12;

    private final PaymentLinkStore links;
    private final AuditStore audit;
    private final AmountLimits limits;
    private final String publicBaseUrl;

    public PaymentLinks(Stores stores, AmountLimits limits, String publicBaseUrl) {
        this.links = stores.links();
        this.audit = stores.audit();
        this.limits = limits;
        this.publicBaseUrl = publicBaseUrl;
    }

    /** The amounts a link may ask for, as a payment may. */
    public AmountLimits limits() {
        return limits;
    }

    /** Where customers open {@code link}: {@code {public_base_url}/l/{code}}. */
    public String url(PaymentLink link) {
        return publicBaseUrl + "/l/" + link.code();
    }

    /** A new active link; a disabled merchant gets 403. */
    public Future<PaymentLink> create(Merchant merchant, PaymentLinkRequest request, Actor actor) {
        if (!merchant.active()) {
            return Future.failedFuture(
                    new ServiceException(ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
        }
        NewLink link = new NewLink(
                NewIdentifiers.next(),
                merchant.id(),
                Secrets.randomToken(CODE_BYTES),
                request.amount(),
                request.minAmount(),
                request.description(),
                request.referenceId(),
                request.expiresAt(),
                request.maxPayments(),
                OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS));
        return links.create(link).compose(created -> audit.record(Audited.entry(
                        merchant.id(),
                        actor,
                        Audited.PAYMENT_LINK_CREATE,
                        created.id().toString()))
                .map(recorded -> created));
    }

    public Future<PaymentLink> get(UUID merchantId, UUID id) {
        return links.get(merchantId, id);
    }

    public Future<LinkPage> list(UUID merchantId, int limit, UUID startingAfter) {
        return list(merchantId, limit, startingAfter, null);
    }

    /** The page after {@code startingAfter} or the one just before {@code endingBefore} (at most one set). */
    public Future<LinkPage> list(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {
        return links.list(new ListLinks(merchantId, limit, startingAfter, endingBefore));
    }

    /**
     * Stops the link taking payments; payments already made through it go on as they are. The deactivation and its
     * audit entry commit together, once: asking again answers the link as it is.
     */
    public Future<PaymentLink> deactivate(UUID merchantId, UUID id, Actor actor) {
        return links.deactivate(
                merchantId, id, Audited.entry(merchantId, actor, Audited.PAYMENT_LINK_DEACTIVATE, id.toString()));
    }
}
