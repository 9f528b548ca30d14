package io.walletpay.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.bus.Messages.ReadinessQuery;
import io.walletpay.error.ServiceException;
import io.walletpay.support.TestApp;
import io.walletpay.support.TestConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(VertxExtension.class)
class EventBusWiringTest {

    @TempDir
    Path dataDir;

    @Test
    void theStoreVerticleAnswersATypedRequestFromTheDatabase(Vertx vertx, VertxTestContext test) {
        TestApp.start(vertx, TestConfig.forTest(dataDir, Map.of()))
                .compose(app ->
                        new BusCalls(vertx.eventBus(), 5_000).request(Addresses.STORE_READINESS, new ReadinessQuery()))
                .onComplete(test.succeeding(readiness -> test.verify(() -> {
                    assertThat(readiness.ready()).isTrue();
                    assertThat(readiness.detail())
                            .contains("schema " + io.walletpay.support.TestDatabase.schemaVersion());
                    test.completeNow();
                })));
    }

    @Test
    void messagesCrossTheBusByReferenceWithoutCopying(Vertx vertx, VertxTestContext test) {
        Messages.registerCodecs(vertx.eventBus());
        var sent = new Messages.PaymentUpdated(UUID.randomUUID(), UUID.randomUUID(), "completed");
        vertx.eventBus()
                .<Messages.PaymentUpdated>consumer(
                        "test.echo",
                        message -> test.verify(() -> {
                            assertThat(message.body()).isSameAs(sent);
                            test.completeNow();
                        }));
        vertx.eventBus().send("test.echo", sent);
    }

    @Test
    void aServiceExceptionRepliedByAHandlerIsRethrownToTheCaller(Vertx vertx, VertxTestContext test) {
        Messages.registerCodecs(vertx.eventBus());
        var fails = BusOperation.of("test.fails", ReadinessQuery.class, Readiness.class);
        BusCalls.serve(
                vertx.eventBus(),
                fails,
                query -> io.vertx.core.Future.<Readiness>failedFuture(ServiceException.notFound("Payment")));
        new BusCalls(vertx.eventBus(), 5_000)
                .request(fails, new ReadinessQuery())
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(failure).isInstanceOf(ServiceException.class).hasMessage("Payment not found");
                    test.completeNow();
                })));
    }

    @Test
    void aHandlerThatThrowsIsAnsweredInsteadOfLeavingTheCallerWaiting(Vertx vertx, VertxTestContext test) {
        Messages.registerCodecs(vertx.eventBus());
        var throwing = BusOperation.of("test.throws", ReadinessQuery.class, Readiness.class);
        BusCalls.serve(vertx.eventBus(), throwing, query -> {
            throw ServiceException.notFound("Merchant");
        });
        new BusCalls(vertx.eventBus(), 5_000)
                .request(throwing, new ReadinessQuery())
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(failure).isInstanceOf(ServiceException.class).hasMessage("Merchant not found");
                    test.completeNow();
                })));
    }

    @Test
    void aMissingHandlerBecomesUnavailableInsteadOfHanging(Vertx vertx, VertxTestContext test) {
        Messages.registerCodecs(vertx.eventBus());
        new BusCalls(vertx.eventBus(), 5_000)
                .request(BusOperation.of("nobody.listens", ReadinessQuery.class, Readiness.class), new ReadinessQuery())
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(((ServiceException) failure).code()).isEqualTo("database_unavailable");
                    test.completeNow();
                })));
    }

    @Test
    void theLocalCodecRefusesTheWire() {
        LocalCodec<Object> codec = new LocalCodec<>("test-local");
        assertThatThrownBy(() -> codec.encodeToWire(Buffer.buffer(), new Readiness(true, "x")))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
