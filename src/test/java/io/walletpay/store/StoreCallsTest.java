package io.walletpay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.walletpay.error.ServiceException;
import io.walletpay.store.DatabaseHealth.Readiness;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestApp;
import io.walletpay.support.TestConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Store calls run on the store verticle's event loop and answer on the caller's, whatever the outcome. */
@BehaviourTest
@ExtendWith(VertxExtension.class)
class StoreCallsTest {

    @TempDir
    Path dataDir;

    @Test
    void theRunningServiceAnswersAStoreCallFromTheDatabase(Vertx vertx, VertxTestContext test) {
        TestApp.start(vertx, TestConfig.forTest(dataDir, Map.of()))
                .compose(app -> app.application().stores().health().readiness())
                .onComplete(test.succeeding(readiness -> test.verify(() -> {
                    assertThat(readiness.ready()).isTrue();
                    assertThat(readiness.detail())
                            .contains("schema " + io.walletpay.support.TestDatabase.schemaVersion());
                    test.completeNow();
                })));
    }

    @Test
    void aCallRunsOnTheStoresContextAndAnswersOnTheCallers(Vertx vertx, VertxTestContext test) {
        Context store = vertx.getOrCreateContext();
        Context caller = vertx.getOrCreateContext();
        AtomicReference<Context> ranOn = new AtomicReference<>();
        StoreCalls calls = callsAnswering(store, () -> {
            ranOn.set(Vertx.currentContext());
            return Future.succeededFuture(new Readiness(true, "here"));
        });
        caller.runOnContext(started -> calls.stores()
                .health()
                .readiness()
                .onComplete(test.succeeding(readiness -> test.verify(() -> {
                    assertThat(readiness.detail()).isEqualTo("here");
                    assertThat(ranOn.get()).isSameAs(store);
                    assertThat(Vertx.currentContext()).isSameAs(caller);
                    test.completeNow();
                }))));
    }

    @Test
    void aStoresRefusalReachesTheCallerAsItWasRaised(Vertx vertx, VertxTestContext test) {
        StoreCalls calls = callsAnswering(
                vertx.getOrCreateContext(), () -> Future.failedFuture(ServiceException.notFound("Payment")));
        calls.stores()
                .health()
                .readiness()
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(failure).isInstanceOf(ServiceException.class).hasMessage("Payment not found");
                    test.completeNow();
                })));
    }

    @Test
    void aStoreThatThrowsIsAnsweredInsteadOfLeavingTheCallerWaiting(Vertx vertx, VertxTestContext test) {
        StoreCalls calls = callsAnswering(vertx.getOrCreateContext(), () -> {
            throw ServiceException.notFound("Merchant");
        });
        calls.stores()
                .health()
                .readiness()
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(failure).isInstanceOf(ServiceException.class).hasMessage("Merchant not found");
                    test.completeNow();
                })));
    }

    @Test
    void withNoStoreRunningACallIsUnavailableInsteadOfHanging(VertxTestContext test) {
        new StoreCalls()
                .stores()
                .payments()
                .get(java.util.UUID.randomUUID(), java.util.UUID.randomUUID())
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(((ServiceException) failure).code()).isEqualTo("database_unavailable");
                    test.completeNow();
                })));
    }

    @Test
    void callsAreSpreadOverTheRunningStoresInTurn(Vertx vertx, VertxTestContext test) {
        StoreCalls calls = new StoreCalls();
        calls.add(instance(vertx.getOrCreateContext(), () -> Future.succeededFuture(new Readiness(true, "one"))));
        calls.add(instance(vertx.getOrCreateContext(), () -> Future.succeededFuture(new Readiness(true, "two"))));
        DatabaseHealth health = calls.stores().health();
        Future.all(health.readiness(), health.readiness(), health.readiness(), health.readiness())
                .onComplete(test.succeeding(all -> test.verify(() -> {
                    assertThat(all.<Readiness>list())
                            .extracting(Readiness::detail)
                            .containsExactlyInAnyOrder("one", "two", "one", "two");
                    test.completeNow();
                })));
    }

    private static StoreCalls callsAnswering(Context context, DatabaseHealth health) {
        StoreCalls calls = new StoreCalls();
        calls.add(instance(context, health));
        return calls;
    }

    private static StoreCalls.Instance instance(Context context, DatabaseHealth health) {
        return new StoreCalls.Instance(
                context,
                new Stores(
                        null, null, null, null, null, null, null, health, null, null, null, null, null, null, null,
                        null, null),
                work -> work);
    }
}
