package io.walletpay.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * A list written as one comma-separated string ({@code "10.0.0.1:5701, 10.0.0.2:5701"}), as an environment variable
 * can carry it; blanks between commas are dropped and an absent value is the empty list.
 */
final class CommaSeparated extends StdDeserializer<List<String>> {

    CommaSeparated() {
        super(List.class);
    }

    @Override
    public List<String> deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        String text = context.readValue(parser, String.class);
        return text == null
                ? List.of()
                : Arrays.stream(text.split(","))
                        .map(String::trim)
                        .filter(item -> !item.isEmpty())
                        .toList();
    }

    @Override
    public List<String> getNullValue(DeserializationContext context) {
        return List.of();
    }
}
