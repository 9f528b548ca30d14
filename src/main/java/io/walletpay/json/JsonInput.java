package io.walletpay.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Set;

/**
 * A JSON object sent by a client, read strictly (duplicate keys refused, decimals never through double) with
 * typed accessors whose failures are 400s naming the field.
 */
public final class JsonInput {

    private static final ObjectMapper MAPPER = strictMapper();

    private final ObjectNode object;

    private JsonInput(ObjectNode object) {
        this.object = object;
    }

    /** Parses {@code body}, which must be one JSON object containing only {@code allowed} fields. */
    public static JsonInput parseObject(byte[] body, Set<String> allowed) {
        JsonNode node;
        try {
            // Jackson's own UTF-8 reader lets encoded surrogates (ED A0 80) through as lone halves, which PostgreSQL
            // would then store as '?': decode strictly first, so bytes that are not UTF-8 are refused, never altered.
            node = MAPPER.readTree(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString());
        } catch (IOException | RuntimeException e) {
            throw malformed(); // Jackson throws NumberFormatException for exponents it cannot hold (1e9999999999)
        }
        if (node == null || !node.isObject()) {
            throw malformed();
        }
        JsonInput input = new JsonInput((ObjectNode) node);
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new ServiceException(ErrorKind.VALIDATION, "unknown_field", "Unknown field '" + name + "'", name);
            }
        }
        return input;
    }

    public boolean has(String field) {
        return object.has(field);
    }

    /** A required, non-blank string of at most {@code maxLength} code points. */
    public String requiredText(String field, int maxLength) {
        String value = optionalText(field, maxLength);
        if (value == null) {
            throw ServiceException.invalid(field, field + " is required");
        }
        return value;
    }

    /** A string of 1..{@code maxLength} code points without control characters, or null when absent or null. */
    public String optionalText(String field, int maxLength) {
        JsonNode node = object.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw ServiceException.invalid(field, field + " must be a string");
        }
        String value = node.textValue();
        if (value.isBlank()) {
            throw ServiceException.invalid(field, field + " must not be empty");
        }
        if (value.codePointCount(0, value.length()) > maxLength) {
            throw ServiceException.invalid(field, field + " must be at most " + maxLength + " characters");
        }
        if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw ServiceException.invalid(field, field + " must not contain control characters");
        }
        if (hasLoneSurrogate(value)) {
            throw ServiceException.invalid(field, field + " must be valid Unicode text");
        }
        return value;
    }

    /**
     * A decimal in [min, max] with at most two fraction digits, at scale 2, read by {@link DecimalText}: a JSON
     * number, or a string of plain digits with at most two decimals ("2.50").
     */
    public BigDecimal optionalMoney(String field, BigDecimal min, BigDecimal max) {
        JsonNode node = object.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            return DecimalText.read(field, node.asText(), min, max); // the parser kept it exact (BigDecimal)
        }
        if (node.isTextual() && node.textValue().matches("\\d{1,12}(\\.\\d{1,2})?")) {
            return DecimalText.read(field, node.textValue(), min, max);
        }
        throw ServiceException.invalid(field, field + " must be a decimal number");
    }

    /** Half a surrogate pair (sent as a JSON escape) is no character: PostgreSQL could not store it as sent. */
    private static boolean hasLoneSurrogate(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static ServiceException malformed() {
        return new ServiceException(ErrorKind.VALIDATION, "malformed_json", "The body must be one valid JSON object");
    }

    private static ObjectMapper strictMapper() {
        ObjectMapper mapper = new ObjectMapper();
        mapper.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(32)
                        .maxNumberLength(64)
                        .maxStringLength(64 * 1024)
                        .build());
        mapper.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        return mapper;
    }
}
