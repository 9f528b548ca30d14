package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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
                "+509\u00A037123456",
                "(509) 3712 3456",
                "509.3712.3456",
                "0050937123456",
                "00 509 3712-3456",
                "+509 (3712) 3456"
            })
    void acceptsA509NumberInEverySpellingPeopleUse(String raw) {
        assertThat(PhoneNumber.parse(raw)).contains("50937123456");
    }

    @ParameterizedTest
    @ValueSource(strings = {"3700 1234", "37001234", "509 3700 1234", "+509-3700-1234", "3700-1234", " 37 00 12 34 "})
    void acceptsTheEightDigitsTheWayPeopleInHaitiTypeThem(String raw) {
        assertThat(PhoneNumber.parse(raw)).contains("50937001234");
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "'', MISSING",
        "'   ', MISSING",
        "3712345, TOO_SHORT",
        "5093712345, TOO_SHORT",
        "371234567, TOO_LONG",
        "509371234567, TOO_LONG",
        "50837123456, TOO_LONG",
        "'50937123456 50937123456', TOO_LONG",
        "+37123456, NOT_HAITIAN",
        "+1 305 555 0100, NOT_HAITIAN",
        "++50937123456, NOT_DIGITS",
        "509+37123456, NOT_DIGITS",
        "5093712345a, NOT_DIGITS",
        "٥٠٩٣٧١٢٣٤٥٦, NOT_DIGITS",
        "tel:50937123456, NOT_DIGITS",
        "2222 2222, LANDLINE",
        "509 2812 3456, LANDLINE",
        "1234 5678, NOT_MOBILE",
        "0000 0002, NOT_MOBILE",
        "6712 3456, NOT_MOBILE"
    })
    void saysExactlyWhatIsWrong(String raw, PhoneNumber.Problem problem) {
        assertThat(PhoneNumber.read(raw).problem()).isEqualTo(problem);
        assertThat(PhoneNumber.parse(raw)).isEmpty();
    }

    @Test
    void nothingAtAllIsMissing() {
        assertThat(PhoneNumber.read(null).problem()).isEqualTo(PhoneNumber.Problem.MISSING);
    }

    @ParameterizedTest
    @ValueSource(strings = {"3712 3456", "4412 3456", "5512 3456", "509 5091 2345"})
    void mobileNumbersStartWithThreeFourOrFive(String raw) {
        assertThat(PhoneNumber.read(raw).valid()).isPresent();
    }

    @Test
    void onlyTheSandboxTestNumberIsDeclined() {
        assertThat(PhoneNumber.sandboxDeclined("509 0000 0002")).isTrue();
        assertThat(PhoneNumber.sandboxDeclined("0000 0002")).isTrue();
        assertThat(PhoneNumber.sandboxDeclined("+509-0000-0002")).isTrue();
        assertThat(PhoneNumber.sandboxDeclined("00509 0000 0002")).isTrue();
        assertThat(PhoneNumber.sandboxDeclined("0000 0003")).isFalse();
        assertThat(PhoneNumber.sandboxDeclined("50900000003")).isFalse();
        assertThat(PhoneNumber.sandboxDeclined("50937123456")).isFalse();
    }

    @Test
    void theValueHoldsOnlyCanonicalDigits() {
        assertThat(PhoneNumber.from("+509-3712-3456")).map(PhoneNumber::digits).contains("50937123456");
        assertThatThrownBy(() -> new PhoneNumber("+50937123456")).isInstanceOf(IllegalArgumentException.class);
    }
}
