package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.Backlog;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryClaim;
import io.walletpay.webhook.DeliveryDetail;
import io.walletpay.webhook.DeliveryPage;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.EndpointHealth;
import io.walletpay.webhook.EventPage;
import io.walletpay.webhook.EventView;
import io.walletpay.webhook.ListDeliveries;
import io.walletpay.webhook.ListEvents;
import io.walletpay.webhook.RecoveredDeliveries;
import io.walletpay.webhook.RowCounts;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Webhook deliveries and the events they carry: what senders claim (leased) and record, and the merchant's
 * delivery log, which it can read and queue again.
 */
public interface DeliveryStore {

    Future<DeliveryPage> list(ListDeliveries query);

    Future<DeliveryDetail> get(UUID merchantId, UUID id);

    /** Queues the delivery again (same id, fresh schedule) and wakes the senders. */
    Future<Delivery> redeliver(UUID merchantId, UUID id);

    /** Queues again every failed delivery of the merchant whose event happened at or after {@code since}. */
    Future<RecoveredDeliveries> recoverFailed(UUID merchantId, OffsetDateTime since);

    /** The merchant's webhook endpoint health; failing after {@code failingAfterHours} without a success. */
    Future<EndpointHealth> endpointHealth(UUID merchantId, int failingAfterHours);

    Future<EventPage> events(ListEvents query);

    Future<EventView> event(UUID merchantId, UUID id);

    /**
     * Claims up to {@code limit} due deliveries, oldest first, at most as many per merchant as its endpoint has free
     * slots: {@code perEndpoint} minus what {@code inFlight} says this sender already has in flight to it.
     */
    Future<List<DueDelivery>> claimDue(int limit, int leaseSeconds, Map<UUID, Integer> inFlight, int perEndpoint);

    /**
     * The merchant's active webhook secrets, newest first (two during a rotation's overlap); none when the merchant
     * is gone.
     */
    Future<List<String>> activeSecrets(UUID merchantId);

    /**
     * Ends the leases these claims set, so that any sender may claim the rows now; a row claimed again since (its
     * lease had run out) keeps the lease of the sender that holds it.
     */
    Future<Void> release(List<DueDelivery> claimed);

    /**
     * Records {@code result}: the attempt row and the delivery's new state, together, while the delivery is still
     * held by {@code claim}; a delivery redelivered since stays queued for the redelivery, with this attempt counted.
     */
    Future<Void> record(AttemptResult result, DeliveryClaim claim);

    /** What waits to be sent, for the backlog gauges. */
    Future<Backlog> backlog(int failingAfterHours);

    /** Deliveries and payments by status, for their gauges; reads both tables whole. */
    Future<RowCounts> rowCounts();
}
