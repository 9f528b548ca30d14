package io.walletpay.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The answers' JSON text is the text Vert.x's own encoding gives, byte for byte. */
class JsonOutputTest {

    private static final JsonObject ANSWER = new JsonObject()
            .put("success", true)
            .put(
                    "data",
                    new JsonObject()
                            .put("id", "0190a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d")
                            .put("amount", "2500.00")
                            .put("customer_name", "Jàn Pòl \"Ti Jan\" \\ <b>&</b> \u2028 \u0001 é 😀")
                            .put("description", null)
                            .put("needs_review", false)
                            .put("count", 3)
                            .put("big", 12345678901234L)
                            .put("ratio", 0.25)
                            .put("exact", new BigDecimal("10.50"))
                            .put(
                                    "items",
                                    new JsonArray().add("a").add(1).addNull().add(new JsonObject())));

    @Test
    void anObjectIsWrittenAsVertxWritesIt() {
        assertThat(JsonOutput.text(ANSWER)).isEqualTo(ANSWER.encode());
        assertThat(JsonOutput.buffer(ANSWER)).isEqualTo(ANSWER.toBuffer());
    }

    @Test
    void anArrayIsWrittenAsVertxWritesIt() {
        JsonArray page = new JsonArray().add(ANSWER).add(ANSWER.getJsonObject("data"));
        assertThat(JsonOutput.buffer(page)).isEqualTo(page.toBuffer());
    }
}
