package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.Checkout;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.tracing.Tracing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The one way a payment leaves {@code pending} ({@code PaymentSql.TRANSITION_ALL}), shared by the merchant's API
 * ({@link PgPaymentStore}) and the customer's checkout ({@link PgCheckoutStore}): queued in one {@link GroupCommit},
 * so requests arriving together share one statement and one commit, each writing its webhook's outbox row in the
 * same transaction; the senders are woken once it has committed.
 */
final class PaymentTransitions {

    /** Transitions per flush; each payment appears at most once in a batch. */
    static final int MAX_TRANSITION_BATCH = 256;

    /**
     * A transition as queued: by payment id ({@code merchantId} limiting it, or null) or by checkout token (then
     * only while the checkout is open), never both.
     */
    record Transition(
            UUID paymentId,
            String token,
            UUID merchantId,
            PaymentStatus target,
            String providerTransactionId,
            String failureReason,
            String payer,
            String traceparent) {

        /** {@code traceparent}: the request's, taken from the trace current where the store takes the call. */
        static Transition of(TransitionPayment command) {
            return new Transition(
                    command.paymentId(),
                    null,
                    command.merchantId(),
                    command.target(),
                    command.providerTransactionId(),
                    command.failureReason(),
                    command.payer(),
                    Tracing.traceparent());
        }

        static Transition byToken(String token, PaymentStatus target, String payer, String failureReason) {
            return new Transition(null, token, null, target, null, failureReason, payer, Tracing.traceparent());
        }

        /** What a batch may hold once: one request per payment id and per token. */
        Object key() {
            return paymentId != null ? paymentId : token;
        }
    }

    private final Database database;
    private final Outbox outbox;
    private final WakeUps wakeUps;
    private final GroupCommit<Transition, Optional<Checkout>> transitions;

    /**
     * @param outbox writes the transitions' webhook rows, leased to this JVM's sender or not
     * @param wakeUps told of each committed transition whose row is not handed over to a sender here
     */
    PaymentTransitions(Database database, boolean groupCommit, Outbox outbox, WakeUps wakeUps) {
        this.database = database;
        this.outbox = outbox;
        this.wakeUps = wakeUps;
        // alone, a transition is a batch of one: the same statement either way
        this.transitions = new GroupCommit<>(
                this::transitionAll,
                one -> transitionAll(List.of(one)).map(answers -> answers.get(0)),
                Transition::key,
                MAX_TRANSITION_BATCH,
                groupCommit);
    }

    /** The payment as it now is when this transition changed it; empty when it did not. */
    Future<Optional<Checkout>> submit(Transition transition) {
        if (!PaymentStatus.PENDING.canMoveTo(transition.target())) {
            return Future.failedFuture(new IllegalArgumentException("not a transition target: " + transition.target()));
        }
        return transitions.submit(transition);
    }

    /** The writer of the webhooks' outbox rows, for other statements that end payments (expiry). */
    Outbox outbox() {
        return outbox;
    }

    /**
     * Transitions queued together (never two of one payment id or token) in one transaction: one UPDATE from
     * arrays, then the outbox rows of those that changed in one INSERT from arrays. A request whose payment did not
     * change answers empty, as alone; should anything fail, {@link GroupCommit} replays the batch one by one.
     */
    private Future<List<Optional<Checkout>>> transitionAll(List<Transition> commands) {
        int n = commands.size();
        UUID[] ids = new UUID[n];
        String[] tokens = new String[n];
        UUID[] merchants = new UUID[n];
        String[] targets = new String[n];
        String[] providerTransactions = new String[n];
        String[] failureReasons = new String[n];
        String[] payers = new String[n];
        for (int i = 0; i < n; i++) {
            Transition command = commands.get(i);
            ids[i] = command.paymentId();
            tokens[i] = command.token();
            merchants[i] = command.merchantId();
            targets[i] = command.target().wireName();
            providerTransactions[i] = command.providerTransactionId();
            failureReasons[i] = command.failureReason();
            payers[i] = command.payer();
        }
        Tuple arrays = Tuple.tuple() // not Tuple.of: it spreads a second array
                .addValue(ids)
                .addValue(tokens)
                .addValue(merchants)
                .addValue(targets)
                .addValue(providerTransactions)
                .addValue(failureReasons)
                .addValue(payers);
        return outbox.committed(database.transactions().withTransaction(connection -> connection
                        .preparedQuery(PaymentSql.TRANSITION_ALL)
                        .execute(arrays)
                        .compose(rows -> {
                            Map<Object, Checkout> changed = new HashMap<>();
                            for (Row row : rows) {
                                Checkout checkout = PaymentRow.toCheckout(row);
                                String token = row.getString("decided_token");
                                changed.put(
                                        token != null
                                                ? token
                                                : checkout.payment().id(),
                                        checkout);
                            }
                            List<Optional<Checkout>> answers = new ArrayList<>(n);
                            List<Payment> changedInOrder = new ArrayList<>(changed.size());
                            List<String> traceparents = new ArrayList<>(changed.size());
                            for (Transition command : commands) {
                                Checkout checkout = changed.get(command.key());
                                answers.add(Optional.ofNullable(checkout));
                                if (checkout != null) {
                                    changedInOrder.add(checkout.payment());
                                    traceparents.add(command.traceparent());
                                }
                            }
                            return outbox.record(connection, changedInOrder, traceparents, answers);
                        })))
                .onSuccess(answers -> answers.forEach(answer -> answer.ifPresent(this::announce)));
    }

    private void announce(Checkout changed) {
        announce(changed.payment());
    }

    /** Wakes the senders for a committed transition, unless its row went to this JVM's sender with the commit. */
    void announce(Payment changed) {
        if (!outbox.handsOver()) {
            wakeUps.paymentUpdated(changed);
        }
    }
}
