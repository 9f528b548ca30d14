package io.walletpay.loadtest;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * One run from start to summary: receiver and credentials, the lanes that drive the load, waiting for the last
 * answers and webhooks, the figures, and putting things back.
 */
final class LoadRun {

    // Time for the lanes to deploy before the first request is due.
    private static final long START_DELAY_MS = 250;
    private static final long POLL_MS = 20;
    private static final int MAX_RECEIVER_INSTANCES = 4;
    private static final long STALL_MARGIN_MS = 10_000;

    private final Vertx vertx;
    private final LoadTestOptions options;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);
    private final OperationStats create = new OperationStats();
    private final OperationStats pay;
    private final WebhookVerifier webhooks;
    private final CpuMeter cpu;
    private TargetClient client;
    private MerchantSetup setup;
    private ProgressLine progress;
    private PaymentFlow flow;
    private RunClock clock;
    private String lanes;
    private RateSchedule schedule;
    private Future<Void> cleaning;
    /** The set-up under way or done; an interruption waits for it, since it may have changed the merchant. */
    private volatile Future<Void> preparing;

    private LoadRun(Vertx vertx, LoadTestOptions options) {
        this.vertx = vertx;
        this.options = options;
        this.pay = options.pay() ? new OperationStats() : null;
        this.webhooks = options.verifyWebhooks() ? new WebhookVerifier() : null;
        this.cpu = new CpuMeter(options.servicePids());
    }

    /** A run not started yet: {@link #run} starts it, {@link #interrupted} puts things back should it be cut short. */
    static LoadRun prepared(Vertx vertx, LoadTestOptions options) {
        return new LoadRun(vertx, options);
    }

    /** Runs the whole test; fails with a {@link SetupException} when it could not begin. */
    Future<Summary> run() {
        preparing = prepare();
        return preparing.compose(ready -> drive()).compose(driven -> settle()).transform(outcome -> cleanUp()
                .transform(done -> outcome.succeeded()
                        ? Future.succeededFuture(outcome.result())
                        : Future.failedFuture(outcome.cause())));
    }

    /**
     * The process is stopping before the run ended (Ctrl-C, SIGTERM): what the run changed on the target is put
     * back (an existing merchant's webhook URL) by the run's one clean-up, waiting at most {@code waitMs}; says so
     * when that was not enough.
     */
    void interrupted(long waitMs) {
        System.err.println("loadtest: stopped before its end; putting back what the run changed");
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        vertx.runOnContext(go -> cleanUp().onComplete(cleaned -> done.complete(true)));
        if (!done.completeOnTimeout(false, waitMs, TimeUnit.MILLISECONDS).join()) {
            System.err.println("loadtest: the clean-up did not finish within " + waitMs + " ms: check the merchant's"
                    + " webhook_url in its settings");
        }
    }

    private Future<Void> prepare() {
        client = TargetClient.create(vertx, options);
        Future<String> receiver = webhooks == null
                ? Future.succeededFuture(null)
                : webhooks.listen(vertx, options.webhookPort(), Math.min(MAX_RECEIVER_INSTANCES, options.eventLoops()))
                        .map(port -> "http://" + urlHost(options.webhookHost()) + ":" + port)
                        .recover(failure ->
                                Future.failedFuture(new SetupException("the webhook receiver could not listen on "
                                        + "port " + options.webhookPort() + ": " + failure.getMessage())));
        return receiver.compose(url -> MerchantSetup.open(vertx, client, options, runId, url))
                .map(opened -> {
                    setup = opened;
                    if (webhooks != null) {
                        opened.merchants().forEach(webhooks::trust);
                    }
                    return null;
                });
    }

    private Future<Void> drive() {
        if (cleaningStarted()) {
            return Future.failedFuture(new IllegalStateException("stopped before the run began"));
        }
        clock = RunClock.startingIn(START_DELAY_MS, options.warmupSeconds(), options.durationSeconds());
        flow = new PaymentFlow(client, setup.merchants(), clock, runId, create, pay, webhooks);
        if (options.progress()) {
            progress = new ProgressLine(vertx, clock, create, pay, webhooks, System.err);
            progress.start();
        }
        int count = options.eventLoops();
        long lastDueMs = (clock.end() - System.nanoTime()) / 1_000_000;
        // the CPU both processes spend in the measured window, the same window the figures count
        long warmupEndMs = Math.max(1, (clock.warmupEnd() - System.nanoTime()) / 1_000_000);
        vertx.setTimer(warmupEndMs, started -> cpu.start());
        vertx.setTimer(Math.max(1, lastDueMs), ended -> cpu.stop());
        Future<Void> driven = options.openLoop() ? openLoop(count) : closedLoop(count);
        return driven.timeout(lastDueMs + 2 * options.timeoutMs() + STALL_MARGIN_MS, TimeUnit.MILLISECONDS)
                .recover(stalled -> Future.failedFuture(new IllegalStateException(
                        "the load generator did not finish its schedule: " + stalled.getMessage(), stalled)));
    }

    private Future<Void> openLoop(int count) {
        List<RateLane> rateLanes = new CopyOnWriteArrayList<>();
        return vertx.deployVerticle(
                        () -> {
                            RateLane lane = new RateLane(flow, options.maxOutstanding());
                            rateLanes.add(lane);
                            return lane;
                        },
                        new DeploymentOptions().setInstances(count))
                .compose(id -> {
                    lanes = id;
                    schedule = new RateSchedule(clock, options.rate(), List.copyOf(rateLanes));
                    return schedule.start();
                });
    }

    private Future<Void> closedLoop(int count) {
        List<Promise<Void>> finished = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            finished.add(Promise.promise());
        }
        AtomicInteger lane = new AtomicInteger();
        return vertx.deployVerticle(
                        () -> {
                            int index = lane.getAndIncrement();
                            int workers =
                                    options.concurrency() / count + (index < options.concurrency() % count ? 1 : 0);
                            return new ConcurrencyLane(workers, clock, flow, finished.get(index));
                        },
                        new DeploymentOptions().setInstances(count))
                .compose(id -> {
                    lanes = id;
                    return Future.all(finished.stream().map(Promise::future).toList());
                })
                .mapEmpty();
    }

    /** Waits for the last answers (each bounded by --timeout) and then the last webhooks, and sums up. */
    private Future<Summary> settle() {
        return awaitCondition(() -> flow.outstanding() == 0, 2 * options.timeoutMs() + 5_000)
                .compose(answered -> webhooks == null
                        ? Future.succeededFuture()
                        : awaitCondition(
                                () -> webhooks.pending() == 0, Math.round(options.webhookWaitSeconds() * 1000)))
                .map(done -> {
                    cpu.stop();
                    double seconds = clock.measuredSeconds();
                    return new Summary(
                            options.mode(),
                            options.target(),
                            seconds,
                            options.warmupSeconds(),
                            options.rate(),
                            options.concurrency(),
                            options.connections(),
                            create.result(seconds),
                            pay == null ? null : pay.result(seconds),
                            webhooks == null ? null : webhooks.result(),
                            cpu.spent().orElse(null));
                });
    }

    /** Whether the clean-up below has begun. */
    private synchronized boolean cleaningStarted() {
        return cleaning != null;
    }

    /**
     * Stops the run and puts back what it changed, once: the run's end and an interruption may both ask, and both
     * get the same clean-up, so the run does not end (and close its Vert.x) before what it changed is back.
     */
    private synchronized Future<Void> cleanUp() {
        if (cleaning == null) {
            cleaning = stopAndPutBack();
        }
        return cleaning;
    }

    private Future<Void> stopAndPutBack() {
        if (progress != null) {
            progress.stop();
        }
        if (schedule != null) {
            schedule.stop();
        }
        Future<Void> prepared = preparing == null ? Future.succeededFuture() : preparing.otherwiseEmpty();
        return prepared.transform(ready -> lanes == null ? Future.succeededFuture() : vertx.undeploy(lanes))
                .transform(x -> setup == null ? Future.succeededFuture() : setup.close())
                .transform(x -> client == null ? Future.succeededFuture() : client.close())
                .transform(x -> Future.succeededFuture());
    }

    private Future<Void> awaitCondition(BooleanSupplier condition, long timeoutMs) {
        if (condition.getAsBoolean()) {
            return Future.succeededFuture();
        }
        Promise<Void> met = Promise.promise();
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        vertx.setPeriodic(POLL_MS, id -> {
            if (condition.getAsBoolean() || System.nanoTime() > deadline) {
                vertx.cancelTimer(id);
                met.tryComplete();
            }
        });
        return met.future();
    }

    private static String urlHost(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
