package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** A refused debit names its figures as the API writes amounts, with two decimals. */
class DebitRuleTest {

    @Test
    void anEmptyLedgerSaysZeroWithItsCentimes() {
        assertThatThrownBy(() -> DebitRule.requireAvailable(BigDecimal.ZERO, new BigDecimal("5")))
                .isInstanceOf(ServiceException.class)
                .hasMessage("The available balance is 0.00 HTG, less than 5.00 HTG");
    }
}
