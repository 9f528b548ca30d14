package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

class CreatePaymentRequestPropertiesTest {

    private static final AmountLimits LIMITS = AmountLimits.defaults();

    @Property(tries = 3000)
    void jsonIshTextYieldsARequestOrAValidationError(@ForAll("jsonIsh") String body) {
        assertOnlyValidationErrors(body.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 2000)
    void randomBytesYieldARequestOrAValidationError(@ForAll @Size(max = 200) byte[] body) {
        assertOnlyValidationErrors(body);
    }

    @Property(tries = 2000)
    void arbitraryUnicodeInAStringFieldYieldsARequestOrAValidationError(@ForAll String text) {
        String escaped = text.replace("\\", "\\\\").replace("\"", "\\\"");
        assertOnlyValidationErrors(
                ("{\"amount\":10,\"customer_name\":\"" + escaped + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 2000)
    void everyAmountWithinTheLimitsReadsBackExactlyInAnyNotation(
            @ForAll("validAmounts") BigDecimal amount, @ForAll("notations") int notation) {
        String text =
                switch (notation) {
                    case 0 -> amount.toPlainString();
                    case 1 -> amount.stripTrailingZeros().toPlainString();
                    case 2 -> amount.setScale(6).toPlainString();
                    case 3 -> amount.movePointRight(2).toBigIntegerExact() + "e-2";
                    default -> amount.movePointLeft(3).toPlainString() + "E3";
                };

        BigDecimal parsed = CreatePaymentRequest.parse(
                        ("{\"amount\":" + text + "}").getBytes(StandardCharsets.UTF_8), LIMITS)
                .amount();

        assertThat(parsed).isEqualTo(amount);
    }

    private static void assertOnlyValidationErrors(byte[] body) {
        Throwable thrown = catchThrowable(() -> {
            CreatePaymentRequest request = CreatePaymentRequest.parse(body, LIMITS);
            assertThat(request.amount().scale()).isEqualTo(2);
            assertThat(request.amount()).isBetween(LIMITS.min(), LIMITS.max());
        });
        if (thrown != null) {
            assertThat(thrown).isInstanceOf(ServiceException.class);
            ServiceException error = (ServiceException) thrown;
            assertThat(error.kind()).isEqualTo(ErrorKind.VALIDATION);
            assertThat(error.code()).isNotBlank();
            assertThat(error.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<BigDecimal> validAmounts() {
        return Arbitraries.bigDecimals().between(LIMITS.min(), LIMITS.max()).ofScale(2);
    }

    @Provide
    Arbitrary<Integer> notations() {
        return Arbitraries.integers().between(0, 4);
    }

    @Provide
    Arbitrary<String> jsonIsh() {
        Arbitrary<String> names = Arbitraries.of(
                "\"amount\"",
                "\"reference_id\"",
                "\"customer_name\"",
                "\"customer_email\"",
                "\"description\"",
                "\"other\"",
                "\"\"");
        Arbitrary<String> numbers = Arbitraries.of(
                "0",
                "1",
                "-1",
                "1.5",
                "1.234",
                "100",
                "1e2",
                "1e300",
                "1e-300",
                "1e999999999",
                "-0",
                "99999.99",
                "100000.01",
                "0.001",
                "NaN",
                "Infinity",
                "1.",
                ".5",
                "01",
                "1E+2",
                "12345678901234567890",
                "0e0");
        Arbitrary<String> strings = Arbitraries.strings()
                .withCharRange(' ', '~')
                .ofMaxLength(12)
                .map(s -> "\"" + s.replace("\\", "").replace("\"", "") + "\"");
        Arbitrary<String> escapes = Arbitraries.of(
                "\"\\u0000\"",
                "\"\\ud800\"",
                "\"a@b.ht\"",
                "\"\\n\"",
                "\"\\uZZZZ\"",
                "\"\\\"",
                "\"é\"",
                "\"\\ud83d\\ude00\"");
        Arbitrary<String> punctuation = Arbitraries.of(
                "{", "}", "[", "]", ":", ",", " ", "null", "true", "false", "\"", "\\", "/*", "\u0000", "\uFEFF");
        Arbitrary<String> token = Arbitraries.oneOf(names, numbers, strings, escapes, punctuation);
        Arbitrary<String> member = Combinators.combine(names, Arbitraries.oneOf(numbers, strings, escapes, punctuation))
                .as((name, value) -> name + ":" + value);
        Arbitrary<String> objects = member.list().ofMaxSize(6).map(members -> "{" + String.join(",", members) + "}");
        Arbitrary<String> soup = token.list().ofMaxSize(20).map(tokens -> String.join("", tokens));
        Arbitrary<String> mangled = Combinators.combine(
                        objects, soup, Arbitraries.integers().between(0, 3))
                .as((object, extra, how) -> switch (how) {
                    case 0 -> object;
                    case 1 -> object + extra;
                    case 2 -> extra + object;
                    default -> object.substring(0, object.length() / 2) + extra;
                });
        return Arbitraries.oneOf(List.of(objects, soup, mangled));
    }
}
