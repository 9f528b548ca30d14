package io.walletpay.config;

import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * Owns the rule that maps environment variables onto configuration keys: {@code WALLETPAY_} + the key path in
 * upper case with {@code _} between levels ({@code http.port} becomes {@code WALLETPAY_HTTP_PORT}). Only keys
 * that exist in the defaults can be overridden, which keeps the mapping unambiguous even though key names
 * contain underscores themselves. A variable set to nothing (or only blanks) counts as not set, as in a shell
 * where {@code WALLETPAY_DATA_DIR=} is how one clears a value inherited from elsewhere.
 */
public final class EnvOverrides {

    static final String PREFIX = "WALLETPAY_";

    private EnvOverrides() {}

    /** A copy of {@code defaults} with every matching environment variable applied, converted to the default's type. */
    public static JsonObject apply(JsonObject defaults, Map<String, ?> env) {
        JsonObject result = defaults.copy();
        overlay(result, "", env);
        return result;
    }

    public static String variableFor(String keyPath) {
        return PREFIX + keyPath.replace('.', '_').toUpperCase(java.util.Locale.ROOT);
    }

    private static void overlay(JsonObject node, String prefix, Map<String, ?> env) {
        for (String name : node.fieldNames()) {
            String path = prefix.isEmpty() ? name : prefix + "." + name;
            Object current = node.getValue(name);
            if (current instanceof JsonObject child) {
                overlay(child, path, env);
                continue;
            }
            Object raw = env.get(variableFor(path));
            // an empty (or blank) variable is one not set: the file's value or the default stays
            if (raw != null && !raw.toString().isBlank()) {
                node.put(name, convert(current, raw.toString()));
            }
        }
    }

    /**
     * The variable's text as the default's type; text that is not of that type stays text, for the binding to name
     * with every other problem of the start.
     */
    private static Object convert(Object template, String raw) {
        if (template instanceof Integer || template instanceof Long) {
            try {
                return Long.parseLong(raw.trim());
            } catch (NumberFormatException e) {
                return raw;
            }
        }
        if (template instanceof Boolean) {
            String value = raw.trim().toLowerCase(java.util.Locale.ROOT);
            return value.equals("true") || value.equals("false") ? Boolean.parseBoolean(value) : raw;
        }
        return raw;
    }
}
