package io.walletpay.delivery;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.BusCalls;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.store.Database;
import io.walletpay.store.DeliveryStore;
import io.walletpay.usecase.DeliverWebhook;
import io.walletpay.webhook.DueDelivery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends webhooks. The outbox rows in PostgreSQL are the truth: on start, on every poll tick and on every
 * {@code payment.updated} wake-up it claims due deliveries (leased, SKIP LOCKED, so any number of instances in
 * any number of JVMs never send one attempt twice at once), within a global in-flight limit and a per-merchant
 * one, so a slow merchant only ever holds its own slots.
 */
public final class WebhookVerticle extends VerticleBase {

    private static final Logger log = LoggerFactory.getLogger(WebhookVerticle.class);
    private static final int MAX_CLAIM = 200;
    /** Two cheap counting queries; often enough for a scrape interval, rare enough to cost nothing. */
    private static final long GAUGE_REFRESH_MS = 5_000;

    private final DatabaseTarget target;
    private final AppConfig config;
    private final Map<UUID, Integer> inFlightByMerchant = new HashMap<>();
    private Database database;
    private DeliveryStore store;
    private WebhookSender sender;
    private WebhookMetrics metrics;
    private DeliverWebhook deliverWebhook;
    private long poller;
    private long gaugeRefresher;
    private int inFlight;
    private boolean claiming;
    private boolean claimAgain;
    private boolean stopping;
    private Promise<Void> drained;

    private final MeterRegistry registry;

    public WebhookVerticle(DatabaseTarget target, AppConfig config, MeterRegistry registry) {
        this.target = target;
        this.config = config;
        this.registry = registry;
    }

    @Override
    public Future<?> start() {
        database = Database.connect(
                vertx, target, config.db(), "webhook", 4 * config.webhooks().instances());
        store = new DeliveryStore(database, config.db().groupCommit());
        sender = new WebhookSender(vertx, config);
        metrics = new WebhookMetrics(registry);
        deliverWebhook = new DeliverWebhook(sender::attempt, store::record, metrics);
        vertx.eventBus().consumer(Addresses.PAYMENT_UPDATED, message -> claim());
        vertx.eventBus().consumer(Addresses.DELIVERIES_DUE, message -> claim());
        BusCalls.serve(vertx.eventBus(), Addresses.WEBHOOK_TEST, request -> store.activeSecrets(request.merchantId())
                .compose(secrets -> TestWebhook.send(sender, request, secrets)));
        poller = vertx.setPeriodic(config.webhooks().pollIntervalMs(), tick -> claim());
        BacklogGauges gauges = BacklogGauges.of(registry);
        gaugeRefresher = vertx.setPeriodic(
                0, GAUGE_REFRESH_MS, tick -> store.backlog(config.webhooks().failingAfterHours())
                        .onSuccess(gauges::update)
                        .onFailure(failure -> log.debug("backlog gauges not refreshed: {}", failure.toString())));
        claim(); // whatever was due before this start, including rows a crashed sender had leased
        return Future.succeededFuture();
    }

    /** Stops claiming, lets in-flight attempts finish (their leases would bring them back anyway), then closes. */
    @Override
    public Future<?> stop() {
        stopping = true;
        vertx.cancelTimer(poller);
        vertx.cancelTimer(gaugeRefresher);
        drained = Promise.promise();
        drainedWhenIdle();
        long grace = vertx.setTimer(config.webhooks().requestTimeoutMs() + 1_000L, fired -> drained.tryComplete());
        return drained.future()
                .andThen(done -> vertx.cancelTimer(grace))
                .compose(done -> sender.close())
                .compose(done -> database.close());
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
        claiming = true;
        claimAgain = false;
        store.claimDue(
                        room,
                        config.webhooks().leaseSeconds(),
                        Map.copyOf(inFlightByMerchant),
                        config.webhooks().maxInFlightPerEndpoint())
                .compose(due -> stopping
                        // stop() came while claiming: give the rows back rather than send them through closing clients
                        ? store.release(due.stream().map(DueDelivery::id).toList())
                                .map(released -> List.<DueDelivery>of())
                        : Future.succeededFuture(due))
                .onSuccess(due -> {
                    List<UUID> overLimit = new ArrayList<>();
                    int limit = config.webhooks().maxInFlightPerEndpoint();
                    for (DueDelivery delivery : due) {
                        if (inFlightByMerchant.getOrDefault(delivery.merchantId(), 0) >= limit) {
                            overLimit.add(delivery.id()); // one batch may hold many rows of one merchant
                        } else {
                            send(delivery);
                        }
                    }
                    if (!overLimit.isEmpty()) {
                        store.release(overLimit)
                                .onFailure(failure -> log.debug("release failed; leases expire anyway"));
                    }
                    if (due.size() == room && overLimit.size() < due.size()) {
                        claimAgain = true; // there may be more
                    }
                })
                .onFailure(failure ->
                        log.warn("claiming due webhooks failed, retrying on the next tick: {}", failure.toString()))
                .onComplete(done -> {
                    claiming = false;
                    if (stopping) {
                        drainedWhenIdle();
                    } else if (claimAgain && done.succeeded()) {
                        claim();
                    }
                });
    }

    /** While stopping: done once no attempt is in flight and no claim is under way. */
    private void drainedWhenIdle() {
        if (drained != null && inFlight == 0 && !claiming) {
            drained.tryComplete();
        }
    }

    private void send(DueDelivery delivery) {
        inFlight++;
        inFlightByMerchant.merge(delivery.merchantId(), 1, Integer::sum);
        deliverWebhook
                .deliver(delivery)
                .onFailure(failure -> log.warn(
                        "delivery {} attempt not recorded; its lease will bring it back: {}",
                        delivery.id(),
                        failure.toString()))
                .onComplete(done -> {
                    inFlight--;
                    inFlightByMerchant.computeIfPresent(delivery.merchantId(), (id, n) -> n > 1 ? n - 1 : null);
                    if (stopping) {
                        drainedWhenIdle();
                        return;
                    }
                    claim();
                });
    }
}
