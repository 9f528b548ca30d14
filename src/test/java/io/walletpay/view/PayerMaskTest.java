package io.walletpay.view;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PayerMaskTest {

    @Test
    void aWalletNumberShowsItsCountryCodeAndLastFourDigitsOnly() {
        assertThat(PaymentViews.maskedPayer("50937121234")).isEqualTo("509****1234");
        assertThat(PaymentViews.maskedPayer(" 50937123456 ")).isEqualTo("509****3456");
    }

    @Test
    void shortOrUnexpectedValuesAreHiddenWhole() {
        assertThat(PaymentViews.maskedPayer("1234567")).isEqualTo("****");
        assertThat(PaymentViews.maskedPayer("+509 3712 1234")).isEqualTo("****");
        assertThat(PaymentViews.maskedPayer(null)).isNull();
        assertThat(PaymentViews.maskedPayer(" ")).isNull();
    }
}
