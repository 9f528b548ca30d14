package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

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
 */
final class GroupCommit<Q, R> {

    private record Pending<Q, R>(Q request, Promise<R> promise) {}

    private final Function<List<Q>, Future<List<R>>> batch;
    private final Function<Q, Future<R>> single;
    private final Function<Q, Object> key;
    private final int maxBatch;
    private final boolean enabled;
    private final Consumer<Runnable> afterLinger;
    private final int enoughToGo;
    private final ArrayDeque<Pending<Q, R>> queue = new ArrayDeque<>();
    private boolean flushing;
    private boolean lingering;

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
        this(batch, single, key, maxBatch, enabled, null, maxBatch);
    }

    private GroupCommit(
            Function<List<Q>, Future<List<R>>> batch,
            Function<Q, Future<R>> single,
            Function<Q, Object> key,
            int maxBatch,
            boolean enabled,
            Consumer<Runnable> afterLinger,
            int enoughToGo) {
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
    }

    /**
     * The same group commit, where a request that finds the store idle waits for {@code afterLinger} to run what it is
     * given (a timer) before its flush starts; {@code enoughToGo} requests waiting (at most a full batch) start it at
     * once, which bounds how many wait.
     */
    GroupCommit<Q, R> lingering(Consumer<Runnable> afterLinger, int enoughToGo) {
        return new GroupCommit<>(batch, single, key, maxBatch, enabled, afterLinger, enoughToGo);
    }

    Future<R> submit(Q request) {
        if (!enabled) {
            return single.apply(request);
        }
        Promise<R> promise = Promise.promise();
        boolean linger;
        synchronized (this) {
            queue.add(new Pending<>(request, promise));
            if (afterLinger == null || flushing || queue.size() >= enoughToGo) {
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
            if (flushing || queue.isEmpty()) {
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
        flush(taken).onComplete(done -> {
            synchronized (this) {
                flushing = false;
            }
            flushIfIdle();
        });
    }

    /** Completes when every request of {@code taken} has its answer; never fails. */
    private Future<Void> flush(List<Pending<Q, R>> taken) {
        if (taken.size() == 1) {
            return alone(taken.get(0));
        }
        List<Q> requests = new ArrayList<>(taken.size());
        taken.forEach(pending -> requests.add(pending.request()));
        Future<List<R>> results;
        try {
            results = batch.apply(requests);
        } catch (RuntimeException e) {
            results = Future.failedFuture(e);
        }
        return results.transform(outcome -> {
            if (outcome.succeeded() && outcome.result().size() == taken.size()) {
                for (int i = 0; i < taken.size(); i++) {
                    taken.get(i).promise().complete(outcome.result().get(i));
                }
                return Future.succeededFuture();
            }
            // one row broke the batch (or the batch answered the wrong count): each request alone, its own answer,
            // each after the previous answered, so they apply in the order they came as one by one would
            Future<Void> replay = Future.succeededFuture();
            for (Pending<Q, R> pending : taken) {
                replay = replay.compose(previous -> alone(pending));
            }
            return replay;
        });
    }

    private Future<Void> alone(Pending<Q, R> pending) {
        Future<R> result;
        try {
            result = single.apply(pending.request());
        } catch (RuntimeException e) {
            result = Future.failedFuture(e);
        }
        return result.transform(outcome -> {
            if (outcome.succeeded()) {
                pending.promise().complete(outcome.result());
            } else {
                pending.promise().fail(outcome.cause());
            }
            return Future.<Void>succeededFuture();
        });
    }
}
