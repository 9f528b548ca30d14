package io.walletpay.json;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.json.jackson.JacksonCodec;

/**
 * The API's answers as JSON text. {@code JsonObject.encode()} goes through Jackson's data binding (a serializer
 * looked up for the map, then for each value); the answers hold only JSON's own values (text, numbers, booleans,
 * null, objects and arrays), which Vert.x's streaming codec writes straight to the generator: the same text, for
 * less of every request's CPU.
 */
public final class JsonOutput {

    private static final JacksonCodec CODEC = new JacksonCodec();

    private JsonOutput() {}

    public static String text(JsonObject json) {
        return CODEC.toString(json, false);
    }

    public static Buffer buffer(JsonObject json) {
        return CODEC.toBuffer(json, false);
    }

    public static Buffer buffer(JsonArray json) {
        return CODEC.toBuffer(json, false);
    }
}
