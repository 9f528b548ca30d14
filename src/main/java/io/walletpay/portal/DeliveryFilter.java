package io.walletpay.portal;

import io.walletpay.webhook.DeliveryStatus;
import java.time.OffsetDateTime;

/** The webhooks page's filters as typed: a delivery status and a date range in Haiti's time, both days included. */
public record DeliveryFilter(String status, String from, String to) {

    /** Whether the merchant asked for anything the filter form holds: then the page shows that form unfolded. */
    public boolean active() {
        return !(status.isEmpty() && from.isEmpty() && to.isEmpty());
    }

    DeliveryStatus statusValue() {
        return status.isEmpty()
                ? null
                : DeliveryStatus.fromWire(status).orElseThrow(() -> new IllegalArgumentException(status));
    }

    OffsetDateTime createdGte() {
        return from.isEmpty() ? null : PortalPages.dayStart(from);
    }

    OffsetDateTime createdLt() {
        return to.isEmpty() ? null : PortalPages.dayEnd(to);
    }

    /** Only checked values (a status word, dates) reach here, so nothing needs encoding. */
    String queryString() {
        return "status=" + status + "&from=" + from + "&to=" + to;
    }
}
