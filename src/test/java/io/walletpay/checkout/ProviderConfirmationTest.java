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
                        new ProviderTransaction("t1", ORDER, new BigDecimal("2500.0"), "50937000000", true),
                        ORDER,
                        AMOUNT))
                .doesNotThrowAnyException();
    }

    @Test
    void anAmountOneCentOffIsAMismatch() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction("t1", ORDER, new BigDecimal("2499.99"), null, true), ORDER, AMOUNT))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo(ProviderConfirmation.MISMATCH));
    }

    @Test
    void aTransactionOfAnotherOrderIsAMismatch() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction("t1", UUID.randomUUID(), AMOUNT, null, true), ORDER, AMOUNT))
                .isInstanceOfSatisfying(
                        ServiceException.class, e -> assertThat(e.code()).isEqualTo(ProviderConfirmation.MISMATCH));
    }

    @Test
    void anUnsuccessfulTransactionDoesNotConfirm() {
        assertThatThrownBy(() -> ProviderConfirmation.check(
                        new ProviderTransaction("t1", ORDER, AMOUNT, null, false), ORDER, AMOUNT))
                .isInstanceOfSatisfying(ServiceException.class, e -> assertThat(e.code())
                        .isEqualTo(ProviderConfirmation.NOT_SUCCESSFUL));
    }
}
