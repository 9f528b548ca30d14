package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import org.junit.jupiter.api.Test;

class TransferResolutionTest {

    @Test
    void readsTheThreeOutcomesAndRefusesAnythingElse() {
        assertThat(TransferResolution.Outcome.fromWire("send_again")).isEqualTo(TransferResolution.Outcome.SEND_AGAIN);
        assertThat(TransferResolution.Outcome.fromWire(" Failed ")).isEqualTo(TransferResolution.Outcome.FAILED);
        assertThat(TransferResolution.Outcome.fromWire("succeeded")).isEqualTo(TransferResolution.Outcome.SUCCEEDED);
        assertThatThrownBy(() -> TransferResolution.Outcome.fromWire("refund"))
                .isInstanceOf(ServiceException.class)
                .hasMessageContaining("send_again, failed, succeeded");
        assertThatThrownBy(() -> TransferResolution.Outcome.fromWire(null)).isInstanceOf(ServiceException.class);
    }
}
