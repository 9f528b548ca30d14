package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

    static byte[] of(String json) {
        return RequestFingerprint.of(
                CreatePaymentRequest.parse(json.getBytes(StandardCharsets.UTF_8), AmountLimits.defaults()));
    }

    @Test
    void theSameMeaningHasTheSameFingerprint() {
        assertThat(of("{\"amount\":100,\"reference_id\":\"A\"}"))
                .isEqualTo(of("{\"reference_id\":\"A\",\"amount\":100.00}"));
    }

    @Test
    void anAbsentFieldDiffersFromTheTextNull() {
        assertThat(of("{\"amount\":100}")).isNotEqualTo(of("{\"amount\":100,\"reference_id\":\"null\"}"));
    }

    @Test
    void anotherAmountDiffers() {
        assertThat(of("{\"amount\":100}")).isNotEqualTo(of("{\"amount\":100.01}"));
    }
}
