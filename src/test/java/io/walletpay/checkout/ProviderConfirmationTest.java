package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProviderConfirmationTest {

    private static final UUID ORDER = UUID.randomUUID();
    private static final BigDecimal AMOUNT = new BigDecimal("2500.00");

    @Test
    void aSuccessfulTransactionForTheOrderAndExactAmountConfirms() {
        assertThatCode(() -> ProviderConfirmation.check(
                        new ProviderTransaction(
                                "t1", ProviderOrder.first(ORDER), new BigDecimal("2500.0"), "50937000000", true),
                        ORDER,
                        AMOUNT))
                .doesNotThrowAnyException();
    }

    @Test
    void anAmountOneCentOffIsAMismatch() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction(
                                "t1", ProviderOrder.first(ORDER), new BigDecimal("2499.99"), null, true),
                        ORDER,
                        AMOUNT))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo(ProviderConfirmation.MISMATCH));
    }

    @Test
    void aTransactionOfAnotherOrderIsAMismatch() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction("t1", ProviderOrder.first(UUID.randomUUID()), AMOUNT, null, true),
                        ORDER,
                        AMOUNT))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo(ProviderConfirmation.MISMATCH));
    }

    @Test
    void anUnsuccessfulTransactionDoesNotConfirm() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction("t1", ProviderOrder.first(ORDER), AMOUNT, null, false), ORDER, AMOUNT))
                .isInstanceOfSatisfying(ServiceException.class, e -> assertThat(e.code())
                        .isEqualTo(ProviderConfirmation.NOT_SUCCESSFUL));
    }

    @Test
    void decideCompletesOnlyASuccessfulTransactionForTheOrderAndAmount() {
        assertThat(ProviderConfirmation.decide(
                                new ProviderTransaction(
                                        "t1", ProviderOrder.first(ORDER), new BigDecimal("2500"), "509", "successful"),
                                ORDER,
                                AMOUNT)
                        .outcome())
                .isEqualTo(ProviderConfirmation.Outcome.PAID);
    }

    @Test
    void anyMessageOtherThanSuccessfulIsADeclineCarryingTheProvidersMessage() {
        for (String message : new String[] {"failed", "Insufficient balance", "pending", "", "SUCCESSFUL!"}) {
            ProviderConfirmation.Decision decision = ProviderConfirmation.decide(
                    new ProviderTransaction("t1", ProviderOrder.first(ORDER), AMOUNT, "509", message), ORDER, AMOUNT);
            assertThat(decision.outcome()).as(message).isEqualTo(ProviderConfirmation.Outcome.DECLINED);
            assertThat(decision.reason()).startsWith("declined by the wallet provider: ");
        }
        assertThat(ProviderConfirmation.decide(
                                new ProviderTransaction("t1", ProviderOrder.first(ORDER), AMOUNT, "509", (String) null),
                                ORDER,
                                AMOUNT)
                        .reason())
                .isEqualTo("declined by the wallet provider: no message");
    }

    @Test
    void anotherAmountOrOrderNeedsReviewEvenWhenTheProviderCallsItSuccessful() {
        ProviderConfirmation.Decision amount = ProviderConfirmation.decide(
                new ProviderTransaction(
                        "t1", ProviderOrder.first(ORDER), new BigDecimal("2500.01"), "509", "successful"),
                ORDER,
                AMOUNT);
        ProviderConfirmation.Decision order = ProviderConfirmation.decide(
                new ProviderTransaction("t1", ProviderOrder.first(UUID.randomUUID()), AMOUNT, "509", "successful"),
                ORDER,
                AMOUNT);
        ProviderConfirmation.Decision declinedAndShort = ProviderConfirmation.decide(
                new ProviderTransaction("t1", ProviderOrder.first(ORDER), new BigDecimal("25.00"), "509", "failed"),
                ORDER,
                AMOUNT);

        assertThat(amount.outcome()).isEqualTo(ProviderConfirmation.Outcome.REVIEW);
        assertThat(amount.reason()).contains("amount mismatch", "2500.01", "2500.00");
        assertThat(order.outcome()).isEqualTo(ProviderConfirmation.Outcome.REVIEW);
        assertThat(order.reason()).contains("order mismatch");
        assertThat(declinedAndShort.outcome()).isEqualTo(ProviderConfirmation.Outcome.REVIEW);
    }

    @Test
    void aLongProviderMessageIsBoundedInTheReason() {
        ProviderConfirmation.Decision decision = ProviderConfirmation.decide(
                new ProviderTransaction("t1", ProviderOrder.first(ORDER), AMOUNT, "509", "x".repeat(5000)),
                ORDER,
                AMOUNT);

        assertThat(decision.reason()).hasSize(ProviderConfirmation.MAX_REASON);
    }
}
