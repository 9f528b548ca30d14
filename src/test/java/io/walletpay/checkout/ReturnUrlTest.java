package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReturnUrlTest {

    private static final UUID ID = UUID.fromString("0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b");

    @Test
    void appendsTheResultToAUrlWithoutQuery() {
        assertThat(ReturnUrl.withResult("https://shop.example/done", ID, "order-1", "completed"))
                .isEqualTo("https://shop.example/done?transaction_id=" + ID + "&reference_id=order-1&status=completed");
    }

    @Test
    void keepsTheMerchantsOwnQueryParameters() {
        assertThat(ReturnUrl.withResult("https://shop.example/done?lang=fr&cart=7", ID, "r", "failed"))
                .isEqualTo("https://shop.example/done?lang=fr&cart=7&transaction_id=" + ID
                        + "&reference_id=r&status=failed");
    }

    @Test
    void aTrailingQuestionMarkOrAmpersandAddsNoEmptyParameter() {
        assertThat(ReturnUrl.withResult("https://shop.example/done?", ID, null, "cancelled"))
                .isEqualTo("https://shop.example/done?transaction_id=" + ID + "&status=cancelled");
        assertThat(ReturnUrl.withResult("https://shop.example/done?a=1&", ID, null, "cancelled"))
                .isEqualTo("https://shop.example/done?a=1&transaction_id=" + ID + "&status=cancelled");
    }

    @Test
    void leavesOutTheReferenceWhenThePaymentHasNone() {
        assertThat(ReturnUrl.withResult("http://localhost:9000/r", ID, null, "completed"))
                .doesNotContain("reference_id");
    }

    @Test
    void encodesTheReferenceSoItCannotAddParametersOrBreakTheUrl() {
        String url = ReturnUrl.withResult("https://shop.example/done", ID, "a&status=completed #1/é+", "failed");
        assertThat(url).endsWith("&reference_id=a%26status%3Dcompleted%20%231%2F%C3%A9%2B&status=failed");
    }

    @Test
    void dropsParametersOfTheSameNamesThatTheMerchantUrlAlreadyHad() {
        assertThat(ReturnUrl.withResult(
                        "https://shop.example/done?status=completed&x=1&st%61tus=paid", ID, "r", "failed"))
                .isEqualTo("https://shop.example/done?x=1&transaction_id=" + ID + "&reference_id=r&status=failed");
    }

    @Test
    void putsTheQueryBeforeAFragment() {
        assertThat(ReturnUrl.withResult("https://shop.example/app#/done", ID, null, "completed"))
                .isEqualTo("https://shop.example/app?transaction_id=" + ID + "&status=completed#/done");
    }
}
