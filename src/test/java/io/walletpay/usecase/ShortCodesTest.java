package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.walletpay.usecase.CreatePayment.ShortCodes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShortCodesTest {

    /** A reserve that answers when the test says, numbering its codes. */
    private static final class Reserve {
        final List<Promise<List<String>>> asked = new ArrayList<>();
        int next;

        Future<List<String>> reserve(int count) {
            Promise<List<String>> promise = Promise.promise();
            asked.add(promise);
            return promise.future();
        }

        void answer(int index) {
            List<String> codes = new ArrayList<>();
            for (int i = 0; i < ShortCodes.BLOCK; i++) {
                codes.add("WP-" + next++);
            }
            asked.get(index).complete(codes);
        }
    }

    @Test
    void theFirstCodesWaitForTheFirstBlockThenComeFromMemory() {
        Reserve reserve = new Reserve();
        ShortCodes codes = new ShortCodes(reserve::reserve);

        Future<String> first = codes.next();
        Future<String> second = codes.next();
        assertThat(reserve.asked).as("one block asked for, however many wait").hasSize(1);
        assertThat(first.isComplete()).isFalse();

        reserve.answer(0);
        assertThat(first.result()).isEqualTo("WP-0");
        assertThat(second.result()).isEqualTo("WP-1");
        assertThat(codes.next().result()).isEqualTo("WP-2");
        assertThat(reserve.asked).hasSize(1);
    }

    @Test
    void theNextBlockIsAskedForWhileAQuarterIsLeftSoNobodyWaits() {
        Reserve reserve = new Reserve();
        ShortCodes codes = new ShortCodes(reserve::reserve);
        codes.next();
        reserve.answer(0);

        Set<String> given = new HashSet<>();
        for (int i = 1; i < ShortCodes.BLOCK; i++) {
            Future<String> code = codes.next();
            assertThat(code.succeeded()).isTrue();
            given.add(code.result());
        }
        assertThat(reserve.asked).as("asked once, early").hasSize(2);
        reserve.answer(1);
        for (int i = 0; i < ShortCodes.BLOCK / 2; i++) {
            assertThat(given.add(codes.next().result())).isTrue();
        }
        assertThat(given).hasSize(ShortCodes.BLOCK - 1 + ShortCodes.BLOCK / 2);
    }

    @Test
    void aFailedReserveFailsWhoWaitedAndTheNextCallAsksAgain() {
        Reserve reserve = new Reserve();
        ShortCodes codes = new ShortCodes(reserve::reserve);

        Future<String> waiting = codes.next();
        reserve.asked.get(0).fail(new IllegalStateException("database unavailable"));

        assertThat(waiting.failed()).isTrue();
        assertThat(waiting.cause()).hasMessage("database unavailable");
        Future<String> again = codes.next();
        assertThat(reserve.asked).hasSize(2);
        reserve.answer(1);
        assertThat(again.result()).isEqualTo("WP-0");
    }
}
