package io.walletpay.config;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;

/** Typed, range-checked reads from one level of the configuration JSON, each failure naming the full key. */
final class ConfigReader {

    private final JsonObject json;
    private final String prefix;

    ConfigReader(JsonObject json, String prefix) {
        this.json = json;
        this.prefix = prefix;
    }

    ConfigReader child(String name) {
        Object value = json.getValue(name);
        if (!(value instanceof JsonObject object)) {
            throw new ConfigException(key(name), "expected an object");
        }
        return new ConfigReader(object, key(name));
    }

    String text(String name) {
        String value = optionalText(name);
        if (value == null) {
            throw new ConfigException(key(name), "is required");
        }
        return value;
    }

    String optionalText(String name) {
        Object value = json.getValue(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String text)) {
            throw new ConfigException(key(name), "expected a string");
        }
        return text.isBlank() ? null : text.trim();
    }

    boolean bool(String name) {
        Object value = json.getValue(name);
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s
                && (s.trim().equalsIgnoreCase("true") || s.trim().equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s.trim());
        }
        throw new ConfigException(key(name), "expected true or false, got '" + value + "'");
    }

    int intIn(String name, int min, int max) {
        Object value = json.getValue(name);
        long number;
        if (value instanceof Number n && n.doubleValue() == n.longValue()) {
            number = n.longValue();
        } else if (value instanceof String s && s.trim().matches("-?\\d{1,12}")) {
            number = Long.parseLong(s.trim());
        } else {
            throw new ConfigException(key(name), "expected a whole number, got '" + value + "'");
        }
        if (number < min || number > max) {
            throw new ConfigException(key(name), "must be between " + min + " and " + max + ", got " + number);
        }
        return (int) number;
    }

    BigDecimal decimalIn(String name, BigDecimal min, BigDecimal max) {
        Object value = json.getValue(name);
        BigDecimal number;
        try {
            number = new BigDecimal(String.valueOf(value).trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(key(name), "expected a decimal like \"2.50\", got '" + value + "'");
        }
        if (number.scale() > 2 || number.compareTo(min) < 0 || number.compareTo(max) > 0) {
            throw new ConfigException(
                    key(name), "must be between " + min + " and " + max + " with at most two decimals, got " + value);
        }
        return number.setScale(2);
    }

    /** Like {@link #decimalIn}, but null when the key is absent, null or blank. */
    BigDecimal optionalDecimalIn(String name, BigDecimal min, BigDecimal max) {
        Object value = json.getValue(name);
        if (value == null || (value instanceof String text && text.isBlank())) {
            return null;
        }
        return decimalIn(name, min, max);
    }

    <E extends Enum<E>> E oneOf(String name, Class<E> type) {
        String value = text(name);
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    key(name),
                    "expected one of "
                            + Arrays.toString(Arrays.stream(type.getEnumConstants())
                                    .map(c -> c.name().toLowerCase(Locale.ROOT))
                                    .toArray())
                            + ", got '" + value + "'");
        }
    }

    String oneOfText(String name, String... allowed) {
        String value = text(name);
        for (String candidate : allowed) {
            if (candidate.equalsIgnoreCase(value)) {
                return candidate;
            }
        }
        throw new ConfigException(key(name), "expected one of " + Arrays.toString(allowed) + ", got '" + value + "'");
    }

    private String key(String name) {
        return prefix.isEmpty() ? name : prefix + "." + name;
    }
}
