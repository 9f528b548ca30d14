package io.walletpay.usecase;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Hands out payments' short codes. They are unique by construction: the numbers of one database sequence, each
 * made a code by a fixed permutation ({@code ShortCode.of}). This keeps a block of them in memory so a payment's
 * code is known before its row is written, and asks for the next block while a quarter of this one is left, so
 * creating a payment rarely waits for it. Codes a stopped service never handed out are simply never used.
 */
public final class ShortCodes {

    static final int BLOCK = 1024;

    private final IntFunction<Future<List<String>>> reserve;
    private final Deque<String> ready = new ArrayDeque<>();
    private final Deque<Promise<String>> waiting = new ArrayDeque<>();
    private boolean reserving;

    /** {@code reserve} answers that many codes no payment has. */
    public ShortCodes(IntFunction<Future<List<String>>> reserve) {
        this.reserve = reserve;
    }

    public Future<String> next() {
        Promise<String> waiter;
        synchronized (this) {
            if (ready.size() <= BLOCK / 4 && !reserving) {
                reserving = true;
                reserve.apply(BLOCK).onComplete(reserved -> arrived(reserved.result(), reserved.cause()));
            }
            String code = ready.pollFirst();
            if (code != null) {
                return Future.succeededFuture(code);
            }
            waiter = Promise.promise();
            waiting.addLast(waiter);
        }
        return waiter.future();
    }

    private void arrived(List<String> codes, Throwable failure) {
        Deque<Promise<String>> answered = new ArrayDeque<>();
        String[] given;
        synchronized (this) {
            reserving = false;
            if (failure == null) {
                ready.addAll(codes);
            }
            while (!waiting.isEmpty() && (failure != null || !ready.isEmpty())) {
                answered.addLast(waiting.pollFirst());
            }
            given = new String[answered.size()];
            for (int i = 0; i < given.length && failure == null; i++) {
                given[i] = ready.pollFirst();
            }
        }
        // completed outside the lock: a waiter's callbacks may create the next payment at once
        int i = 0;
        for (Promise<String> waiter : answered) {
            if (failure == null) {
                waiter.complete(given[i++]);
            } else {
                waiter.fail(failure);
            }
        }
    }
}
