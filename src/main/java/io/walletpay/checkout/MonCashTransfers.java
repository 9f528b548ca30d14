package io.walletpay.checkout;

import static io.walletpay.checkout.MonCashExchange.decimal;
import static io.walletpay.checkout.MonCashExchange.error;
import static io.walletpay.checkout.MonCashExchange.printable;
import static io.walletpay.checkout.MonCashExchange.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferOutcome;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * MonCash's prefunded (business account) API, {@code Transfert}, {@code PrefundedTransactionStatus} and
 * {@code PrefundedBalance}, and what their answers prove. {@code Transfert} takes no idempotency key and
 * {@code PrefundedTransactionStatus} cannot see a transfer MonCash is still processing, so an outcome is reported
 * only when the answer proves it; every other answer is a failed future of kind PROVIDER, the outcome unknown, and
 * the transfer must be asked about, never sent again on its own. Taking an unproven answer for a refusal would give
 * back money MonCash may have paid.
 */
final class MonCashTransfers {

    // MonCash's prefunded (business account) API, under the same API base and token as payments
    private static final String TRANSFER_PATH = "/v1/Transfert";
    private static final String TRANSFER_STATUS_PATH = "/v1/PrefundedTransactionStatus";
    private static final String BALANCE_PATH = "/v1/PrefundedBalance";

    // 403: the business account may not pay (not funded, not allowed), so nothing was sent
    private static final Set<Integer> REFUSED = Set.of(403);
    private static final Set<Integer> NOT_FOUND = Set.of(404);

    private final MonCashExchange exchange;

    MonCashTransfers(MonCashExchange exchange) {
        this.exchange = Objects.requireNonNull(exchange, "exchange");
    }

    /**
     * Succeeded on a 2xx whose {@code transfer.message} is {@code successful}; failed with {@code provider_refused}
     * on a 403. Anything else is unknown: a 400 or a word such as "failed" may come after MonCash made the transfer.
     */
    Future<TransferOutcome> send(UUID reference, String receiver, BigDecimal amount, String description) {
        ObjectNode body = MonCashExchange.requestBody();
        body.put("amount", amount.setScale(2, RoundingMode.UNNECESSARY));
        body.put("receiver", receiver);
        body.put("desc", description);
        body.put("reference", reference.toString());
        return exchange.call("Transfert", TRANSFER_PATH, body, REFUSED).map(answer -> {
            if (answer.status() == 403) {
                return TransferOutcome.failed(Transfer.PROVIDER_REFUSED);
            }
            JsonNode transfer = answer.body().path("transfer");
            String message = text(transfer.path("message"));
            if (message == null || message.isBlank()) {
                throw error("Transfert", "the answer carries no transfer message");
            }
            if (!successful(message)) {
                throw error("Transfert", "the answer says " + printable(message.strip()) + ", which proves no outcome");
            }
            return TransferOutcome.succeeded(transactionId(transfer));
        });
    }

    /**
     * Succeeded on {@code successful}; failed on a word of refusal; NOT_FOUND on a 404, which does not mean never
     * sent. Any other word is a transfer still in flight at MonCash: unknown, asked about again later.
     */
    Future<TransferOutcome> status(UUID reference) {
        ObjectNode body = MonCashExchange.requestBody().put("reference", reference.toString());
        return exchange.call("PrefundedTransactionStatus", TRANSFER_STATUS_PATH, body, NOT_FOUND)
                .map(answer -> {
                    if (answer.status() == 404) {
                        return TransferOutcome.NOT_FOUND;
                    }
                    String state = text(answer.body().path("transStatus"));
                    if (state == null) {
                        throw error("PrefundedTransactionStatus", "the answer carries no transStatus");
                    }
                    if (successful(state)) {
                        return TransferOutcome.succeeded(transactionId(answer.body()));
                    }
                    if (refusal(state)) {
                        return TransferOutcome.failed(ProviderConfirmation.bounded(
                                "declined by the wallet provider: " + printable(state.strip())));
                    }
                    throw error("PrefundedTransactionStatus", "the transfer is still " + printable(state.strip()));
                });
    }

    /** The money the business account holds for transfers. */
    Future<BigDecimal> balance() {
        return exchange.call("PrefundedBalance", BALANCE_PATH, null).map(answer -> {
            JsonNode balance = answer.path("balance");
            BigDecimal value = decimal(balance.isObject() ? balance.path("balance") : balance);
            if (value == null) {
                throw error("PrefundedBalance", "the answer carries no balance");
            }
            return value;
        });
    }

    private static boolean successful(String word) {
        return normalized(word).equals(ProviderTransaction.SUCCESSFUL);
    }

    /** Only the status look-up's words of refusal are final; Transfert's are not proof (see {@link #send}). */
    private static boolean refusal(String word) {
        String normalized = normalized(word);
        return normalized.contains("fail")
                || normalized.contains("reject")
                || normalized.contains("declin")
                || normalized.contains("cancel");
    }

    private static String normalized(String word) {
        return word.strip().toLowerCase(Locale.ROOT);
    }

    private static String transactionId(JsonNode node) {
        String id = text(node.path("transaction_id"));
        return id == null || id.isBlank() ? null : id;
    }
}
