package io.walletpay.delivery;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.WakeUpMessages.LeasedDeliveries;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.error.ServiceException;
import io.walletpay.store.Database;
import io.walletpay.store.DeliveryStore;
import io.walletpay.store.PgDeliveryStore;
import io.walletpay.usecase.DeliverWebhook;
import io.walletpay.webhook.DueDelivery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends webhooks. The outbox rows in PostgreSQL are the truth. Rows this JVM's store wrote leased to this sender
 * arrive with their commit ({@link Addresses#DELIVERIES_LEASED}) and go out at once, without a claim; everything
 * else (retries, redeliveries, rows of other nodes, rows whose sender died) it claims: on start, on every poll tick
 * and on every wake-up (leased, SKIP LOCKED, so any number of instances in any number of JVMs never send one
 * attempt twice at once). Attempts run within a global in-flight limit (until their outcome is recorded) and a
 * per-merchant one (requests open at the merchant's endpoint, until it answers), so a slow merchant only ever holds
 * its own slots; a leased row whose merchant has no free slot waits here for one, and is given back for claiming if
 * it waits for half its lease (less when the rest of the lease would not cover a whole attempt).
 */
public final class WebhookVerticle extends VerticleBase {

    private static final Logger log = LoggerFactory.getLogger(WebhookVerticle.class);
    private static final int MAX_CLAIM = 200;
    /**
     * Handed-over rows that may wait here per {@code webhooks.max_in_flight} slot, and at most. A row given back
     * waits in the outbox behind every row handed over after it (the queue here is served first), so a short cap
     * would turn every burst into a long tail. A waiting row costs its body, a few hundred bytes; how long it may
     * wait is {@link #maxWaitNanos}.
     */
    private static final int WAITING_PER_SLOT = 16;

    private static final int MAX_WAITING = 16_384;

    /**
     * How long an attempt's record that finds none in flight waits for others to share its statement and commit. At
     * a few hundred webhooks a second records rarely overlap, and each alone would be a statement, a round trip, a
     * commit and a wake-up of its own; held this long they go in batches, the same as under load. The delivery log
     * shows an attempt this much later; the endpoint's slot is free as soon as it answers, the sender's own slot
     * once the record is written, so at most a quarter of the sender's slots wait ({@link #RECORDS_WAITING_PER_SLOTS}).
     */
    static final long RECORD_LINGER_MS = 20;

    /** Records waiting that start their flush at once: one per this many of {@code webhooks.max_in_flight}. */
    static final int RECORDS_WAITING_PER_SLOTS = 4;

    private final DatabaseTarget target;
    private final AppConfig config;
    private final Map<UUID, Integer> inFlightByMerchant = new HashMap<>();
    private final WaitingRows waiting = new WaitingRows();
    /** Attempts whose request is open at the merchant's endpoint (counted in {@code inFlightByMerchant}). */
    private final Set<UUID> atEndpoint = new HashSet<>();

    private Database database;
    private DeliveryStore store;
    private WebhookSender sender;
    private WebhookMetrics metrics;
    private DeliverWebhook deliverWebhook;
    private long poller;
    private GaugeRefresher gaugeRefresher;
    private int inFlight;
    private boolean claiming;
    private boolean claimAgain;
    /**
     * Whether the database may hold due rows this sender could take now. A finished attempt claims only then: with
     * the rows handed over at their commit, claiming after every attempt would mostly find nothing.
     */
    private boolean backlog = true;

    /**
     * How long a handed-over row may wait here: half its lease, and never so long that the rest of the lease would
     * not cover a whole attempt (else the lease could end mid-attempt and another sender send it too).
     */
    private long maxWaitNanos;

    private int maxWaiting;
    private boolean stopping;
    private Promise<Void> drained;
    private Future<Void> givenBack = Future.succeededFuture();

    private final MeterRegistry registry;

    /** How the composition root makes this sender's use case over the sender's own endpoint, log and metrics. */
    @FunctionalInterface
    public interface Delivering {
        DeliverWebhook over(
                DeliverWebhook.Endpoint endpoint, DeliverWebhook.DeliveryLog log, DeliverWebhook.Measurements metrics);
    }

    private final Delivering delivering;

    public WebhookVerticle(DatabaseTarget target, AppConfig config, MeterRegistry registry, Delivering delivering) {
        this.target = target;
        this.config = config;
        this.registry = registry;
        this.delivering = delivering;
    }

    @Override
    public Future<?> start() {
        database = Database.connect(
                vertx, target, config.db(), "webhook", 4 * config.webhooks().instances());
        // its own connections and store on its own event loop: claims and records group-commit here, apart from
        // the payments' store
        store = PgDeliveryStore.forSender(
                database,
                config.db().groupCommit().on(),
                flush -> vertx.setTimer(RECORD_LINGER_MS, fired -> flush.run()),
                config.webhooks().maxInFlight() / RECORDS_WAITING_PER_SLOTS);
        maxWaitNanos = maxWaitNanos(config.webhooks());
        maxWaiting = Math.min(MAX_WAITING, WAITING_PER_SLOT * config.webhooks().maxInFlight());
        sender = new WebhookSender(vertx, config);
        metrics = new WebhookMetrics(registry);
        // the endpoint's slot frees when it answers; recording the outcome holds only the sender's overall one
        deliverWebhook = delivering.over(
                delivery -> sender.attempt(delivery).andThen(answered -> endpointDone(delivery)),
                store::record,
                metrics);
        // claims start once the connections are open; a database not reachable yet is retried by the ticks below
        return database.open()
                .onFailure(
                        failure -> log.warn("database not reachable yet, webhooks wait for it: {}", failure.toString()))
                .recover(failure -> Future.succeededFuture())
                .onSuccess(opened -> begin());
    }

    private void begin() {
        vertx.eventBus().<LeasedDeliveries>localConsumer(Addresses.DELIVERIES_LEASED, message -> {
            take(message.body().deliveries());
            message.reply(null); // taken: the store need not give them back
        });
        vertx.eventBus().consumer(Addresses.PAYMENT_UPDATED, message -> wake());
        vertx.eventBus().consumer(Addresses.DELIVERIES_DUE, message -> wake());
        poller = vertx.setPeriodic(config.webhooks().pollIntervalMs(), tick -> {
            giveBackStale();
            wake();
        });
        gaugeRefresher = new GaugeRefresher(
                vertx, store, BacklogGauges.of(registry), config.webhooks().failingAfterHours());
        gaugeRefresher.start();
        wake(); // whatever was due before this start, including rows a crashed sender had leased
    }

    /**
     * Stops claiming, gives back the leased rows still waiting for a slot, lets in-flight attempts finish (their
     * leases would bring them back anyway), then closes.
     */
    @Override
    public Future<?> stop() {
        stopping = true;
        vertx.cancelTimer(poller);
        if (gaugeRefresher != null) { // null when begin() failed before making it
            gaugeRefresher.stop();
        }
        giveBack(waiting.takeAll());
        drained = Promise.promise();
        drainedWhenIdle();
        // an attempt may resolve its host (within the connect timeout) before its request's own deadline, then
        // linger before its record goes: past all of that, what is still out will come back through its lease
        long graceMs =
                config.webhooks().connectTimeoutMs() + config.webhooks().requestTimeoutMs() + 1_000L + RECORD_LINGER_MS;
        long grace = vertx.setTimer(graceMs, fired -> drained.tryComplete());
        return drained.future()
                .andThen(done -> vertx.cancelTimer(grace))
                .compose(done -> givenBack)
                .compose(done -> sender.close())
                .compose(done -> database.close());
    }

    /** Half the lease, less when the rest of it would not cover a whole attempt and a second to spare. */
    private static long maxWaitNanos(AppConfig.Webhooks webhooks) {
        long leaseMs = webhooks.leaseSeconds() * 1000L;
        long attemptMs = webhooks.connectTimeoutMs() + webhooks.requestTimeoutMs() + 1_000L;
        return 1_000_000L * Math.max(0, Math.min(leaseMs / 2, leaseMs - attemptMs));
    }

    /** Due rows may be waiting in the database (a tick, a redelivery, another node's payment): claim them. */
    private void wake() {
        backlog = true;
        claim();
    }

    /**
     * Rows leased to this sender as they were written: each goes out now when its merchant has a free slot (and no
     * earlier row of its own waits), else waits here for one; past what may wait, it is given back for claiming.
     */
    private void take(List<DueDelivery> leased) {
        List<DueDelivery> giveBack = new ArrayList<>();
        long now = System.nanoTime();
        for (DueDelivery delivery : leased) {
            if (stopping) {
                giveBack.add(delivery);
            } else if (!waiting.hasAny(delivery.merchantId()) && hasRoom(delivery.merchantId())) {
                send(delivery, true);
            } else if (waiting.size() < maxWaiting) {
                waiting.add(delivery, now);
            } else {
                giveBack.add(delivery);
            }
        }
        giveBack(giveBack);
    }

    private boolean hasRoom(UUID merchantId) {
        return inFlight < config.webhooks().maxInFlight()
                && inFlightByMerchant.getOrDefault(merchantId, 0)
                        < config.webhooks().maxInFlightPerEndpoint();
    }

    /**
     * A slot freed: the waiting rows that now have one start, each merchant's in the order they came, and the
     * database is asked for more when it may hold some.
     */
    private void slotFreed() {
        giveBackStale();
        waiting.startWhile(this::hasRoom, delivery -> send(delivery, true));
        if (backlog) {
            claim();
        }
    }

    /**
     * Gives back rows that have waited {@link #maxWaitNanos}: claimed later, by this sender or another, with a lease
     * of their own, not lost. On every tick and before any waiting row starts.
     */
    private void giveBackStale() {
        if (waiting.size() == 0) {
            return; // the common case on every freed slot: no clock read, no list
        }
        giveBack(waiting.takeOlderThan(System.nanoTime() - maxWaitNanos));
    }

    /**
     * Ends this sender's lease on rows it will not send now; they are due for any claim at once, this sender's too
     * once the release is committed (a claim before it would not see them).
     */
    private void giveBack(List<DueDelivery> rows) {
        if (rows.isEmpty()) {
            return;
        }
        backlog = true;
        givenBack = givenBack.compose(
                previous -> store.release(rows).onSuccess(released -> wake()).recover(failure -> {
                    log.debug("release failed; leases expire anyway: {}", failure.toString());
                    return Future.succeededFuture();
                }));
    }

    /** One claim at a time; wake-ups during a claim make it run once more instead of piling up. */
    private void claim() {
        if (stopping) {
            return;
        }
        if (claiming) {
            claimAgain = true;
            return;
        }
        int room = Math.min(MAX_CLAIM, config.webhooks().maxInFlight() - inFlight);
        if (room <= 0) {
            return; // a finishing attempt claims again
        }
        int limit = config.webhooks().maxInFlightPerEndpoint();
        // a merchant at its limit is left out of the claim: its due rows, if any, stay for a finishing attempt
        boolean someoneFull = anyoneFull(limit);
        claiming = true;
        claimAgain = false;
        backlog = false; // what this claim leaves behind sets it again
        store.claimDue(room, config.webhooks().leaseSeconds(), Map.copyOf(inFlightByMerchant), limit)
                .compose(due -> stopping
                        // stop() came while claiming: give the rows back rather than send them through closing clients
                        ? store.release(due).map(released -> List.<DueDelivery>of())
                        : Future.succeededFuture(due))
                .onSuccess(due -> {
                    List<DueDelivery> overLimit = new ArrayList<>();
                    for (DueDelivery delivery : due) {
                        if (inFlightByMerchant.getOrDefault(delivery.merchantId(), 0) >= limit) {
                            overLimit.add(delivery); // one batch may hold many rows of one merchant
                        } else {
                            send(delivery, false);
                        }
                    }
                    giveBack(overLimit);
                    if (due.size() == room && overLimit.size() < due.size()) {
                        claimAgain = true; // there may be more
                    }
                    // more may be due unless this claim found nothing: a merchant was left out as full, or the
                    // claim took no more of a merchant's rows than it had free slots when the claim began (slots
                    // that may have freed since), so the next freed slot claims again; only an empty claim of
                    // everyone with room says the backlog is gone, else given-back rows would wait for a tick
                    if (!due.isEmpty() || someoneFull) {
                        backlog = true;
                    }
                })
                .onFailure(failure -> {
                    backlog = true;
                    if (ServiceException.databaseUnavailable(failure)) {
                        log.debug("claiming due webhooks waits for the database: {}", failure.toString());
                    } else {
                        log.warn("claiming due webhooks failed, retrying on the next tick: {}", failure.toString());
                    }
                })
                .onComplete(done -> {
                    claiming = false;
                    if (stopping) {
                        drainedWhenIdle();
                    } else if (claimAgain && done.succeeded()) {
                        claim();
                    }
                });
    }

    private boolean anyoneFull(int limit) {
        return inFlightByMerchant.values().stream().anyMatch(n -> n >= limit);
    }

    /** While stopping: done once no attempt is in flight and no claim is under way. */
    private void drainedWhenIdle() {
        if (drained != null && inFlight == 0 && !claiming) {
            drained.tryComplete();
        }
    }

    private void send(DueDelivery delivery, boolean handedOver) {
        metrics.started(handedOver);
        inFlight++;
        inFlightByMerchant.merge(delivery.merchantId(), 1, Integer::sum);
        atEndpoint.add(delivery.id());
        deliverWebhook
                .deliver(delivery)
                .onFailure(failure -> log.warn(
                        "delivery {} attempt not recorded; its lease will bring it back: {}",
                        delivery.id(),
                        failure.toString()))
                .onComplete(done -> {
                    inFlight--;
                    endpointDone(delivery); // when the attempt ended before reaching the endpoint's answer
                    if (stopping) {
                        drainedWhenIdle();
                        return;
                    }
                    slotFreed();
                });
    }

    /**
     * The merchant's endpoint has answered this attempt (or it ended without an answer): the endpoint's slot is
     * free for the next one, while the outcome is still being recorded. Once per attempt.
     */
    private void endpointDone(DueDelivery delivery) {
        if (!atEndpoint.remove(delivery.id())) {
            return;
        }
        inFlightByMerchant.computeIfPresent(delivery.merchantId(), (id, n) -> n > 1 ? n - 1 : null);
        if (!stopping) {
            slotFreed();
        }
    }
}
