package io.walletpay.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.payment.WalletNumberMask;
import org.junit.jupiter.api.Test;

class PayerMaskTest {

    @Test
    void aWalletNumberShowsItsCountryCodeAndLastFourDigitsOnly() {
        assertThat(WalletNumberMask.mask("50937121234")).isEqualTo("509****1234");
        assertThat(WalletNumberMask.mask(" 50937123456 ")).isEqualTo("509****3456");
    }

    @Test
    void shortOrUnexpectedValuesAreHiddenWhole() {
        assertThat(WalletNumberMask.mask("1234567")).isEqualTo("****");
        assertThat(WalletNumberMask.mask("+509 3712 1234")).isEqualTo("****");
        assertThat(WalletNumberMask.mask(null)).isNull();
        assertThat(WalletNumberMask.mask(" ")).isNull();
    }
}
