package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.bus.CheckoutMessages.DecideCheckout;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads payments the way the customer's checkout needs them, and decides the sandbox checkout's Pay or Cancel in
 * the same statement that finds the payment (see {@link #decide}); every other state change goes through
 * {@link PaymentStore#transition}. Both write the outbox row in the transaction that changes the payment.
 */
final class CheckoutStore {

    /** A decided checkout; {@code changed} when this request moved the payment (so it is announced). */
    record Decision(Checkout checkout, boolean changed) {}

    /** Decisions per flush; each token appears at most once in a batch. */
    static final int MAX_DECIDE_BATCH = 256;

    private final Database database;
    private final Outbox outbox;
    private final GroupCommit<DecideCheckout, Optional<Checkout>> decisions;

    CheckoutStore(Database database) {
        this(database, true);
    }

    CheckoutStore(Database database, boolean groupCommit) {
        this(database, groupCommit, Outbox.UNLEASED);
    }

    /** @param outbox writes the decisions' webhook rows, leased to this JVM's sender or not */
    CheckoutStore(Database database, boolean groupCommit, Outbox outbox) {
        this.database = database;
        this.outbox = outbox;
        // alone, a decision is a batch of one: the same statement either way
        this.decisions = new GroupCommit<>(
                this::decideAll,
                one -> decideAll(List.of(one)).map(answers -> answers.get(0)),
                DecideCheckout::token,
                MAX_DECIDE_BATCH,
                groupCommit);
    }

    /**
     * Moves the payment behind the token to its target when it can take a payment now, with its outbox row, and
     * answers the checkout as it then is: changed, or (when it could not change: decided already, past its expiry,
     * its merchant disabled) as it is, for the caller to explain. One round trip fewer than a read before the
     * transition, and decisions of many customers share one statement and one commit.
     */
    Future<Decision> decide(DecideCheckout command) {
        if (!PaymentStatus.PENDING.canMoveTo(command.target())) {
            return Future.failedFuture(new IllegalArgumentException("not a transition target: " + command.target()));
        }
        return decisions
                .submit(command)
                .compose(changed -> changed.isPresent()
                        ? Future.succeededFuture(new Decision(changed.get(), true))
                        : byToken(command.token()).map(current -> new Decision(current, false)));
    }

    private Future<List<Optional<Checkout>>> decideAll(List<DecideCheckout> commands) {
        int n = commands.size();
        String[] tokens = new String[n];
        String[] targets = new String[n];
        for (int i = 0; i < n; i++) {
            tokens[i] = commands.get(i).token();
            targets[i] = commands.get(i).target().wireName();
        }
        return outbox.committed(database.transactions().withTransaction(connection -> connection
                .preparedQuery(CheckoutSql.DECIDE_ALL)
                .execute(Tuple.tuple().addValue(tokens).addValue(targets)) // not Tuple.of: it spreads a second array
                .compose(rows -> {
                    Map<String, Checkout> changed = new HashMap<>();
                    List<Payment> changedPayments = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        Checkout checkout = checkout(row);
                        changed.put(checkout.payment().checkoutToken(), checkout);
                        changedPayments.add(checkout.payment());
                    }
                    List<Optional<Checkout>> answers = new ArrayList<>(n);
                    commands.forEach(command -> answers.add(Optional.ofNullable(changed.get(command.token()))));
                    return outbox.record(connection, changedPayments, answers);
                })));
    }

    Future<Checkout> byToken(String token) {
        return database.statements()
                .preparedQuery(CheckoutSql.BY_TOKEN)
                .execute(Tuple.of(token))
                .map(CheckoutStore::checkout);
    }

    Future<Checkout> byPayment(UUID paymentId) {
        return database.statements()
                .preparedQuery(CheckoutSql.BY_PAYMENT)
                .execute(Tuple.of(paymentId))
                .map(CheckoutStore::checkout);
    }

    private static Checkout checkout(RowSet<Row> rows) {
        if (rows.size() == 0) {
            throw ServiceException.notFound("Checkout");
        }
        return checkout(rows.iterator().next());
    }

    private static Checkout checkout(Row row) {
        return new Checkout(
                PaymentStore.toPayment(row),
                row.getString("merchant_name"),
                row.getString("merchant_return_url"),
                row.getBoolean("past_expiry"),
                row.getString("merchant_locale"),
                MerchantStatus.ACTIVE.wireName().equals(row.getString("merchant_status")));
    }
}
