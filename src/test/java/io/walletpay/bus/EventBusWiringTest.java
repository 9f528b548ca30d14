package io.walletpay.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.walletpay.bus.WakeUpMessages.LeasedDeliveries;
import io.walletpay.bus.WakeUpMessages.PaymentUpdated;
import io.walletpay.support.BehaviourTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@BehaviourTest
@ExtendWith(VertxExtension.class)
class EventBusWiringTest {

    @Test
    void theWebhookHandOverCrossesTheBusByReferenceWithoutCopying(Vertx vertx, VertxTestContext test) {
        WakeUpMessages.registerCodecs(vertx.eventBus());
        var sent = new LeasedDeliveries(List.of());
        vertx.eventBus()
                .<LeasedDeliveries>consumer(
                        "test.echo",
                        message -> test.verify(() -> {
                            assertThat(message.body()).isSameAs(sent);
                            test.completeNow();
                        }));
        vertx.eventBus().send("test.echo", sent);
    }

    @Test
    void aWakeUpSurvivesItsWireForm() {
        var sent = new PaymentUpdated(UUID.randomUUID(), UUID.randomUUID(), "completed");
        WakeUpCodec codec = new WakeUpCodec();
        Buffer wire = Buffer.buffer();
        codec.encodeToWire(wire, sent);
        assertThat(codec.decodeFromWire(0, wire)).isEqualTo(sent);
    }

    @Test
    void theLocalCodecRefusesTheWire() {
        LocalCodec<Object> codec = new LocalCodec<>("test-local");
        assertThatThrownBy(() -> codec.encodeToWire(Buffer.buffer(), new LeasedDeliveries(List.of())))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
