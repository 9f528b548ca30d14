package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CreatePaymentRequestTest {

    private static final AmountLimits LIMITS = AmountLimits.defaults();

    private static CreatePaymentRequest parse(String json) {
        return CreatePaymentRequest.parse(json.getBytes(StandardCharsets.UTF_8), LIMITS);
    }

    private static String withAmount(String amountJson) {
        return "{\"amount\":" + amountJson + "}";
    }

    private static String withField(String field, String valueJson) {
        return "{\"amount\":100,\"" + field + "\":" + valueJson + "}";
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> refused(String json, String code, String field) {
        return refusedBytes(json.getBytes(StandardCharsets.UTF_8), code, field);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> refusedBytes(
            byte[] body, String code, String field) {
        return assertThatThrownBy(() -> CreatePaymentRequest.parse(body, LIMITS))
                .isInstanceOfSatisfying(ServiceException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ErrorKind.VALIDATION);
                    assertThat(e.code()).isEqualTo(code);
                    assertThat(e.field()).isEqualTo(field);
                });
    }

    // --- a complete request ---

    @Test
    void readsEveryFieldOfTheSeedExample() {
        CreatePaymentRequest request = parse(
                """
        {"amount": 2500, "reference_id": "ORDER-1042", "customer_name": "Jean Baptiste",
         "customer_email": "jean@example.ht", "description": "Diri ak pwa"}""");

        assertThat(request)
                .isEqualTo(new CreatePaymentRequest(
                        new BigDecimal("2500.00"), "ORDER-1042", "Jean Baptiste", "jean@example.ht", "Diri ak pwa"));
    }

    @Test
    void optionalFieldsAreNullWhenAbsentOrJsonNull() {
        CreatePaymentRequest absent = parse("{\"amount\":10}");
        CreatePaymentRequest nulls = parse(
                """
        {"amount":10,"reference_id":null,"customer_name":null,"customer_email":null,"description":null}""");

        for (CreatePaymentRequest request : new CreatePaymentRequest[] {absent, nulls}) {
            assertThat(request.referenceId()).isNull();
            assertThat(request.customerName()).isNull();
            assertThat(request.customerEmail()).isNull();
            assertThat(request.description()).isNull();
        }
    }

    @Test
    void toleratesWhitespaceAndAByteOrderMark() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] json = " \n\t{ \"amount\" : 5 } \r\n".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[bom.length + json.length];
        System.arraycopy(bom, 0, body, 0, bom.length);
        System.arraycopy(json, 0, body, bom.length, json.length);

        assertThat(CreatePaymentRequest.parse(body, LIMITS).amount()).isEqualTo(new BigDecimal("5.00"));
    }

    // --- amount ---

    @ParameterizedTest
    @ValueSource(
            strings = {
                "100",
                "100.0",
                "100.00",
                "100.000",
                "1e2",
                "1E2",
                "1e+2",
                "10000e-2",
                "0.1e3",
                "100.00000000000000000000000000"
            })
    void amountIsAcceptedInAnyFormWhoseExactValueIsOneHundred(String amount) {
        BigDecimal parsed = parse(withAmount(amount)).amount();

        assertThat(parsed).isEqualTo(new BigDecimal("100.00"));
        assertThat(parsed.scale()).isEqualTo(2);
    }

    @Test
    void amountKeepsItsCentimesWithoutPrecisionLoss() {
        assertThat(parse(withAmount("1.5")).amount()).hasToString("1.50");
        assertThat(parse(withAmount("1.50")).amount()).hasToString("1.50");
        assertThat(parse(withAmount("1.230")).amount()).hasToString("1.23");
        assertThat(parse(withAmount("99999.99")).amount()).hasToString("99999.99");
        assertThat(parse(withAmount("0.0000000001e10")).amount()).hasToString("1.00");
    }

    @Test
    void amountLimitsAreInclusive() {
        assertThat(parse(withAmount("1.00")).amount()).hasToString("1.00");
        assertThat(parse(withAmount("100000.00")).amount()).hasToString("100000.00");
    }

    @Test
    void amountIsRequired() {
        refused("{}", "invalid_amount", "amount").hasMessage("amount is required");
        refused("{\"description\":\"x\"}", "invalid_amount", "amount");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"100\"", "true", "false", "null", "[1]", "[]", "{\"a\":1}", "{}", "\"\""})
    void amountMustBeAJsonNumber(String amount) {
        refused(withAmount(amount), "invalid_amount", "amount").hasMessage("amount must be a number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0.00", "-0", "-0.0", "-1", "-100.00", "-1e300", "0e5", "0.000e-999999999"})
    void amountMustBeGreaterThanZero(String amount) {
        refused(withAmount(amount), "invalid_amount", "amount").hasMessage("amount must be greater than 0");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.234",
                "0.001",
                "100.001",
                "1e-3",
                "12345e-3",
                "1e-300",
                "1e-999999999",
                "1e-99999999999999999999999999"
            })
    void amountMustHaveAtMostTwoDecimals(String amount) {
        refused(withAmount(amount), "invalid_amount", "amount")
                .hasMessage("amount must have at most two decimal places");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "100000.01",
                "100001",
                "1e300",
                "1e999999999",
                "1E+99999999999999999999",
                "123456789012345678901234567890",
                "1e6"
            })
    void amountMustNotExceedTheMaximum(String amount) {
        refused(withAmount(amount), "invalid_amount", "amount").hasMessage("amount must be at most 100000.00");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.99", "0.01", "0.5"})
    void amountMustReachTheMinimum(String amount) {
        refused(withAmount(amount), "invalid_amount", "amount").hasMessage("amount must be at least 1.00");
    }

    @Test
    void amountTextIsAtMostOneHundredCharactersLong() {
        String longest = "100." + "0".repeat(96);
        assertThat(parse(withAmount(longest)).amount()).hasToString("100.00");

        refused(withAmount(longest + "0"), "invalid_amount", "amount")
                .hasMessage("amount must be at most 100 characters long");
        refused(withAmount("1" + "0".repeat(5_000_000)), "invalid_amount", "amount");
        refused(withAmount("-0." + "0".repeat(5000) + "1"), "invalid_amount", "amount");
    }

    @Test
    void amountLimitsComeFromTheCaller() {
        AmountLimits narrow = new AmountLimits(new BigDecimal("50"), new BigDecimal("60.5"));
        byte[] tooSmall = withAmount("49.99").getBytes(StandardCharsets.UTF_8);
        byte[] tooLarge = withAmount("60.51").getBytes(StandardCharsets.UTF_8);

        assertThat(CreatePaymentRequest.parse(withAmount("60.50").getBytes(StandardCharsets.UTF_8), narrow)
                        .amount())
                .hasToString("60.50");
        assertThatThrownBy(() -> CreatePaymentRequest.parse(tooSmall, narrow))
                .hasMessage("amount must be at least 50.00");
        assertThatThrownBy(() -> CreatePaymentRequest.parse(tooLarge, narrow))
                .hasMessage("amount must be at most 60.50");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "+1", "01", ".5", "1.", "0x10", "1e", "--1", "1_000"})
    void nonJsonNumbersAreMalformed(String amount) {
        refused(withAmount(amount), "malformed_json", null);
    }

    // --- string fields ---

    @Test
    void stringFieldsMayBeExactlyAsLongAsTheirLimitInCodePoints() {
        String emoji = "\uD83C\uDDED\uD83C\uDDF9"; // two code points, four chars
        CreatePaymentRequest request = parse("{\"amount\":1,"
                + "\"reference_id\":" + quoted("r".repeat(100)) + ","
                + "\"customer_name\":" + quoted(emoji.repeat(100)) + ","
                + "\"description\":" + quoted("é".repeat(500)) + "}");

        assertThat(request.referenceId()).hasSize(100);
        assertThat(request.customerName()
                        .codePointCount(0, request.customerName().length()))
                .isEqualTo(200);
        assertThat(request.description()).hasSize(500);
    }

    @Test
    void stringFieldsLongerThanTheirLimitAreRefused() {
        refused(withField("reference_id", quoted("r".repeat(101))), "invalid_reference_id", "reference_id")
                .hasMessage("reference_id must be at most 100 characters");
        refused(withField("customer_name", quoted("n".repeat(201))), "invalid_customer_name", "customer_name")
                .hasMessage("customer_name must be at most 200 characters");
        refused(withField("description", quoted("d".repeat(501))), "invalid_description", "description")
                .hasMessage("description must be at most 500 characters");
        refused(
                        withField(
                                "customer_email",
                                quoted("a".repeat(64) + "@" + "b".repeat(63) + "." + "c".repeat(63) + "."
                                        + "d".repeat(63) + ".ht")),
                        "invalid_customer_email",
                        "customer_email")
                .hasMessage("customer_email must be at most 254 characters");
    }

    @Test
    void hugeStringsAreRefusedAsThatField() {
        refused(withField("reference_id", quoted("x".repeat(1 << 20))), "invalid_reference_id", "reference_id")
                .hasMessage("reference_id must be at most 100 characters");
        refused(withField("description", quoted("x".repeat(3 << 20))), "invalid_description", "description")
                .hasMessage("description must be at most 500 characters");
        refused(withAmount(quoted("1".repeat(3 << 20))), "invalid_amount", "amount")
                .hasMessage("amount must be a number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference_id", "customer_name", "description", "customer_email"})
    void stringFieldsMustBeStrings(String field) {
        for (String value : new String[] {"1", "1.5", "true", "[\"x\"]", "{\"x\":\"y\"}", "[]"}) {
            refused(withField(field, value), "invalid_" + field, field).hasMessage(field + " must be a string");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference_id", "customer_name", "description", "customer_email"})
    void presentStringFieldsMustNotBeEmptyOrBlank(String field) {
        refused(withField(field, "\"\""), "invalid_" + field, field).hasMessage(field + " must not be empty");
        refused(withField(field, "\"  \""), "invalid_" + field, field).hasMessage(field + " must not be empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\u0000", "\\n", "\\t", "\\r", "\\u001f", "\\u007f", "\\u0085"})
    void controlCharactersAreRefusedInEveryStringField(String escape) {
        for (String field : new String[] {"reference_id", "customer_name", "description", "customer_email"}) {
            refused(withField(field, quoted("ab" + escape + "c@d.ht")), "invalid_" + field, field);
        }
    }

    /** A right-to-left override or an isolate would show a reference or a name reversed on a page or in a CSV. */
    @ParameterizedTest
    @ValueSource(strings = {"\\u202a", "\\u202e", "\\u2066", "\\u2069", "\\u2028", "\\u2029"})
    void bidirectionalControlsAndLineSeparatorsAreRefusedInEveryStringField(String escape) {
        for (String field : new String[] {"reference_id", "customer_name", "description", "customer_email"}) {
            refused(withField(field, quoted("ab" + escape + "c@d.ht")), "invalid_" + field, field)
                    .hasMessageContaining("bidirectional controls");
        }
        // the marks people do type in right-to-left names stay allowed
        assertThat(parse(withField("customer_name", quoted("a\\u200fb"))).customerName())
                .isEqualTo("a\u200fb");
    }

    @Test
    void rawControlCharactersInsideAStringAreNotJson() {
        refused(withField("description", "\"a\u0001b\""), "malformed_json", null);
    }

    @Test
    void loneSurrogatesAreRefused() {
        refused(withField("customer_name", quoted("a\\ud800b")), "invalid_customer_name", "customer_name")
                .hasMessage("customer_name must be valid Unicode text");
        refused(withField("customer_name", quoted("\\udc00")), "invalid_customer_name", "customer_name");
        assertThat(parse(withField("customer_name", quoted("\\ud83d\\ude00"))).customerName())
                .isEqualTo("😀");
    }

    @Test
    void stringsAreKeptExactlyAsSent() {
        assertThat(parse(withField("customer_name", quoted(" Marie-Claire  Désir ")))
                        .customerName())
                .isEqualTo(" Marie-Claire  Désir ");
    }

    // --- customer_email ---

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a@b.ht",
                "jean.baptiste+order@mail.example.ht",
                "o'neil@example.com",
                "x@xn--p1ai.xn--p1ai",
                "élise@exemple.fr",
                "a_b-c@sub-domain.example.org"
            })
    void plausibleAddressesAreAccepted(String email) {
        assertThat(parse(withField("customer_email", quoted(email))).customerEmail())
                .isEqualTo(email);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "a@",
                "@b.c",
                "a b@c.d",
                "a@b",
                "a@@b.ht",
                "a@b@c.ht",
                "a@b.c",
                "a@.b.ht",
                "a@b..ht",
                "a@b.ht.",
                ".a@b.ht",
                "a.@b.ht",
                "a..b@c.ht",
                "a@-b.ht",
                "a@b-.ht",
                "a@b.123",
                "a@b c.ht",
                "<a>@b.ht",
                "a@[1.2.3.4]",
                "a@b_c.ht",
                "a\u00a0b@c.ht"
            })
    void addressesOfTheWrongShapeAreRefused(String email) {
        refused(withField("customer_email", quoted(email)), "invalid_customer_email", "customer_email")
                .hasMessage("customer_email must be an e-mail address");
    }

    @Test
    void emailLocalPartIsAtMost64AndTheWholeAddressAtMost254() {
        String domain = "example.ht";
        assertThat(parse(withField("customer_email", quoted("l".repeat(64) + "@" + domain)))
                        .customerEmail())
                .startsWith("lll");
        refused(
                withField("customer_email", quoted("l".repeat(65) + "@" + domain)),
                "invalid_customer_email",
                "customer_email");

        String longDomain = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(57);
        String address254 = "e@" + longDomain + ".ht";
        assertThat(address254).hasSize(254);
        assertThat(parse(withField("customer_email", quoted(address254))).customerEmail())
                .isEqualTo(address254);
        refused(
                        withField("customer_email", quoted("ee@" + longDomain + ".ht")),
                        "invalid_customer_email",
                        "customer_email")
                .hasMessage("customer_email must be at most 254 characters");
    }

    // --- structure ---

    @Test
    void unknownFieldIsRefusedByName() {
        refused("{\"amount\":1,\"currency\":\"HTG\"}", "unknown_field", "currency")
                .hasMessage("Unknown field 'currency'");
    }

    @Test
    void unknownFieldIsRefusedWithoutReadingItsValue() {
        String deep = "[".repeat(100_000);
        refused("{\"metadata\":" + deep, "unknown_field", "metadata");
        refused("{\"Amount\":1}", "unknown_field", "Amount");
    }

    @Test
    void aHugeUnknownFieldNameIsNotEchoedInFull() {
        String name = "n".repeat(900);
        assertThatThrownBy(() -> parse("{\"" + name + "\":1}")).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.code()).isEqualTo("unknown_field");
            assertThat(e.field()).hasSize(65).endsWith("…");
            assertThat(e.getMessage()).hasSizeLessThan(100);
        });
    }

    @Test
    void duplicateFieldsAreRefusedNamingTheField() {
        refused("{\"amount\":1,\"amount\":2}", "malformed_json", null)
                .hasMessage("Field 'amount' appears more than once");
        refused("{\"amount\":1,\"description\":\"a\",\"description\":\"a\"}", "malformed_json", null)
                .hasMessage("Field 'description' appears more than once");
    }

    @Test
    void emptyBodiesAreMalformed() {
        refusedBytes(new byte[0], "malformed_json", null).hasMessage("The body is empty; expected a JSON object");
        refusedBytes(null, "malformed_json", null);
        refused("   \n ", "malformed_json", null).hasMessage("The body is empty; expected a JSON object");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[{\"amount\":1}]", "1", "\"amount\"", "null", "true"})
    void aTopLevelOtherThanAnObjectIsMalformed(String body) {
        refused(body, "malformed_json", null).hasMessage("The body must be one JSON object");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"amount\":1} x",
                "{\"amount\":1}{}",
                "{\"amount\":1},",
                "{\"amount\":1}]",
                "{\"amount\":1} 1",
                "{\"amount\":1}}"
            })
    void anythingAfterTheObjectIsMalformed(String body) {
        refused(body, "malformed_json", null);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{",
                "{\"amount\":1",
                "{\"amount\":}",
                "{\"amount\" 1}",
                "{amount:1}",
                "{'amount':1}",
                "{\"amount\":1,}",
                "{\"amount\":1 /* c */}",
                "{\"amount\":1.234",
                "{,}",
                "}"
            })
    void brokenJsonIsMalformedWithAShortHumanMessage(String body) {
        refused(body, "malformed_json", null).satisfies(e -> {
            assertThat(e.getMessage())
                    .doesNotContain("line:", "column:", "Source", "Jackson")
                    .hasSizeLessThan(80);
        });
    }

    @Test
    void structureIsCheckedBeforeFieldValues() {
        refused("{\"amount\":1.234,", "malformed_json", null);
        refused("{\"reference_id\":1} trailing", "malformed_json", null);
    }

    @Test
    void invalidUtf8IsMalformed() {
        byte[] prefix = "{\"amount\":1,\"description\":\"".getBytes(StandardCharsets.UTF_8);
        for (byte[] bad : new byte[][] {
            {(byte) 0xC3}, // truncated sequence
            {(byte) 0xFF}, // never valid
            {(byte) 0xC0, (byte) 0xAF}, // overlong '/'
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80} // encoded surrogate
        }) {
            byte[] body = new byte[prefix.length + bad.length + 2];
            System.arraycopy(prefix, 0, body, 0, prefix.length);
            System.arraycopy(bad, 0, body, prefix.length, bad.length);
            body[body.length - 2] = '"';
            body[body.length - 1] = '}';
            refusedBytes(body, "malformed_json", null).hasMessage("The body is not valid UTF-8");
        }
    }

    @Test
    void utf16IsNotGuessed() {
        refusedBytes("{\"amount\":1}".getBytes(StandardCharsets.UTF_16LE), "malformed_json", null);
    }
}
