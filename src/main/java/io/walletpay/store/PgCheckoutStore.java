package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.Checkout;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.payment.PaymentStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link CheckoutStore} on PostgreSQL: payments read with their merchant's side, and the customer's choice, which
 * goes through the payments' one transition ({@link PaymentTransitions}).
 */
final class PgCheckoutStore implements CheckoutStore {

    private final Database database;
    private final PaymentTransitions transitions;

    PgCheckoutStore(Database database, PaymentTransitions transitions) {
        this.database = database;
        this.transitions = transitions;
    }

    @Override
    public Future<Checkout> decide(String token, PaymentStatus target, String payer, String failureReason) {
        return decision(token, target, payer, failureReason).map(Decision::checkout);
    }

    /** A decided checkout; {@code changed} when this request moved the payment. */
    record Decision(Checkout checkout, boolean changed) {}

    Future<Decision> decision(String token, PaymentStatus target, String payer, String failureReason) {
        return transitions
                .submit(PaymentTransitions.Transition.byToken(token, target, payer, failureReason))
                .compose(changed -> changed.isPresent()
                        ? Future.succeededFuture(new Decision(changed.get(), true))
                        : checkout(token).map(current -> new Decision(current, false)));
    }

    @Override
    public Future<Checkout> checkout(String token) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_TOKEN)
                .execute(Tuple.of(token))
                .map(PaymentRow::oneCheckout);
    }

    @Override
    public Future<Checkout> decline(String token, Integer declinesSeen) {
        return database.statements()
                .preparedQuery(PaymentSql.DECLINE)
                .execute(Tuple.of(token, declinesSeen))
                .compose(declined -> checkout(token));
    }

    @Override
    public Future<Checkout> checkoutOf(UUID paymentId) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_PAYMENT)
                .execute(Tuple.of(paymentId))
                .map(PaymentRow::oneCheckout);
    }

    @Override
    public Future<Optional<Checkout>> checkoutByProviderTransaction(String transactionId) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_PROVIDER_TRANSACTION)
                .execute(Tuple.of(transactionId))
                .map(rows -> rows.size() == 0
                        ? Optional.<Checkout>empty()
                        : Optional.of(PaymentRow.toCheckout(rows.iterator().next())));
    }

    @Override
    public Future<Boolean> anyAwaitingProvider(Duration recent) {
        return database.statements()
                .preparedQuery(PaymentSql.AWAITING_PROVIDER)
                .execute(Tuple.of(NewIdentifiers.firstAt(Instant.now().minus(recent))))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    @Override
    public Future<Boolean> keepOpenFor(UUID paymentId, Duration atLeast) {
        return database.statements()
                .preparedQuery(PaymentSql.KEEP_OPEN)
                .execute(Tuple.of(paymentId, atLeast.toMillis()))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Marks a payment for a person (the provider reported another amount or order for it); its status stays as it
     * is. True when this call flagged it, false when it was flagged already (or is unknown).
     */
    @Override
    public Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
        return database.statements()
                .preparedQuery(PaymentSql.FLAG_FOR_REVIEW)
                .execute(Tuple.of(paymentId, reason, providerTransactionId))
                .map(rows -> rows.rowCount() == 1);
    }
}
