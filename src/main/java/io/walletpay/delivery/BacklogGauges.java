package io.walletpay.delivery;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.webhook.Backlog;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.RowCounts;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gauges read from the database (GaugeRefresher): the backlog of due deliveries and the age of the oldest, failing
 * endpoints, deliveries by status, payments by status. One set per registry, shared by every sender instance of the
 * JVM (Micrometer keeps the first gauge registered under a name, so per-instance values would be silently ignored).
 */
public final class BacklogGauges {

    private static final Map<MeterRegistry, BacklogGauges> BY_REGISTRY = new WeakHashMap<>();

    private final MeterRegistry registry;
    private final AtomicLong due = new AtomicLong();
    private final AtomicLong oldestDueMillis = new AtomicLong();
    private final AtomicLong failingEndpoints = new AtomicLong();
    private final AtomicLong databaseUp = new AtomicLong();
    private final Map<String, AtomicLong> deliveries = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> payments = new ConcurrentHashMap<>();

    private BacklogGauges(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("walletpay.webhook.backlog.due", due, AtomicLong::get)
                .description("Deliveries due now and not yet sent")
                .register(registry);
        Gauge.builder("walletpay.webhook.backlog.oldest.age", oldestDueMillis, value -> value.get() / 1000.0)
                .description("How long the oldest due delivery has been waiting")
                .baseUnit("seconds")
                .register(registry);
        Gauge.builder("walletpay.webhook.endpoints.failing", failingEndpoints, AtomicLong::get)
                .description("Merchant endpoints failing for webhooks.failing_after_hours without a success")
                .register(registry);
        Gauge.builder("walletpay.database.up", databaseUp, AtomicLong::get)
                .description("1 while the database answered the last backlog look-up (every 5 s), 0 when it did not")
                .register(registry);
        // every known status from the start, at zero: a scrape never sees half a family
        for (DeliveryStatus status : DeliveryStatus.values()) {
            gauge(deliveries, "walletpay.webhook.deliveries", status.wireName());
        }
        for (PaymentStatus status : PaymentStatus.values()) {
            gauge(payments, "walletpay.payments", status.wireName());
        }
    }

    static synchronized BacklogGauges of(MeterRegistry registry) {
        return BY_REGISTRY.computeIfAbsent(registry, BacklogGauges::new);
    }

    void update(Backlog backlog) {
        databaseUp.set(1);
        due.set(backlog.due());
        oldestDueMillis.set(backlog.oldestDueMillis());
        failingEndpoints.set(backlog.failingEndpoints());
    }

    /** The backlog could not be read: the database did not answer in time, or not at all. */
    void databaseDidNotAnswer() {
        databaseUp.set(0);
    }

    void update(RowCounts counts) {
        counts.deliveriesByStatus().forEach((status, count) -> gauge(deliveries, "walletpay.webhook.deliveries", status)
                .set(count));
        counts.paymentsByStatus().forEach((status, count) -> gauge(payments, "walletpay.payments", status)
                .set(count));
    }

    private AtomicLong gauge(Map<String, AtomicLong> family, String name, String status) {
        return family.computeIfAbsent(status, s -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder(name, value, AtomicLong::get)
                    .description("Rows by status")
                    .tag("status", s)
                    .register(registry);
            return value;
        });
    }
}
