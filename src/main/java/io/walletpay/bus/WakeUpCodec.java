package io.walletpay.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageCodec;
import io.vertx.core.json.JsonObject;
import io.walletpay.bus.WakeUpMessages.DeliveriesDue;
import io.walletpay.bus.WakeUpMessages.MerchantChanged;
import io.walletpay.bus.WakeUpMessages.PaymentUpdated;
import java.util.UUID;

/**
 * The wire form of the wake-ups that cross nodes when the service is clustered (payment updated, deliveries due,
 * merchant changed): a small JSON object with a {@code type}. Within one JVM they still travel by reference. They
 * carry ids only; a node that misses one catches up from PostgreSQL (the delivery poll, the merchant cache TTL).
 */
public final class WakeUpCodec implements MessageCodec<Object, Object> {

    static final String NAME = "walletpay-wake-up";

    static boolean handles(Object body) {
        return body instanceof PaymentUpdated || body instanceof DeliveriesDue || body instanceof MerchantChanged;
    }

    @Override
    public void encodeToWire(Buffer buffer, Object message) {
        JsonObject json;
        if (message instanceof PaymentUpdated p) {
            json = new JsonObject()
                    .put("type", "payment_updated")
                    .put("payment_id", p.paymentId().toString())
                    .put("merchant_id", p.merchantId().toString())
                    .put("status", p.status());
        } else if (message instanceof DeliveriesDue) {
            json = new JsonObject().put("type", "deliveries_due");
        } else if (message instanceof MerchantChanged m) {
            json = new JsonObject().put("type", "merchant_changed").put("id", m.id().toString());
        } else {
            throw new IllegalArgumentException(
                    "not a wake-up: " + message.getClass().getName());
        }
        Buffer encoded = json.toBuffer();
        buffer.appendInt(encoded.length()).appendBuffer(encoded);
    }

    @Override
    public Object decodeFromWire(int position, Buffer buffer) {
        int length = buffer.getInt(position);
        JsonObject json = new JsonObject(buffer.getBuffer(position + 4, position + 4 + length));
        return switch (json.getString("type")) {
            case "payment_updated" ->
                new PaymentUpdated(
                        UUID.fromString(json.getString("payment_id")),
                        UUID.fromString(json.getString("merchant_id")),
                        json.getString("status"));
            case "deliveries_due" -> new DeliveriesDue();
            case "merchant_changed" -> new MerchantChanged(UUID.fromString(json.getString("id")));
            default -> throw new IllegalArgumentException("unknown wake-up " + json.getString("type"));
        };
    }

    @Override
    public Object transform(Object message) {
        return message; // immutable records: shared by reference inside the JVM
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public byte systemCodecID() {
        return -1;
    }
}
