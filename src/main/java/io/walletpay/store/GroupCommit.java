package io.walletpay.store;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.walletpay.tracing.Tracing;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Group commit: requests queue while a flush is in flight, and everything queued then goes to the database in the
 * next flush, which starts as soon as the previous one returns. Unless it lingers (below) there is no timer, so an
 * idle store answers a lone request with no added latency (a batch of one runs the one-by-one statement), and under
 * load one round trip and one commit serve many requests.
 *
 * <p>Each request keeps its own result and its own error: {@code batch} answers one result per request, in order;
 * should it fail as a whole (a constraint one row broke, a lost connection), the batch is replayed one by one with
 * {@code single}, in order, so only the rows that fail alone fail, each with its own error.
 *
 * <p>Requests that write the same row (the same {@code key}, such as two transitions of one payment) never share a
 * batch: the batch ends before the second one, which leads the next flush, so it sees the first committed, and all
 * requests are applied in the order they came, exactly as one by one.
 *
 * <p>For work nobody waits on, a group commit may {@linkplain #lingering linger}: a request that finds the store idle
 * waits a moment for company before its flush starts, so that at low rates, where requests rarely overlap, many
 * still share one statement, one round trip and one commit. Enough requests waiting go at once, and requests
 * queued behind a flush in flight never wait longer than that flush.
 *
 * <p>A group commit may also {@linkplain #awaitingReturns wait for its callers to come back}. A flush that answers
 * many requests at once sends their callers off together, and callers that send their next request as soon as they
 * have an answer (a merchant's pool of workers, a load generator) come back together a moment later. Should the next
 * flush leave as soon as the first of them arrives, it leaves nearly empty, takes a whole round trip and commit, and
 * the rest wait behind it: the flushes then alternate between a few requests and nearly all of them. So when a flush
 * of four or more returns to fewer than half as many waiting (half rounded down), the next one waits until half as
 * many are queued, or for half as long as the flush took, whichever comes first.
 *
 * <p>Where it waits for returns, a flush's answers are handed out after the next flush has left, so the half of the
 * callers queued meanwhile do not wait while the other half's answers are written (a replay, below, answers each
 * request as it goes). Flushes answer asynchronously, from the database; one answered at once would hand out its
 * answers after the next one's. Elsewhere the answers go first, as they always did.
 */
final class GroupCommit<Q, R> {

    /** {@code trace}: the context of the request's caller while tracing is on, else null. */
    private record Pending<Q, R>(Q request, Promise<R> promise, Context trace) {

        void settle(AsyncResult<R> outcome) {
            if (outcome.succeeded()) {
                promise.complete(outcome.result());
            } else {
                promise.fail(outcome.cause());
            }
        }
    }

    /** Runs an action once a delay in nanoseconds has passed: a timer of the event loop the flushes answer on. */
    @FunctionalInterface
    interface Delays {
        void after(long nanos, Runnable action);
    }

    /** A flush of fewer requests than this never makes the next one wait for returns. */
    static final int SMALLEST_FLUSH_TO_WAIT_AFTER = 4;

    private static final Runnable NOTHING_LEFT_TO_ANSWER = () -> {};

    private final Function<List<Q>, Future<List<R>>> batch;
    private final Function<Q, Future<R>> single;
    private final Function<Q, Object> key;
    private final int maxBatch;
    private final boolean enabled;
    private final Consumer<Runnable> afterLinger;
    private final int enoughToGo;
    private final Delays returnsTimer;
    private final LongSupplier nanoClock;
    private final ArrayDeque<Pending<Q, R>> queue = new ArrayDeque<>();
    private boolean flushing;
    private boolean lingering;
    /** While above zero, the next flush waits until this many requests are queued (or its wait ends). */
    private int awaitedReturns;
    /** Which wait a timer ends: the timer of an earlier wait, ended by returns, must not end a later one. */
    private long waitGeneration;

    /**
     * @param enabled false runs every request alone through {@code single} ({@code db.group_commit = off}), for
     *     comparisons
     */
    GroupCommit(
            Function<List<Q>, Future<List<R>>> batch, Function<Q, Future<R>> single, int maxBatch, boolean enabled) {
        this(batch, single, request -> new Object(), maxBatch, enabled);
    }

    /** @param key the row a request writes; a batch ends before a request whose key is already in it */
    GroupCommit(
            Function<List<Q>, Future<List<R>>> batch,
            Function<Q, Future<R>> single,
            Function<Q, Object> key,
            int maxBatch,
            boolean enabled) {
        this(batch, single, key, maxBatch, enabled, null, maxBatch, null, System::nanoTime);
    }

    private GroupCommit(
            Function<List<Q>, Future<List<R>>> batch,
            Function<Q, Future<R>> single,
            Function<Q, Object> key,
            int maxBatch,
            boolean enabled,
            Consumer<Runnable> afterLinger,
            int enoughToGo,
            Delays returnsTimer,
            LongSupplier nanoClock) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be at least 1");
        }
        this.batch = batch;
        this.single = single;
        this.key = key;
        this.maxBatch = maxBatch;
        this.enabled = enabled;
        this.afterLinger = afterLinger;
        this.enoughToGo = Math.max(1, Math.min(maxBatch, enoughToGo));
        this.returnsTimer = returnsTimer;
        this.nanoClock = nanoClock;
    }

    /**
     * The same group commit, where a request that finds the store idle waits for {@code afterLinger} to run what it is
     * given (a timer) before its flush starts; {@code enoughToGo} requests waiting (at most a full batch) start it at
     * once, which bounds how many wait.
     */
    GroupCommit<Q, R> lingering(Consumer<Runnable> afterLinger, int enoughToGo) {
        return new GroupCommit<>(
                batch, single, key, maxBatch, enabled, afterLinger, enoughToGo, returnsTimer, nanoClock);
    }

    /**
     * The same group commit, where a flush of four or more requests that returns to fewer than half as many queued
     * makes the next one wait for its callers to come back: until half as many are queued, or for half as long as the
     * flush took ({@code delays} runs the end of the wait; {@code nanoClock} times the flushes).
     */
    GroupCommit<Q, R> awaitingReturns(Delays delays, LongSupplier nanoClock) {
        return new GroupCommit<>(batch, single, key, maxBatch, enabled, afterLinger, enoughToGo, delays, nanoClock);
    }

    Future<R> submit(Q request) {
        if (!enabled) {
            return single.apply(request);
        }
        Promise<R> promise = Promise.promise();
        boolean linger;
        synchronized (this) {
            queue.add(new Pending<>(request, promise, Tracing.current()));
            if (awaitedReturns > 0) {
                if (queue.size() < awaitedReturns) {
                    return promise.future(); // the next flush waits for more of the callers coming back
                }
                awaitedReturns = 0;
                linger = false;
            } else if (afterLinger == null || flushing || queue.size() >= enoughToGo) {
                linger = false;
            } else if (lingering) {
                return promise.future(); // the flush it waits for is already coming
            } else {
                linger = lingering = true;
            }
        }
        if (linger) {
            try {
                afterLinger.accept(this::lingered);
            } catch (RuntimeException e) { // no timer (Vert.x closing): nothing may wait for one
                lingered();
            }
        } else {
            flushIfIdle();
        }
        return promise.future();
    }

    private void lingered() {
        synchronized (this) {
            lingering = false;
        }
        flushIfIdle();
    }

    private void flushIfIdle() {
        List<Pending<Q, R>> taken = new ArrayList<>();
        synchronized (this) {
            if (flushing || awaitedReturns > 0 || queue.isEmpty()) {
                return;
            }
            flushing = true;
            Set<Object> keys = new HashSet<>();
            // a batch ends before the first request for a row already in it, so every request still goes in the
            // order it came, and that one sees the earlier committed
            while (!queue.isEmpty()
                    && taken.size() < maxBatch
                    && keys.add(key.apply(queue.peek().request()))) {
                taken.add(queue.poll());
            }
        }
        long sent = returnsTimer == null ? 0 : nanoClock.getAsLong();
        flush(taken).onComplete(done -> {
            if (returnsTimer == null) {
                done.result().run(); // the answers, then the next flush
                afterFlush(taken.size(), sent);
            } else {
                afterFlush(taken.size(), sent);
                done.result().run(); // the answers, once the next flush has left
            }
        });
    }

    /** After a flush of {@code size} requests sent at {@code sent}: the next flush now, or a wait for returns. */
    private void afterFlush(int size, long sent) {
        long wait = -1;
        synchronized (this) {
            flushing = false;
            if (returnsTimer != null && size >= SMALLEST_FLUSH_TO_WAIT_AFTER && queue.size() < size / 2) {
                awaitedReturns = size / 2;
                wait = ++waitGeneration;
            }
        }
        if (wait < 0) {
            flushIfIdle();
            return;
        }
        long endsWait = wait;
        try {
            returnsTimer.after(Math.max(1_000L, (nanoClock.getAsLong() - sent) / 2), () -> waited(endsWait));
        } catch (RuntimeException e) { // no timer (Vert.x closing): nothing may wait for one
            waited(endsWait);
        }
    }

    private void waited(long wait) {
        synchronized (this) {
            if (wait != waitGeneration || awaitedReturns == 0) {
                return; // ended already, by enough returns
            }
            awaitedReturns = 0;
        }
        flushIfIdle();
    }

    /**
     * Runs {@code taken} and completes with how to hand out its answers, which the caller runs once the next flush
     * has left; never fails. A replay answers each request as it goes, and then completes with nothing left to do.
     */
    private Future<Runnable> flush(List<Pending<Q, R>> taken) {
        Span span = flushSpan(taken);
        if (span == null) {
            return flushTaken(taken);
        }
        Future<Runnable> flushed;
        try (Scope ignored = span.makeCurrent()) { // the statements' own spans go under the flush
            flushed = flushTaken(taken);
        }
        return flushed.onComplete(done -> span.end());
    }

    /**
     * With tracing on, a span for a flush that carries any traced request: under the first such request's trace,
     * linked to the others', with the batch size; null otherwise (background work, tracing off).
     */
    private static <Q, R> Span flushSpan(List<Pending<Q, R>> taken) {
        if (!Tracing.on()) {
            return null;
        }
        List<Context> traced = new ArrayList<>(0);
        for (Pending<Q, R> pending : taken) {
            if (pending.trace() != null
                    && Span.fromContext(pending.trace()).getSpanContext().isValid()) {
                traced.add(pending.trace());
            }
        }
        if (traced.isEmpty()) {
            return null;
        }
        Span span = Tracing.start("store flush", SpanKind.INTERNAL, traced.get(0), traced.subList(1, traced.size()));
        span.setAttribute(Tracing.BATCH_SIZE, (long) taken.size());
        span.setAttribute(
                "walletpay.store.request", taken.get(0).request().getClass().getSimpleName());
        return span;
    }

    private Future<Runnable> flushTaken(List<Pending<Q, R>> taken) {
        if (taken.size() == 1) {
            Pending<Q, R> only = taken.get(0);
            return run(single, only.request()).transform(outcome -> Future.succeededFuture(() -> only.settle(outcome)));
        }
        List<Q> requests = new ArrayList<>(taken.size());
        taken.forEach(pending -> requests.add(pending.request()));
        return run(batch, requests).transform(outcome -> {
            if (outcome.succeeded()
                    && outcome.result() != null
                    && outcome.result().size() == taken.size()) {
                List<R> results = outcome.result();
                return Future.succeededFuture(() -> {
                    for (int i = 0; i < taken.size(); i++) {
                        taken.get(i).promise().complete(results.get(i));
                    }
                });
            }
            // one row broke the batch (or the batch answered the wrong count): each request alone, its own answer,
            // each after the previous answered, so they apply in the order they came as one by one would
            Future<Void> replay = Future.succeededFuture();
            for (Pending<Q, R> pending : taken) {
                replay = replay.compose(previous -> alone(pending));
            }
            return replay.map(NOTHING_LEFT_TO_ANSWER);
        });
    }

    private static <T, U> Future<U> run(Function<T, Future<U>> statement, T request) {
        try {
            return statement.apply(request);
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }

    private Future<Void> alone(Pending<Q, R> pending) {
        return run(single, pending.request()).transform(outcome -> {
            pending.settle(outcome);
            return Future.<Void>succeededFuture();
        });
    }
}
