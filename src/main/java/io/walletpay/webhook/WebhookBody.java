package io.walletpay.webhook;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The exact bytes of one webhook body. Built once per event and then stored and re-sent unchanged, because the
 * signature covers these bytes and merchants de-duplicate retries: a rebuilt body could differ in one character.
 */
public final class WebhookBody {

    public static final String EVENT = EventType.PAYMENT_UPDATED.wireName();
    public static final String VERSION = "v1";

    // The documented shape: always six fraction digits and a numeric offset; "xxx" prints +00:00 where "XXX" prints Z.
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSxxx");
    // Jackson's defaults on purpose: characters beyond the BMP go out as escaped surrogate pairs. Its
    // COMBINE_UNICODE_SURROGATES_IN_UTF8 would write them as UTF-8 but merges an unpaired surrogate with the next
    // character, silently changing the text.
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final byte[] bytes;

    private WebhookBody(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The {@code event} a stored body announces ({@code payment.updated}, {@code refund.updated}, …), read from the
     * body itself so that the {@code X-Service-Event} header always says what the signed bytes say. Every body this
     * service stores names it first, so only the first fields are read; a body without one is a
     * {@code payment.updated}, the only event there was before others.
     */
    public static String eventOf(String body) {
        try (JsonParser json = JSON.createParser(body)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return EVENT;
            }
            for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
                JsonToken value = json.nextToken();
                if (field.equals("event") && value == JsonToken.VALUE_STRING) {
                    return json.getText();
                }
                json.skipChildren();
            }
            return EVENT;
        } catch (IOException unreadable) {
            return EVENT;
        }
    }

    public static WebhookBody of(WebhookEvent event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringField("event", EventType.ofPayment(event.status()).wireName());
            json.writeStringField("version", VERSION);
            json.writeStringField("timestamp", timestamp(event.timestamp()));
            json.writeObjectFieldStart("data");
            json.writeStringField("transaction_id", event.transactionId().toString());
            json.writeStringField("reference_id", event.referenceId());
            json.writeStringField("status", event.status());
            json.writeStringField("amount", money("amount", event.amount()));
            json.writeStringField("fees", money("fees", event.fees()));
            json.writeStringField("net_amount", money("net_amount", event.netAmount()));
            json.writeStringField("currency", "HTG");
            json.writeStringField("payment_method", "wallet");
            json.writeStringField("customer_name", event.customerName());
            json.writeStringField("customer_email", event.customerEmail());
            // after the original fields, so a receiver reading them by position still finds them where they were
            if (event.shortCode() != null) {
                json.writeStringField("short_code", event.shortCode());
            }
            // only for a payment made through a payment link: every other body keeps its long-standing shape
            if (event.paymentLinkId() != null) {
                json.writeStringField("payment_link_id", event.paymentLinkId().toString());
            }
            // last, after every field a receiver may read by position
            json.writeBooleanField("livemode", event.livemode());
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return new WebhookBody(out.toByteArray());
    }

    /** A copy: the stored bytes must stay exactly what was signed. */
    public byte[] bytes() {
        return bytes.clone();
    }

    public String json() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return json();
    }

    public static String timestamp(OffsetDateTime at) {
        return TIMESTAMP.format(at.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS));
    }

    // Money reaches us at scale 2; a third fraction digit is a bug upstream, and rounding it here would hide it.
    static String money(String field, BigDecimal value) {
        try {
            return value.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(field + " has more than two fraction digits: " + value.toPlainString());
        }
    }
}
