package io.walletpay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The batcher alone, with flushes the test completes by hand, so "in flight" is exact rather than timed. */
class GroupCommitTest {

    private final List<List<Integer>> batches = new ArrayList<>();
    private final List<Promise<List<String>>> batchAnswers = new ArrayList<>();
    private final List<Integer> singles = new ArrayList<>();

    private Future<List<String>> batch(List<Integer> requests) {
        batches.add(List.copyOf(requests));
        Promise<List<String>> answer = Promise.promise();
        batchAnswers.add(answer);
        return answer.future();
    }

    private Future<String> single(Integer request) {
        singles.add(request);
        return request < 0
                ? Future.failedFuture(new IllegalStateException("bad " + request))
                : Future.succeededFuture("r" + request);
    }

    private GroupCommit<Integer, String> commit(int maxBatch, boolean enabled) {
        return new GroupCommit<>(this::batch, this::single, maxBatch, enabled);
    }

    private static List<String> answers(List<Integer> requests) {
        return requests.stream().map(r -> "b" + r).toList();
    }

    @Test
    void aLoneRequestRunsAtOnceOneByOne() {
        Future<String> result = commit(10, true).submit(1);

        assertThat(result.result()).isEqualTo("r1");
        assertThat(singles).containsExactly(1);
        assertThat(batches).isEmpty();
    }

    @Test
    void requestsQueuedDuringAFlushGoTogetherInTheNextOne() {
        List<Integer> held = new ArrayList<>();
        GroupCommit<Integer, String> commit = new GroupCommit<>(
                this::batch,
                request -> {
                    held.add(request);
                    Promise<String> answer = Promise.promise();
                    pendingSingle = answer;
                    return answer.future();
                },
                10,
                true);

        Future<String> first = commit.submit(1);
        Future<String> second = commit.submit(2);
        Future<String> third = commit.submit(3);
        assertThat(held).containsExactly(1);
        assertThat(batches).isEmpty();

        pendingSingle.complete("r1");
        assertThat(first.result()).isEqualTo("r1");
        assertThat(batches).containsExactly(List.of(2, 3));

        batchAnswers.get(0).complete(answers(List.of(2, 3)));
        assertThat(second.result()).isEqualTo("b2");
        assertThat(third.result()).isEqualTo("b3");
    }

    private Promise<String> pendingSingle;

    @Test
    void aBatchNeverExceedsItsMaximum() {
        GroupCommit<Integer, String> commit = new GroupCommit<>(
                this::batch,
                request -> {
                    Promise<String> answer = Promise.promise();
                    pendingSingle = answer;
                    return answer.future();
                },
                2,
                true);
        commit.submit(0);
        List<Future<String>> rest = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            rest.add(commit.submit(i));
        }

        pendingSingle.complete("r0");
        assertThat(batches).containsExactly(List.of(1, 2));
        batchAnswers.get(0).complete(answers(List.of(1, 2)));
        assertThat(batches).containsExactly(List.of(1, 2), List.of(3, 4));
        batchAnswers.get(1).complete(answers(List.of(3, 4)));
        // the last one is alone in its flush: one-by-one
        assertThat(batches).hasSize(2);
        pendingSingle.complete("r5");
        assertThat(rest.stream().map(Future::result)).containsExactly("b1", "b2", "b3", "b4", "r5");
    }

    @Test
    void aFailingBatchIsReplayedOneByOneSoOnlyTheBadRowFails() {
        GroupCommit<Integer, String> commit = new GroupCommit<>(
                this::batch,
                request -> {
                    if (request == 0) {
                        Promise<String> answer = Promise.promise();
                        pendingSingle = answer;
                        return answer.future();
                    }
                    return single(request);
                },
                10,
                true);
        commit.submit(0);
        Future<String> good = commit.submit(7);
        Future<String> bad = commit.submit(-1);
        Future<String> alsoGood = commit.submit(8);

        pendingSingle.complete("r0");
        batchAnswers.get(0).fail(new IllegalStateException("unique violation in one row"));

        assertThat(good.result()).isEqualTo("r7");
        assertThat(alsoGood.result()).isEqualTo("r8");
        assertThat(bad.failed()).isTrue();
        assertThat(bad.cause()).hasMessage("bad -1");
    }

    @Test
    void switchedOffEveryRequestRunsAlone() {
        GroupCommit<Integer, String> commit = commit(10, false);

        assertThat(commit.submit(1).result()).isEqualTo("r1");
        assertThat(commit.submit(2).result()).isEqualTo("r2");
        assertThat(batches).isEmpty();
        assertThat(singles).containsExactly(1, 2);
    }

    @Test
    void aBatchEndsBeforeASecondRequestForTheSameRowSoAllGoInTheOrderTheyCame() {
        // key: the value modulo 10, so 11 and 21 write the same row as 1
        GroupCommit<Integer, String> commit = new GroupCommit<>(
                this::batch,
                request -> {
                    Promise<String> answer = Promise.promise();
                    pendingSingle = answer;
                    return answer.future();
                },
                request -> request % 10,
                10,
                true);
        commit.submit(0);
        List<Future<String>> rest = new ArrayList<>();
        for (int request : List.of(1, 2, 11, 3, 21, 12, 4)) {
            rest.add(commit.submit(request));
        }

        pendingSingle.complete("r0");
        assertThat(batches).containsExactly(List.of(1, 2));
        batchAnswers.get(0).complete(answers(List.of(1, 2)));
        assertThat(batches).containsExactly(List.of(1, 2), List.of(11, 3));
        batchAnswers.get(1).complete(answers(List.of(11, 3)));
        assertThat(batches).containsExactly(List.of(1, 2), List.of(11, 3), List.of(21, 12, 4));
        batchAnswers.get(2).complete(answers(List.of(21, 12, 4)));
        assertThat(rest.stream().map(Future::result)).containsExactly("b1", "b2", "b11", "b3", "b21", "b12", "b4");
    }

    /** The lingering flushes, waiting to be run by hand: the timer of the test. */
    private final List<Runnable> lingers = new ArrayList<>();

    @Test
    void lingeringALoneRequestWaitsForCompanyAndGoesWithIt() {
        GroupCommit<Integer, String> commit = commit(10, true).lingering(lingers::add, 10);

        Future<String> first = commit.submit(1);
        Future<String> second = commit.submit(2);
        assertThat(lingers).hasSize(1); // one timer for both
        assertThat(singles).isEmpty();
        assertThat(batches).isEmpty();

        lingers.get(0).run();
        assertThat(batches).containsExactly(List.of(1, 2));
        batchAnswers.get(0).complete(answers(List.of(1, 2)));
        assertThat(first.result()).isEqualTo("b1");
        assertThat(second.result()).isEqualTo("b2");

        Future<String> later = commit.submit(3);
        assertThat(lingers).hasSize(2);
        lingers.get(1).run();
        assertThat(later.result()).isEqualTo("r3"); // alone after its wait: one by one
    }

    @Test
    void lingeringEnoughWaitingGoAtOnceAndWhatQueuesBehindAFlushWaitsOnlyForIt() {
        GroupCommit<Integer, String> commit = commit(10, true).lingering(lingers::add, 3);

        List<Future<String>> results = new ArrayList<>();
        for (int request = 1; request <= 4; request++) {
            results.add(commit.submit(request));
        }
        assertThat(batches).containsExactly(List.of(1, 2, 3)); // enough: no wait for the timer
        assertThat(lingers).hasSize(1);

        batchAnswers.get(0).complete(answers(List.of(1, 2, 3)));
        // 4 queued behind the flush: it goes as soon as the flush returns, not when the timer fires
        assertThat(results.get(3).result()).isEqualTo("r4");
        lingers.get(0).run(); // the timer fires with nothing left to do
        assertThat(batches).hasSize(1);
        assertThat(singles).containsExactly(4);
        assertThat(results.stream().map(Future::result)).containsExactly("b1", "b2", "b3", "r4");
    }

    @Test
    void lingeringWithoutATimerNothingWaits() {
        GroupCommit<Integer, String> commit = commit(10, true)
                .lingering(
                        flush -> {
                            throw new IllegalStateException("closing");
                        },
                        10);

        assertThat(commit.submit(1).result()).isEqualTo("r1");
        assertThat(commit.submit(2).result()).isEqualTo("r2");
        assertThat(singles).containsExactly(1, 2);
    }

    @Test
    void awaitingReturnsTheNextFlushLeavesBeforeTheAnswersOfTheLastOne() {
        Promise<String> held = Promise.promise();
        GroupCommit<Integer, String> commit = new GroupCommit<>(
                        this::batch, request -> request == 1 ? held.future() : single(request), 10, true)
                .awaitingReturns((nanos, action) -> waits.add(action), () -> now);
        List<Integer> sentWhenAnswered = new ArrayList<>();

        commit.submit(1).onComplete(answered -> sentWhenAnswered.add(batches.size()));
        Future<String> second = commit.submit(2);
        second.onComplete(answered -> sentWhenAnswered.add(batches.size()));
        commit.submit(3);
        held.complete("r1");
        commit.submit(4);
        commit.submit(5);
        batchAnswers.get(0).complete(answers(List.of(2, 3)));

        // [2, 3] had left when 1 got its answer, and [4, 5] when 2 got its own
        assertThat(sentWhenAnswered).containsExactly(1, 2);
        assertThat(batches).containsExactly(List.of(2, 3), List.of(4, 5));
        assertThat(second.result()).isEqualTo("b2");
    }

    @Test
    void otherwiseAFlushsAnswersGoBeforeTheNextFlushLeaves() {
        Promise<String> held = Promise.promise();
        GroupCommit<Integer, String> commit =
                new GroupCommit<>(this::batch, request -> request == 1 ? held.future() : single(request), 10, true);
        List<Integer> sentWhenAnswered = new ArrayList<>();

        commit.submit(1).onComplete(answered -> sentWhenAnswered.add(batches.size()));
        commit.submit(2);
        commit.submit(3);
        held.complete("r1");

        assertThat(sentWhenAnswered).containsExactly(0);
        assertThat(batches).containsExactly(List.of(2, 3));
    }

    /** The waits for returns, waiting to be run by hand, and their delays: the timer of the test. */
    private final List<Runnable> waits = new ArrayList<>();

    private final List<Long> waitNanos = new ArrayList<>();

    /** The clock of the test, in nanoseconds. */
    private long now;

    /** Request 0, alone, is held until the test completes this: what comes meanwhile queues and goes together. */
    private final Promise<String> firstHeld = Promise.promise();

    private GroupCommit<Integer, String> awaitingReturns(GroupCommit.Delays delays) {
        return new GroupCommit<>(this::batch, request -> request == 0 ? firstHeld.future() : single(request), 10, true)
                .awaitingReturns(delays, () -> now);
    }

    private GroupCommit<Integer, String> awaitingReturns() {
        return awaitingReturns((nanos, action) -> {
            waitNanos.add(nanos);
            waits.add(action);
        });
    }

    /** Requests 1 to {@code n} go as one flush, which is then in flight. */
    private List<Future<String>> inFlight(GroupCommit<Integer, String> commit, int n) {
        commit.submit(0);
        List<Future<String>> results = new ArrayList<>();
        for (int request = 1; request <= n; request++) {
            results.add(commit.submit(request));
        }
        firstHeld.complete("r0");
        assertThat(batches.get(batches.size() - 1)).hasSize(n);
        return results;
    }

    @Test
    void aBusyFlushReturningToFewQueuedMakesTheNextWaitForHalfItsCallers() {
        GroupCommit<Integer, String> commit = awaitingReturns();
        List<Future<String>> four = inFlight(commit, 4);

        now = 8_000_000; // the flush took 8 ms
        batchAnswers.get(0).complete(answers(List.of(1, 2, 3, 4)));
        assertThat(four.stream().map(Future::result)).containsExactly("b1", "b2", "b3", "b4");
        assertThat(waitNanos).containsExactly(4_000_000L); // at most half as long as the flush took

        Future<String> fifth = commit.submit(5);
        assertThat(batches).hasSize(1); // one caller back: the next flush waits for another
        assertThat(singles).isEmpty();
        Future<String> sixth = commit.submit(6);
        assertThat(batches).containsExactly(List.of(1, 2, 3, 4), List.of(5, 6)); // half are back: it goes

        batchAnswers.get(1).complete(answers(List.of(5, 6)));
        assertThat(fifth.result()).isEqualTo("b5");
        assertThat(sixth.result()).isEqualTo("b6");
    }

    @Test
    void aWaitForReturnsEndsWhenItsTimeIsUp() {
        GroupCommit<Integer, String> commit = awaitingReturns();
        inFlight(commit, 6);
        batchAnswers.get(0).complete(answers(List.of(1, 2, 3, 4, 5, 6)));

        Future<String> seventh = commit.submit(7);
        Future<String> eighth = commit.submit(8);
        assertThat(seventh.isComplete()).isFalse(); // two of six back: it waits for a third
        assertThat(batches).hasSize(1);
        assertThat(waitNanos).containsExactly(1_000L); // a flush that took no time: the shortest wait

        waits.get(0).run();
        assertThat(batches).containsExactly(List.of(1, 2, 3, 4, 5, 6), List.of(7, 8));
        batchAnswers.get(1).complete(answers(List.of(7, 8)));
        assertThat(eighth.result()).isEqualTo("b8");
    }

    @Test
    void theTimerOfAWaitEndedByReturnsDoesNotEndALaterWait() {
        GroupCommit<Integer, String> commit = awaitingReturns();
        inFlight(commit, 8);
        batchAnswers.get(0).complete(answers(List.of(1, 2, 3, 4, 5, 6, 7, 8))); // the first wait, for four
        for (int request = 11; request <= 14; request++) {
            commit.submit(request);
        }
        assertThat(batches).containsExactly(List.of(1, 2, 3, 4, 5, 6, 7, 8), List.of(11, 12, 13, 14));
        batchAnswers.get(1).complete(answers(List.of(11, 12, 13, 14))); // the second wait, for two

        waits.get(0).run(); // the first wait's timer
        Future<String> lone = commit.submit(15);
        assertThat(lone.isComplete()).isFalse(); // still waiting for a second caller
        assertThat(singles).isEmpty();

        waits.get(1).run();
        assertThat(lone.result()).isEqualTo("r15");
    }

    @Test
    void aFlushOfThreeNeverMakesTheNextWait() {
        GroupCommit<Integer, String> commit = awaitingReturns();
        inFlight(commit, 3);
        batchAnswers.get(0).complete(answers(List.of(1, 2, 3)));

        assertThat(commit.submit(4).result()).isEqualTo("r4");
        assertThat(waits).isEmpty();
    }

    @Test
    void callersInALoopSettleIntoHalvesInsteadOfOneAndAllTheRest() {
        List<Integer> sizes = new ArrayList<>();
        List<Runnable> answerings = new ArrayList<>(); // one per flush, in the order they left
        GroupCommit<Integer, String> commit = new GroupCommit<Integer, String>(
                        requests -> {
                            sizes.add(requests.size());
                            Promise<List<String>> answer = Promise.promise();
                            answerings.add(() -> answer.complete(answers(requests)));
                            return answer.future();
                        },
                        request -> {
                            sizes.add(1);
                            Promise<String> answer = Promise.promise();
                            answerings.add(() -> answer.complete("r" + request));
                            return answer.future();
                        },
                        10,
                        true)
                .awaitingReturns((nanos, action) -> waits.add(action), () -> now);
        // eight callers, each sending its next request as soon as it has its answer
        int[] sent = {0};
        Runnable[] call = new Runnable[1];
        call[0] = () -> commit.submit(sent[0]++).onSuccess(answer -> call[0].run());
        for (int caller = 0; caller < 8; caller++) {
            call[0].run();
        }
        for (int flush = 0; flush < 10; flush++) {
            answerings.get(flush).run(); // the database answers each flush in turn
        }

        // without the wait: 1, 7, 1, 7, … (the one caller back first leaves alone, the seven wait behind it)
        assertThat(sizes.subList(0, 2)).containsExactly(1, 7);
        assertThat(sizes.subList(2, sizes.size())).hasSizeGreaterThan(8).allSatisfy(size -> assertThat(size)
                .isBetween(3, 5));
        // the flushes waited for returns, and the callers coming back ended every wait before its timer (never run)
        assertThat(waits).isNotEmpty();
    }

    @Test
    void aBusyFlushReturningToHalfItsCallersQueuedLetsTheNextGoAtOnce() {
        GroupCommit<Integer, String> commit = awaitingReturns();
        inFlight(commit, 4);
        commit.submit(5);
        commit.submit(6); // two queued behind the flush of four

        batchAnswers.get(0).complete(answers(List.of(1, 2, 3, 4)));
        assertThat(batches).containsExactly(List.of(1, 2, 3, 4), List.of(5, 6));
        assertThat(waits).isEmpty();
    }

    @Test
    void withoutATimerNothingWaitsForReturns() {
        GroupCommit<Integer, String> commit = awaitingReturns((nanos, action) -> {
            throw new IllegalStateException("closing");
        });
        inFlight(commit, 4);
        batchAnswers.get(0).complete(answers(List.of(1, 2, 3, 4)));

        assertThat(commit.submit(5).result()).isEqualTo("r5");
    }
}
