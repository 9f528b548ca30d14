package io.walletpay.payment;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The body of "create a payment", read and validated: an amount at scale 2 within the limits, and the optional
 * merchant reference, customer name, customer e-mail and description (null when absent or JSON null).
 *
 * <p>Decisions the API contract leaves open, made here:
 * <ul>
 *   <li>A present optional string must say something: "" or whitespace only is a 400 "must not be empty" rather
 *       than silently meaning absent; send null or leave the field out instead. Strings are kept as sent
 *       (no trimming).</li>
 *   <li>Control characters (U+0000–U+001F, U+007F–U+009F) and lone surrogates are refused in every string.</li>
 *   <li>An amount with trailing fraction zeros (1.230) or an exponent (1e2) is accepted when its exact value has
 *       at most two decimals; a negative zero is not greater than 0.</li>
 *   <li>The body must be UTF-8 (a leading byte-order mark is tolerated); other encodings are malformed, not
 *       guessed.</li>
 *   <li>Structure is checked before values: a body that is not one well-formed JSON object is
 *       {@code malformed_json} even when an earlier field is also invalid, except that an unknown field or a
 *       non-scalar value for a known field is refused as soon as it is seen, without reading further.</li>
 * </ul>
 */
public record CreatePaymentRequest(
        BigDecimal amount, String referenceId, String customerName, String customerEmail, String description) {

    static final int MAX_REFERENCE_ID = 100;
    static final int MAX_CUSTOMER_NAME = 200;
    static final int MAX_DESCRIPTION = 500;

    private static final String AMOUNT = "amount";
    private static final String REFERENCE_ID = "reference_id";
    private static final String CUSTOMER_NAME = "customer_name";
    private static final String CUSTOMER_EMAIL = "customer_email";
    private static final String DESCRIPTION = "description";

    // The parser reads a number together with the name before it, and may read a string's text in pieces, so a
    // length limit inside the parser could not always say which field failed. Lengths are checked on the text
    // instead, which the request body limit already bounds; numbers are only scanned, never converted.
    private static final int SHOWN_NAME_CHARS = 64;

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .build();

    /** A scalar as the parser saw it: its token type and its text. */
    private record Scalar(JsonToken token, String text) {}

    /**
     * Reads {@code jsonBody}; every failure is a {@link ServiceException} of kind VALIDATION. Fields are judged in
     * the order amount, reference_id, customer_name, customer_email, description; the first fault is reported.
     */
    public static CreatePaymentRequest parse(byte[] jsonBody, AmountLimits limits) {
        Map<String, Scalar> fields = readObject(decodeUtf8(jsonBody));
        Scalar amount = fields.get(AMOUNT);
        if (amount == null) {
            throw ServiceException.invalid(AMOUNT, "amount is required");
        }
        if (!amount.token().isNumeric()) {
            throw ServiceException.invalid(AMOUNT, "amount must be a number");
        }
        BigDecimal exactAmount = DecimalText.read(AMOUNT, amount.text(), limits.min(), limits.max());
        String referenceId = optionalText(fields, REFERENCE_ID);
        String customerName = optionalText(fields, CUSTOMER_NAME);
        String customerEmail = optionalText(fields, CUSTOMER_EMAIL);
        if (customerEmail != null && !EmailAddressShape.accepts(customerEmail)) {
            throw ServiceException.invalid(CUSTOMER_EMAIL, "customer_email must be an e-mail address");
        }
        return new CreatePaymentRequest(
                exactAmount, referenceId, customerName, customerEmail, optionalText(fields, DESCRIPTION));
    }

    private static String decodeUtf8(byte[] body) {
        if (body == null || body.length == 0) {
            throw malformed("The body is empty; expected a JSON object");
        }
        CharBuffer text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw malformed("The body is not valid UTF-8");
        }
        if (text.length() > 0 && text.charAt(0) == '\uFEFF') {
            text.position(1);
        }
        return text.toString();
    }

    private static Map<String, Scalar> readObject(String body) {
        try (JsonParser parser = JSON.createParser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw malformed("The body is empty; expected a JSON object");
            }
            if (first != JsonToken.START_OBJECT) {
                throw malformed("The body must be one JSON object");
            }
            Map<String, Scalar> fields = new HashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (!known(name)) {
                    throw new ServiceException(
                            ErrorKind.VALIDATION, "unknown_field", "Unknown field '" + shown(name) + "'", shown(name));
                }
                fields.put(name, readScalar(parser, name));
            }
            // Inside an object the parser yields only names or the closing brace, so the object is complete here.
            if (parser.nextToken() != null) {
                throw malformed("The body must be one JSON object with nothing after it");
            }
            return fields;
        } catch (JsonParseException e) {
            throw malformedFrom(e);
        } catch (StreamConstraintsException e) {
            throw malformed("The body is too deeply nested or too long to read");
        } catch (ServiceException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw malformed("The body must be one valid JSON object");
        }
    }

    private static Scalar readScalar(JsonParser parser, String name) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
            throw wrongType(name);
        }
        return new Scalar(token, token == JsonToken.VALUE_NULL ? null : parser.getText());
    }

    private static String optionalText(Map<String, Scalar> fields, String name) {
        Scalar value = fields.get(name);
        if (value == null || value.token() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value.token() != JsonToken.VALUE_STRING) {
            throw wrongType(name);
        }
        return RequestText.check(name, value.text(), maxLength(name));
    }

    private static boolean known(String name) {
        return switch (name) {
            case AMOUNT, REFERENCE_ID, CUSTOMER_NAME, CUSTOMER_EMAIL, DESCRIPTION -> true;
            default -> false;
        };
    }

    private static int maxLength(String name) {
        return switch (name) {
            case REFERENCE_ID -> MAX_REFERENCE_ID;
            case CUSTOMER_NAME -> MAX_CUSTOMER_NAME;
            case CUSTOMER_EMAIL -> EmailAddressShape.MAX_LENGTH;
            case DESCRIPTION -> MAX_DESCRIPTION;
            default -> DecimalText.MAX_TEXT_LENGTH;
        };
    }

    private static ServiceException wrongType(String name) {
        return ServiceException.invalid(name, name + " must be a " + (AMOUNT.equals(name) ? "number" : "string"));
    }

    // A name echoed back is cut short, so a megabyte-long name does not come back in the error.
    private static String shown(String name) {
        if (name.codePointCount(0, name.length()) <= SHOWN_NAME_CHARS) {
            return name;
        }
        return name.substring(0, name.offsetByCodePoints(0, SHOWN_NAME_CHARS)) + "…";
    }

    private static ServiceException malformedFrom(JsonParseException e) {
        // Jackson's message carries source locations and internals; only a repeated field is worth naming.
        String original = e.getOriginalMessage();
        String duplicatePrefix = "Duplicate field '";
        if (original != null && original.startsWith(duplicatePrefix) && original.endsWith("'")) {
            String name = original.substring(duplicatePrefix.length(), original.length() - 1);
            if (known(name)) {
                return malformed("Field '" + name + "' appears more than once");
            }
        }
        return malformed("The body must be one valid JSON object");
    }

    private static ServiceException malformed(String message) {
        return new ServiceException(ErrorKind.VALIDATION, "malformed_json", message);
    }
}
