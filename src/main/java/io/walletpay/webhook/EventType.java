package io.walletpay.webhook;

import io.walletpay.money.TransferKind;
import java.util.Arrays;
import java.util.List;

/**
 * Every kind of event walletpay sends, the one list: its name on the wire ({@code event} in the body, the
 * {@code X-Service-Event} header, the events list's {@code type} filter, the portal's words {@code event.<name>}) and
 * the schema of its body in the API document. The sender, the filters and the portal read it; a test holds the API
 * document's enums of event names to it.
 */
public enum EventType {
    PAYMENT_UPDATED("payment.updated", "WebhookEvent"),
    REFUND_UPDATED("refund.updated", "TransferWebhookEvent"),
    PAYOUT_UPDATED("payout.updated", "TransferWebhookEvent");

    private final String wireName;
    private final String payloadSchema;

    EventType(String wireName, String payloadSchema) {
        this.wireName = wireName;
        this.payloadSchema = payloadSchema;
    }

    public String wireName() {
        return wireName;
    }

    /** The API document's schema of the body this event is sent with. */
    public String payloadSchema() {
        return payloadSchema;
    }

    /**
     * The event announcing a payment's transition to {@code status} (its wire name): the one place that decides it,
     * read by the body and by the outbox row that carries it, so the header always says what the body says.
     */
    public static EventType ofPayment(String status) {
        return PAYMENT_UPDATED;
    }

    /** The event announcing a refund's or a payout's status. */
    public static EventType of(TransferKind kind) {
        return switch (kind) {
            case REFUND -> REFUND_UPDATED;
            case PAYOUT -> PAYOUT_UPDATED;
        };
    }

    /** Every event's name, in this order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(EventType::wireName).toList();
    }

    /** The names of the events whose body is the schema {@code payloadSchema}. */
    public static List<String> namesWithPayload(String payloadSchema) {
        return Arrays.stream(values())
                .filter(type -> type.payloadSchema.equals(payloadSchema))
                .map(EventType::wireName)
                .toList();
    }
}
