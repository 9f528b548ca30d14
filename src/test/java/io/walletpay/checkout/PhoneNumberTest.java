package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class PhoneNumberTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "50937123456",
                "+50937123456",
                "509 3712 3456",
                "+509 37-12-34-56",
                " 50937123456 ",
                "509-3712-3456",
                "+509\u00A037123456"
            })
    void acceptsA509NumberWithSpacesDashesAndALeadingPlus(String raw) {
        assertThat(PhoneNumber.parse(raw)).contains("50937123456");
    }

    @ParameterizedTest
    @ValueSource(strings = {"3700 1234", "37001234", "509 3700 1234", "+509-3700-1234", "3700-1234", " 37 00 12 34 "})
    void acceptsTheEightDigitsTheWayPeopleInHaitiTypeThem(String raw) {
        assertThat(PhoneNumber.parse(raw)).contains("50937001234");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "3712345",
                "+37123456",
                "371234567",
                "5093712345",
                "509371234567",
                "50837123456",
                "++50937123456",
                "509+37123456",
                "(509) 3712 3456",
                "509.3712.3456",
                "5093712345a",
                "٥٠٩٣٧١٢٣٤٥٦",
                "tel:50937123456",
                "0050937123456",
                "   ",
                "50937123456 50937123456"
            })
    void rejectsAnythingElse(String raw) {
        assertThat(PhoneNumber.parse(raw)).isEmpty();
    }

    @Test
    void onlyTheSandboxTestNumberIsDeclined() {
        assertThat(PhoneNumber.from("509 0000 0002").orElseThrow().declinedInSandbox())
                .isTrue();
        assertThat(PhoneNumber.from("50900000003").orElseThrow().declinedInSandbox())
                .isFalse();
        assertThat(PhoneNumber.from("50937123456").orElseThrow().declinedInSandbox())
                .isFalse();
    }

    @Test
    void theValueHoldsOnlyCanonicalDigits() {
        assertThat(PhoneNumber.from("+509-3712-3456")).map(PhoneNumber::digits).contains("50937123456");
        assertThatThrownBy(() -> new PhoneNumber("+50937123456")).isInstanceOf(IllegalArgumentException.class);
    }
}
