package io.walletpay.bus;

import io.vertx.core.Future;
import io.walletpay.bus.DeliveryMessages.DeliveryDetail;
import io.walletpay.bus.DeliveryMessages.DeliveryPage;
import io.walletpay.bus.DeliveryMessages.EventPage;
import io.walletpay.bus.DeliveryMessages.EventView;
import io.walletpay.bus.DeliveryMessages.GetDelivery;
import io.walletpay.bus.DeliveryMessages.GetEndpointHealth;
import io.walletpay.bus.DeliveryMessages.GetEvent;
import io.walletpay.bus.DeliveryMessages.ListDeliveries;
import io.walletpay.bus.DeliveryMessages.ListEvents;
import io.walletpay.bus.DeliveryMessages.RecoverFailed;
import io.walletpay.bus.DeliveryMessages.Recovered;
import io.walletpay.bus.DeliveryMessages.Redeliver;
import io.walletpay.bus.DeliveryMessages.SendTestWebhook;
import io.walletpay.bus.DeliveryMessages.TestWebhookResult;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.EndpointHealth;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * The webhook delivery log, events and test sends as their callers see them: typed, future-returning, over the bus
 * (see {@link StoreClients}).
 */
public final class DeliveryStoreClient {

    private final BusCalls bus;

    DeliveryStoreClient(BusCalls bus) {
        this.bus = bus;
    }

    public Future<DeliveryPage> list(ListDeliveries query) {
        return bus.request(Addresses.DELIVERY_LIST, query);
    }

    public Future<DeliveryDetail> get(UUID merchantId, UUID id) {
        return bus.request(Addresses.DELIVERY_GET, new GetDelivery(merchantId, id));
    }

    public Future<Delivery> redeliver(UUID merchantId, UUID id) {
        return bus.request(Addresses.DELIVERY_REDELIVER, new Redeliver(merchantId, id));
    }

    /** Queues again every failed delivery of the merchant since {@code since}; how many. */
    public Future<Recovered> recoverFailed(UUID merchantId, OffsetDateTime since) {
        return bus.request(Addresses.DELIVERY_RECOVER, new RecoverFailed(merchantId, since));
    }

    public Future<EndpointHealth> endpointHealth(UUID merchantId, int failingAfterHours) {
        return bus.request(Addresses.DELIVERY_ENDPOINT_HEALTH, new GetEndpointHealth(merchantId, failingAfterHours));
    }

    public Future<EventPage> events(ListEvents query) {
        return bus.request(Addresses.EVENT_LIST, query);
    }

    public Future<EventView> event(UUID merchantId, UUID id) {
        return bus.request(Addresses.EVENT_GET, new GetEvent(merchantId, id));
    }

    /** Sends a signed test event to the merchant's endpoint now (answered by a webhook sender, not recorded). */
    public Future<TestWebhookResult> sendTest(SendTestWebhook command) {
        return bus.request(Addresses.WEBHOOK_TEST, command);
    }
}
