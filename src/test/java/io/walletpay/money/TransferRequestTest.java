package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.CreatePaymentRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The body of a refund or a payout: what its amount may be, and what leaving it out means. */
class TransferRequestTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"{\"amount\": 250.5}   | 250.50", "{\"amount\": 250.50}  | 250.50", "{\"amount\": 1e1}     | 10.00"
            })
    void anAmountIsAJsonNumber(String body, String amount) {
        assertThat(TransferRequest.refund(bytes(body)).amount()).isEqualByComparingTo(amount);
        assertThat(TransferRequest.payout(bytes(body)).amount()).isEqualByComparingTo(amount);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"12.50\"", "\"0010\"", "\"1\""})
    void aStringAmountIsRefusedAsAPaymentsIs(String amount) {
        byte[] body = bytes("{\"amount\": " + amount + "}");
        ServiceException payment = refusal(() -> CreatePaymentRequest.parse(body, AmountLimits.defaults()));

        for (ServiceException transfer :
                List.of(refusal(() -> TransferRequest.refund(body)), refusal(() -> TransferRequest.payout(body)))) {
            assertThat(transfer.code()).isEqualTo(payment.code()).isEqualTo("invalid_amount");
            assertThat(transfer.getMessage()).isEqualTo(payment.getMessage()).isEqualTo("amount must be a number");
            assertThat(transfer.kind()).isEqualTo(payment.kind());
        }
    }

    private static ServiceException refusal(Runnable read) {
        try {
            read.run();
        } catch (ServiceException refused) {
            return refused;
        }
        throw new AssertionError("accepted");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{}", "{\"reason\": \"one item missing\"}"})
    void aRefundWithoutAnAmountIsForWhatIsLeft(String body) {
        assertThat(TransferRequest.refund(bytes(body)).amount()).isNull();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"amount\": null}       | amount must be a number; leave it out to refund what is left of the payment",
                "{\"amount\": {\"a\": 1}} | amount must be a number",
                "{\"amount\": [1]}        | amount must be a number",
                "{\"amount\": \"1.000\"}  | amount must be a number",
                "{\"amount\": -1}       | amount must be greater than 0",
                "{\"amount\": 0}          | amount must be greater than 0"
            })
    void aRefundsAmountThatIsNoAmountIsRefusedNamingIt(String body, String message) {
        assertThatThrownBy(() -> TransferRequest.refund(bytes(body)))
                .isInstanceOfSatisfying(ServiceException.class, refused -> {
                    assertThat(refused.field()).isEqualTo("amount");
                    assertThat(refused.getMessage()).isEqualTo(message);
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"amount\": null}"})
    void aPayoutNeedsItsAmount(String body) {
        assertThatThrownBy(() -> TransferRequest.payout(bytes(body)))
                .isInstanceOfSatisfying(ServiceException.class, refused -> assertThat(refused.getMessage())
                        .isEqualTo("amount is required"));
    }

    private static byte[] bytes(String body) {
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
