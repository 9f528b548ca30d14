package io.walletpay.portal;

import io.walletpay.money.Transfer;
import io.walletpay.payment.Payment;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryDetail;
import io.walletpay.webhook.DeliveryStatus;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What happened to one payment, oldest first, as its page tells it: created, paid or ended (or when it will expire),
 * each refund asked for, and each webhook with what really became of it (delivered, not delivered, still trying).
 * Events come from three lists kept in different orders; this is the one place they are put in time order.
 */
public record PaymentTimeline(List<Entry> entries) {

    /** One line: when, and what in the page's words. */
    public record Entry(OffsetDateTime at, String text) {}

    static PaymentTimeline of(Payment p, List<DeliveryDetail> deliveries, List<Transfer> refunds, PortalText t) {
        List<Entry> entries = new ArrayList<>();
        entries.add(new Entry(p.createdAt(), t.get("timeline.created")));
        if (p.completedAt() != null) {
            entries.add(new Entry(p.completedAt(), t.status(p.status().wireName())));
        } else if (p.status().terminal()) {
            entries.add(new Entry(p.updatedAt(), t.status(p.status().wireName())));
        } else {
            entries.add(new Entry(p.expiresAt(), t.get("timeline.expires")));
        }
        for (Transfer refund : refunds) {
            entries.add(new Entry(refund.createdAt(), t.get("timeline.refund", t.amount(refund.amount()))));
        }
        for (DeliveryDetail detail : deliveries) {
            Delivery d = detail.delivery();
            entries.add(new Entry(d.createdAt(), t.get(deliveryKey(d), t.event(d.event()))));
        }
        // a stable sort: what happened in the same instant keeps the order above (created before its webhook)
        entries.sort(Comparator.comparing(Entry::at));
        return new PaymentTimeline(List.copyOf(entries));
    }

    private static String deliveryKey(Delivery d) {
        if (d.status() == DeliveryStatus.SUCCEEDED) {
            return "timeline.webhook.succeeded";
        }
        if (d.status() == DeliveryStatus.FAILED) {
            return "timeline.webhook.failed";
        }
        return d.attempts() > 0 ? "timeline.webhook.retrying" : "timeline.webhook.pending";
    }
}
