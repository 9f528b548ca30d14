package io.walletpay.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one reader of JSON request bodies: one flat JSON object whose fields are scalars, read strictly with
 * Jackson's streaming parser (duplicate keys refused, numbers kept as their text and never through double), with
 * typed accessors whose failures are 400s naming the field.
 *
 * <p>Rules every body obeys:
 * <ul>
 *   <li>It is UTF-8 (a leading byte-order mark is tolerated); other encodings are malformed, not guessed. Bytes
 *       are decoded strictly first, because Jackson's own UTF-8 reader lets encoded surrogates (ED A0 80) through
 *       as lone halves, which PostgreSQL would then store as '?'.</li>
 *   <li>Structure is checked before values: a body that is not one well-formed JSON object is
 *       {@code malformed_json} even when an earlier field is also invalid, except that an unknown field or a
 *       non-scalar value is refused as soon as it is seen, without reading further.</li>
 *   <li>A present string must say something: "" or whitespace only is a 400 "must not be empty" rather than
 *       silently meaning absent; strings are kept as sent (no trimming); lengths count Unicode code points;
 *       control characters (U+0000–U+001F, U+007F–U+009F), bidirectional controls (U+202A–U+202E,
 *       U+2066–U+2069), line and paragraph separators (U+2028, U+2029) and lone surrogates are refused.</li>
 * </ul>
 */
public final class JsonInput {

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

    /**
     * What {@link #parseObject(byte[], Set, Map)}'s {@code expected} names for a field that is a list of strings: the
     * only list a body may carry, read by {@link #optionalTextList}.
     */
    public static final String TEXT_LIST = "a list of strings";

    /**
     * A value as the parser saw it: its token type and its text (null for JSON null); for a {@link #TEXT_LIST} field,
     * its strings in {@code items} (each obeying the string rules once read by {@link #optionalTextList}).
     */
    private record Scalar(JsonToken token, String text, List<String> items) {}

    private final Map<String, Scalar> fields;

    private JsonInput(Map<String, Scalar> fields) {
        this.fields = fields;
    }

    /** Parses {@code body}, which must be one JSON object of scalars containing only {@code allowed} fields. */
    public static JsonInput parseObject(byte[] body, Set<String> allowed) {
        return parseObject(body, allowed, Map.of());
    }

    /**
     * The same, with what some fields' values must be ({@code "a number"}), named in the 400 of a field sent as an
     * object or a list; other fields must be {@code "a string"}.
     */
    public static JsonInput parseObject(byte[] body, Set<String> allowed, Map<String, String> expected) {
        return new JsonInput(readObject(decodeUtf8(body), allowed, expected));
    }

    /** Whether the field was sent, JSON null included. */
    public boolean has(String field) {
        return fields.containsKey(field);
    }

    /** A required string of at most {@code maxLength} code points, obeying the string rules above. */
    public String requiredText(String field, int maxLength) {
        String value = optionalText(field, maxLength);
        if (value == null) {
            throw ServiceException.invalid(field, field + " is required");
        }
        return value;
    }

    /** A string obeying the rules above, or null when absent or JSON null. */
    public String optionalText(String field, int maxLength) {
        Scalar value = fields.get(field);
        if (value == null || value.token() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value.token() != JsonToken.VALUE_STRING) {
            throw ServiceException.invalid(field, field + " must be a string");
        }
        return checkedText(field, value.text(), maxLength);
    }

    /**
     * A {@link #TEXT_LIST} field's strings, each obeying the string rules above with at most {@code maxLength} code
     * points, at most {@code maxItems} of them; null when absent or JSON null.
     */
    public List<String> optionalTextList(String field, int maxItems, int maxLength) {
        Scalar value = fields.get(field);
        if (value == null || value.items() == null) {
            return null;
        }
        if (value.items().size() > maxItems) {
            throw ServiceException.invalid(field, field + " must have at most " + maxItems + " items");
        }
        List<String> items = new ArrayList<>(value.items().size());
        for (String item : value.items()) {
            items.add(checkedText(field, item, maxLength));
        }
        return List.copyOf(items);
    }

    /** The text of a JSON number, exactly as sent; null when absent; a 400 for any other value, JSON null included. */
    public String numberText(String field) {
        Scalar value = fields.get(field);
        if (value == null) {
            return null;
        }
        if (!value.token().isNumeric()) {
            throw ServiceException.invalid(field, field + " must be a number");
        }
        return value.text();
    }

    /** The text of a JSON number, exactly as sent; null when absent or JSON null; a 400 for any other value. */
    public String optionalNumberText(String field) {
        Scalar value = fields.get(field);
        if (value == null || value.token() == JsonToken.VALUE_NULL) {
            return null;
        }
        return numberText(field);
    }

    /**
     * A decimal in [min, max] with at most two fraction digits, at scale 2, read by {@link DecimalText}: a JSON
     * number, or a string of plain digits with at most two decimals ("2.50").
     */
    public BigDecimal optionalMoney(String field, BigDecimal min, BigDecimal max) {
        Scalar value = fields.get(field);
        if (value == null || value.token() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value.token().isNumeric()) {
            return DecimalText.read(field, value.text(), min, max);
        }
        if (value.token() == JsonToken.VALUE_STRING && value.text().matches("\\d{1,12}(\\.\\d{1,2})?")) {
            // the string's pattern allows leading zeros ("0010"), which a JSON number does not have
            return DecimalText.read(field, value.text().replaceFirst("^0+(?=\\d)", ""), min, max);
        }
        throw ServiceException.invalid(
                field,
                field + " must be a decimal number from " + min.toPlainString() + " to " + max.toPlainString()
                        + ", with at most two decimal places");
    }

    /**
     * {@code value} unchanged when it obeys the string rules; otherwise a 400 {@code invalid_<field>}. Public for text
     * that arrives in a form rather than JSON, so both are held to the same rules.
     */
    public static String checkedText(String field, String value, int maxCodePoints) {
        if (value.isBlank()) {
            throw ServiceException.invalid(field, field + " must not be empty");
        }
        // Cheap bound first: a string longer in chars than the limit allows in surrogate pairs is too long outright.
        if (value.length() > 2L * maxCodePoints || value.codePointCount(0, value.length()) > maxCodePoints) {
            throw ServiceException.invalid(field, field + " must be at most " + maxCodePoints + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c)) {
                throw ServiceException.invalid(field, field + " must not contain control characters");
            }
            if (spoofing(c)) {
                throw ServiceException.invalid(
                        field,
                        field + " must not contain bidirectional controls or line separators"
                                + " (U+202A to U+202E, U+2066 to U+2069, U+2028, U+2029)");
            }
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw ServiceException.invalid(field, field + " must be valid Unicode text");
            }
        }
        return value;
    }

    /**
     * Characters that make text shown on a page or in a spreadsheet read other than it is stored: bidirectional
     * embeddings, overrides and isolates (a right-to-left override makes "exe.jpg" read "gpj.exe") and the line
     * and paragraph separators that break a line where the pages and the portal's CSV expect none.
     */
    static boolean spoofing(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069') || c == '\u2028' || c == '\u2029';
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

    private static Map<String, Scalar> readObject(String body, Set<String> allowed, Map<String, String> expected) {
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
                if (!allowed.contains(name)) {
                    throw new ServiceException(
                            ErrorKind.VALIDATION, "unknown_field", "Unknown field '" + shown(name) + "'", shown(name));
                }
                String kind = expected.getOrDefault(name, "a string");
                fields.put(name, TEXT_LIST.equals(kind) ? readTextList(parser, name) : readScalar(parser, name, kind));
            }
            // Inside an object the parser yields only names or the closing brace, so the object is complete here.
            if (parser.nextToken() != null) {
                throw malformed("The body must be one JSON object with nothing after it");
            }
            return fields;
        } catch (JsonParseException e) {
            throw malformedFrom(e, allowed);
        } catch (StreamConstraintsException e) {
            throw malformed("The body is too deeply nested or too long to read");
        } catch (ServiceException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw malformed("The body must be one valid JSON object");
        }
    }

    private static Scalar readScalar(JsonParser parser, String name, String expected) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
            throw ServiceException.invalid(name, name + " must be " + expected);
        }
        return new Scalar(token, token == JsonToken.VALUE_NULL ? null : parser.getText(), null);
    }

    private static Scalar readTextList(JsonParser parser, String name) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == JsonToken.VALUE_NULL) {
            return new Scalar(token, null, null);
        }
        if (token != JsonToken.START_ARRAY) {
            throw ServiceException.invalid(name, name + " must be " + TEXT_LIST);
        }
        List<String> items = new ArrayList<>();
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
            if (item != JsonToken.VALUE_STRING) {
                throw ServiceException.invalid(name, name + " must be " + TEXT_LIST);
            }
            items.add(parser.getText());
        }
        return new Scalar(token, null, items);
    }

    // A name echoed back is cut short, so a megabyte-long name does not come back in the error.
    private static String shown(String name) {
        if (name.codePointCount(0, name.length()) <= SHOWN_NAME_CHARS) {
            return name;
        }
        return name.substring(0, name.offsetByCodePoints(0, SHOWN_NAME_CHARS)) + "…";
    }

    private static ServiceException malformedFrom(JsonParseException e, Set<String> allowed) {
        // Jackson's message carries source locations and internals; only a repeated field is worth naming.
        String original = e.getOriginalMessage();
        String duplicatePrefix = "Duplicate field '";
        if (original != null && original.startsWith(duplicatePrefix) && original.endsWith("'")) {
            String name = original.substring(duplicatePrefix.length(), original.length() - 1);
            if (allowed.contains(name)) {
                return malformed("Field '" + name + "' appears more than once");
            }
        }
        return malformed("The body must be one valid JSON object");
    }

    private static ServiceException malformed(String message) {
        return new ServiceException(ErrorKind.VALIDATION, "malformed_json", message);
    }
}
