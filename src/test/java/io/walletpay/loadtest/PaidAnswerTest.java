package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

/** A pay counts as paid only when the checkout's answer says the payment completed, never for any 303 or 200. */
class PaidAnswerTest {

    @Test
    void theReturnUrlWithStatusCompletedIsPaid() {
        assertThat(PaymentFlow.paid(
                        redirect("https://shop.example/back?transaction_id=0b8e&reference_id=A-1&status=completed")))
                .isTrue();
        assertThat(PaymentFlow.paid(redirect("https://shop.example/back?status=completed&transaction_id=0b8e")))
                .isTrue();
    }

    @Test
    void aRedirectForAFailedPaymentOrBackToThePageIsNotPaid() {
        assertThat(PaymentFlow.paid(redirect("https://shop.example/back?transaction_id=0b8e&status=failed")))
                .isFalse();
        assertThat(PaymentFlow.paid(redirect("https://shop.example/back?status=completedly")))
                .isFalse();
        // a decline answers 303 back to the checkout page, to show it
        assertThat(PaymentFlow.paid(redirect("/checkout/tok_abc"))).isFalse();
        assertThat(PaymentFlow.paid(new TargetClient.Answer(303, null, Buffer.buffer())))
                .isFalse();
    }

    @Test
    void aReceiptCountsOnlyWhenItShowsThePaymentCompleted() {
        assertThat(PaymentFlow.paid(page("<span id=\"status\" class=\"ok\" data-status=\"completed\">Paid</span>")))
                .isTrue();
        assertThat(PaymentFlow.paid(page("<span id=\"status\" class=\"bad\" data-status=\"failed\">Failed</span>")))
                .isFalse();
        assertThat(PaymentFlow.paid(new TargetClient.Answer(500, null, Buffer.buffer("data-status=\"completed\""))))
                .isFalse();
    }

    private static TargetClient.Answer redirect(String location) {
        return new TargetClient.Answer(303, location, Buffer.buffer());
    }

    private static TargetClient.Answer page(String html) {
        return new TargetClient.Answer(200, null, Buffer.buffer(html));
    }
}
