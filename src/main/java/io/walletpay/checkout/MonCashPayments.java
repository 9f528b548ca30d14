package io.walletpay.checkout;

import static io.walletpay.checkout.MonCashExchange.decimal;
import static io.walletpay.checkout.MonCashExchange.error;
import static io.walletpay.checkout.MonCashExchange.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * MonCash's payments as the checkout needs them: {@code CreatePayment} opens one for an order and gives the gateway
 * URL the customer is sent to; {@code RetrieveOrderPayment} and {@code RetrieveTransactionPayment} read back what
 * the customer did, and an answer about another order or transaction than the one asked about is an error, never
 * taken for it. Paths come from {@link LiveProviderSettings.Paths}, since MonCash has moved them before.
 */
final class MonCashPayments {

    private static final Set<Integer> NOT_FOUND = Set.of(404);

    private final LiveProviderSettings settings;
    private final MonCashExchange exchange;

    MonCashPayments(LiveProviderSettings settings, MonCashExchange exchange) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.exchange = Objects.requireNonNull(exchange, "exchange");
    }

    Future<ProviderPayment> create(ProviderOrder order, BigDecimal amount) {
        Objects.requireNonNull(order, "order");
        BigDecimal twoDecimals;
        try {
            twoDecimals = amount.setScale(2, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException | NullPointerException e) {
            return Future.failedFuture(ServiceException.invalid("amount", "The amount must have at most two decimals"));
        }
        if (twoDecimals.signum() <= 0) {
            return Future.failedFuture(ServiceException.invalid("amount", "The amount must be positive"));
        }
        if (settings.maxAmount() != null && twoDecimals.compareTo(settings.maxAmount()) > 0) {
            // the wallet account would refuse it; a clear 400 now beats a provider 502 after a round trip
            return Future.failedFuture(ServiceException.invalid(
                    "amount",
                    "The amount exceeds the wallet provider's limit of "
                            + settings.maxAmount().toPlainString() + " HTG per payment"));
        }
        ObjectNode body = MonCashExchange.requestBody();
        body.put("amount", twoDecimals);
        body.put("orderId", order.id());
        return exchange.call("CreatePayment", settings.paths().createPayment(), body)
                .map(answer -> {
                    JsonNode paymentToken = answer.path("payment_token");
                    String token = text(paymentToken.path("token"));
                    if (token == null || token.isBlank()) {
                        throw error("CreatePayment", "the answer carries no payment token");
                    }
                    String redirect =
                            settings.gatewayBaseUrl() + settings.paths().redirect() + "?token="
                                    + URLEncoder.encode(token, StandardCharsets.UTF_8);
                    Duration life = PaymentTokenLife.between(
                                    text(paymentToken.path("created")), text(paymentToken.path("expired")))
                            .orElse(null);
                    return new ProviderPayment(token, redirect, life);
                });
    }

    Future<ProviderTransaction> byOrder(ProviderOrder order) {
        Objects.requireNonNull(order, "order");
        ObjectNode body = MonCashExchange.requestBody().put("orderId", order.id());
        return retrieve("RetrieveOrderPayment", settings.paths().retrieveOrder(), body)
                .map(transaction -> {
                    if (!order.equals(transaction.order())) {
                        throw error("RetrieveOrderPayment", "the answer is about another order");
                    }
                    return transaction;
                });
    }

    Future<ProviderTransaction> byTransaction(String transactionId) {
        if (transactionId == null || transactionId.isBlank()) {
            return Future.failedFuture(ServiceException.invalid("transactionId", "A transaction id is required"));
        }
        ObjectNode body = MonCashExchange.requestBody().put("transactionId", transactionId);
        return retrieve("RetrieveTransactionPayment", settings.paths().retrieveTransaction(), body)
                .map(transaction -> {
                    if (!transactionId.equals(transaction.transactionId())) {
                        throw error("RetrieveTransactionPayment", "the answer is about another transaction");
                    }
                    return transaction;
                });
    }

    /** A look-up: 404 is MonCash's answer while the customer has not paid, so it is NOT_FOUND, not a failure. */
    private Future<ProviderTransaction> retrieve(String step, String path, ObjectNode body) {
        return exchange.call(step, path, body, NOT_FOUND).map(answer -> {
            if (answer.status() == 404) {
                throw ServiceException.notFound("Wallet transaction");
            }
            return transaction(step, answer.body());
        });
    }

    private static ProviderTransaction transaction(String step, JsonNode answer) {
        JsonNode payment = answer.path("payment");
        if (!payment.isObject()) {
            throw error(step, "the answer carries no payment");
        }
        String transactionId = text(payment.path("transaction_id"));
        String reference = text(payment.path("reference"));
        BigDecimal cost = decimal(payment.path("cost"));
        if (transactionId == null || transactionId.isBlank() || reference == null || cost == null) {
            throw error(step, "the payment lacks transaction_id, reference or cost");
        }
        ProviderOrder order = ProviderOrder.parse(reference)
                .orElseThrow(() -> error(step, "the payment reference is not an order id"));
        return new ProviderTransaction(
                transactionId, order, cost, text(payment.path("payer")), text(payment.path("message")));
    }
}
