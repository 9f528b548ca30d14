package io.walletpay.webhook;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;

/**
 * The body of a {@code refund.updated} or {@code payout.updated} webhook: the same envelope as a payment's
 * ({@code event}, {@code version}, {@code timestamp}, {@code data}), built once per status and stored, as the
 * signature covers these exact bytes.
 */
public final class TransferWebhookBody {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private TransferWebhookBody() {}

    /** The body announcing {@code transfer} as it stands at {@code at}. */
    public static String of(Transfer transfer, OffsetDateTime at) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(384);
        try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringField("event", EventType.of(transfer.kind()).wireName());
            json.writeStringField("version", WebhookBody.VERSION);
            json.writeStringField("timestamp", WebhookBody.timestamp(at));
            json.writeObjectFieldStart("data");
            json.writeStringField("id", transfer.id().toString());
            if (transfer.kind() == TransferKind.REFUND) {
                json.writeStringField("payment_id", transfer.paymentId().toString());
            }
            json.writeStringField("amount", WebhookBody.money("amount", transfer.amount()));
            json.writeStringField("currency", "HTG");
            json.writeStringField("status", transfer.status().wireName());
            json.writeStringField("reason", transfer.reason());
            json.writeStringField("failure_reason", transfer.failureReason());
            json.writeStringField("created_at", WebhookBody.timestamp(transfer.createdAt()));
            json.writeBooleanField("livemode", transfer.livemode());
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
