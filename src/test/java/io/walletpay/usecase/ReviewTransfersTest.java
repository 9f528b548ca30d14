package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferResolution;
import io.walletpay.money.TransferStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Operators deciding on transfers held because their outcome stayed unknown: what is kept, what is refused. */
class ReviewTransfersTest {

    private final InMemoryTransferStore store =
            new InMemoryTransferStore(Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC));
    private final ReviewTransfers review = new ReviewTransfers(store);

    @Test
    void theListInReviewHoldsOnlyTheTransfersHeldForAPerson() {
        Transfer held = held("120.00");
        store.add(new BigDecimal("30.00"));

        assertThat(done(review.list(true, 10, null)).transfers())
                .extracting(Transfer::id)
                .containsExactly(held.id());
        assertThat(done(review.list(false, 10, null)).transfers()).hasSize(2);
        assertThat(done(review.get(held.id())).sending().needsReview()).isTrue();
    }

    @Test
    void aFailedDecisionFailsTheTransferAndIsAuditedForItsMerchant() {
        Transfer held = held("120.00");

        Transfer decided =
                done(review.resolve(held.id(), body("failed", "not in the account's history", null), admin()));

        assertThat(decided.status()).isEqualTo(TransferStatus.FAILED);
        assertThat(store.row(held.id()).sending().resolution().outcome()).isEqualTo(TransferResolution.Outcome.FAILED);
        assertThat(store.audit).singleElement().satisfies(entry -> {
            assertThat(entry.merchantId()).isEqualTo(held.merchantId());
            assertThat(entry.action()).isEqualTo("transfer.resolve");
            assertThat(entry.actor()).isEqualTo("admin");
            assertThat(entry.sourceAddress()).isEqualTo("127.0.0.1");
            assertThat(entry.what()).isEqualTo("payout " + held.id() + ": failed");
        });
    }

    @Test
    void aSucceededDecisionKeepsTheProvidersTransaction() {
        Transfer held = held("120.00");

        Transfer decided =
                done(review.resolve(held.id(), body("succeeded", "seen in the history", "2155000042"), admin()));

        assertThat(decided.status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(store.row(held.id()).providerTransactionId()).isEqualTo("2155000042");
    }

    @Test
    void aTransferNotHeldIsAConflictAndAnUnknownOneNotFoundAndNeitherIsAudited() {
        Transfer pending = store.add(new BigDecimal("30.00"));

        Throwable notHeld = failure(review.resolve(pending.id(), body("failed", "x", null), admin()));
        Throwable unknown = failure(review.resolve(UUID.randomUUID(), body("failed", "x", null), admin()));

        assertThat(((ServiceException) notHeld).code()).isEqualTo("not_in_review");
        assertThat(((ServiceException) unknown).code()).isEqualTo("not_found");
        assertThat(store.row(pending.id()).status()).isEqualTo(TransferStatus.PENDING);
        assertThat(store.audit).isEmpty();
    }

    private Transfer held(String amount) {
        Transfer transfer = store.add(new BigDecimal(amount));
        done(store.holdForReview(transfer.id(), transfer.sending().attempts(), "no answer"));
        return transfer;
    }

    private static byte[] body(String outcome, String note, String transactionId) {
        String json = "{\"outcome\":\"" + outcome + "\",\"note\":\"" + note + "\""
                + (transactionId == null ? "" : ",\"provider_transaction_id\":\"" + transactionId + "\"") + "}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static Actor admin() {
        return Actor.admin("127.0.0.1");
    }
}
