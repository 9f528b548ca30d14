package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LookupsInFlightTest {

    @Test
    void callersOfOneKeyWhileItsLookUpIsInFlightShareItAndAKeyEndedIsLookedUpAfresh() {
        LookupsInFlight inFlight = new LookupsInFlight();
        AtomicInteger started = new AtomicInteger();
        Promise<String> answer = Promise.promise();

        Future<String> first = inFlight.shared("order a", () -> {
            started.incrementAndGet();
            return answer.future();
        });
        Future<String> second = inFlight.shared("order a", () -> {
            started.incrementAndGet();
            return Future.succeededFuture("another look-up");
        });
        Future<String> other = inFlight.shared("order b", () -> {
            started.incrementAndGet();
            return Future.succeededFuture("b");
        });

        assertThat(started).hasValue(2);
        assertThat(first.isComplete()).isFalse();
        answer.complete("a");
        assertThat(first.result()).isEqualTo("a");
        assertThat(second.result()).isEqualTo("a");
        assertThat(other.result()).isEqualTo("b");
        assertThat(inFlight.size()).isZero();

        Future<String> later = inFlight.shared("order a", () -> {
            started.incrementAndGet();
            return Future.succeededFuture("again");
        });
        assertThat(later.result()).isEqualTo("again");
        assertThat(started).hasValue(3);
    }

    @Test
    void aFailedOrThrowingLookUpIsSharedAndForgotten() {
        LookupsInFlight inFlight = new LookupsInFlight();

        Future<String> thrown = inFlight.shared("order c", () -> {
            throw new IllegalStateException("broken");
        });

        assertThat(thrown.failed()).isTrue();
        assertThat(thrown.cause()).hasMessage("broken");
        assertThat(inFlight.size()).isZero();
    }
}
