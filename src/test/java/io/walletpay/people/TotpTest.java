package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The second factor's codes (RFC 6238), its secret's text and the enrolment URI authenticator apps read. */
class TotpTest {

    /** The SHA1 seed of RFC 6238, appendix B: the ASCII digits 1 to 0, twice. */
    private static final byte[] RFC_SEED = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    /** RFC 6238 appendix B, the SHA1 rows: seconds since the epoch and the eight-digit code. */
    private static final Map<Long, String> RFC_SHA1 = new LinkedHashMap<>();

    static {
        RFC_SHA1.put(59L, "94287082");
        RFC_SHA1.put(1111111109L, "07081804");
        RFC_SHA1.put(1111111111L, "14050471");
        RFC_SHA1.put(1234567890L, "89005924");
        RFC_SHA1.put(2000000000L, "69279037");
        RFC_SHA1.put(20000000000L, "65353130");
    }

    private static final Instant NOW = Instant.parse("2026-12-02T14:00:10Z");

    /** Fixed secrets, so that which codes collide by chance (one in a million per pair) is known, not drawn. */
    private static final byte[] SECRET = Totp.secretFromBase32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");

    private static final byte[] OTHER = Totp.secretFromBase32("KRUSA3LBOJUSA4DFPFSSA5DBNRUWQYLY");

    @Test
    void theLibraryMakesTheRfcTestVectorsWithEightDigits() throws Exception {
        var eightDigits = new TimeBasedOneTimePasswordGenerator(
                Duration.ofSeconds(30), 8, TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1);
        var key = new SecretKeySpec(RFC_SEED, "HmacSHA1");
        for (var row : RFC_SHA1.entrySet()) {
            assertThat(eightDigits.generateOneTimePasswordString(key, Instant.ofEpochSecond(row.getKey()), Locale.ROOT))
                    .as("T = %d", row.getKey())
                    .isEqualTo(row.getValue());
        }
    }

    @Test
    void sixDigitCodesAreTheLastSixDigitsOfTheRfcVectors() {
        for (var row : RFC_SHA1.entrySet()) {
            Instant at = Instant.ofEpochSecond(row.getKey());
            String expected = row.getValue().substring(2);

            assertThat(Totp.codeAt(RFC_SEED, at)).as("T = %d", row.getKey()).isEqualTo(expected);
            assertThat(Totp.verify(RFC_SEED, expected, at, -1)).hasValue(Totp.stepOf(at));
        }
    }

    @Test
    void aCodeWithLeadingZerosKeepsThem() {
        // 1111111109 s gives 07081804, so 081804 in six digits
        assertThat(Totp.codeAt(RFC_SEED, Instant.ofEpochSecond(1111111109L))).isEqualTo("081804");
    }

    @Test
    void theCurrentCodeIsAcceptedOnceAndItsStepReturned() {
        byte[] secret = SECRET;
        String code = Totp.codeAt(secret, NOW);
        long step = NOW.getEpochSecond() / 30;

        assertThat(Totp.verify(secret, code, NOW, -1)).hasValue(step);
        assertThat(Totp.verify(secret, code, NOW, step)).isEmpty();
        assertThat(Totp.verify(secret, code, NOW.plusSeconds(20), step)).isEmpty();
    }

    @Test
    void aCodeOlderThanTheLastUsedOneIsRefused() {
        byte[] secret = SECRET;
        String previous = Totp.codeAt(secret, NOW.minusSeconds(30));
        long current = Totp.stepOf(NOW);

        assertThat(Totp.verify(secret, previous, NOW, current - 2)).hasValue(current - 1);
        assertThat(Totp.verify(secret, previous, NOW, current)).isEmpty();
    }

    @Test
    void oneStepOfClockDriftEitherWayIsAcceptedAndTwoAreNot() {
        byte[] secret = SECRET;
        long step = Totp.stepOf(NOW);

        assertThat(Totp.verify(secret, Totp.codeAt(secret, NOW.minusSeconds(30)), NOW, -1))
                .hasValue(step - 1);
        assertThat(Totp.verify(secret, Totp.codeAt(secret, NOW.plusSeconds(30)), NOW, -1))
                .hasValue(step + 1);
        String twoBehind = Totp.codeAt(secret, NOW.minusSeconds(60));
        String twoAhead = Totp.codeAt(secret, NOW.plusSeconds(60));
        // a code can equal one of the accepted steps' by chance (one in a million); this secret's at NOW do not
        assertThat(twoBehind).isNotIn(codesAround(secret, NOW));
        assertThat(twoAhead).isNotIn(codesAround(secret, NOW));
        assertThat(Totp.verify(secret, twoBehind, NOW, -1)).isEmpty();
        assertThat(Totp.verify(secret, twoAhead, NOW, -1)).isEmpty();
    }

    @Test
    void spacesAroundAndInsideTheCodeAreIgnored() {
        byte[] secret = SECRET;
        String code = Totp.codeAt(secret, NOW);
        String spaced = "  " + code.substring(0, 3) + " " + code.substring(3) + "\n";

        assertThat(Totp.verify(secret, spaced, NOW, -1)).hasValue(Totp.stepOf(NOW));
    }

    @Test
    void anythingButSixDigitsIsRefused() {
        byte[] secret = SECRET;
        String code = Totp.codeAt(secret, NOW);
        String[] refused = {
            null,
            "",
            code.substring(1),
            code + "0",
            "0" + code,
            code.substring(0, 5) + "a",
            "-" + code.substring(1),
            // Arabic-Indic digits are digits to Character.isDigit, not to an authenticator
            code.chars()
                    .map(c -> 0x0660 + (c - '0'))
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                    .toString(),
        };
        for (String typed : refused) {
            assertThat(Totp.verify(secret, typed, NOW, -1))
                    .as(String.valueOf(typed))
                    .isEmpty();
        }
        assertThat(Totp.verify(null, code, NOW, -1)).isEmpty();
        assertThat(Totp.verify(new byte[0], code, NOW, -1)).isEmpty();
    }

    @Test
    void aCodeOfAnotherSecretIsRefused() {
        byte[] secret = SECRET;
        String theirs = Totp.codeAt(OTHER, NOW);
        assertThat(theirs).isNotIn(codesAround(secret, NOW));

        assertThat(Totp.verify(secret, theirs, NOW, -1)).isEmpty();
    }

    @Test
    void newSecretsAreTwentyRandomBytes() {
        byte[] one = Totp.newSecret();
        byte[] two = Totp.newSecret();

        assertThat(one).hasSize(20);
        assertThat(two).hasSize(20);
        assertThat(Arrays.equals(one, two)).isFalse();
    }

    @Test
    void base32IsRfc4648WithoutPaddingAndReadsBack() {
        // RFC 4648 section 10's vectors, padding removed
        assertThat(Totp.base32("f".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MY");
        assertThat(Totp.base32("foobar".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXW6YTBOI");
        assertThat(Totp.base32(RFC_SEED)).isEqualTo("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");

        byte[] secret = Totp.newSecret();
        String text = Totp.base32(secret);
        assertThat(text).hasSize(32).matches("[A-Z2-7]+");
        assertThat(Totp.secretFromBase32(text)).isEqualTo(secret);
        assertThat(Totp.secretFromBase32(text.toLowerCase(Locale.ROOT))).isEqualTo(secret);
        String grouped = String.join(" ", text.split("(?<=\\G.{4})"));
        assertThat(Totp.secretFromBase32(grouped)).isEqualTo(secret);
        assertThat(Totp.secretFromBase32("MZXW6YTBOI======")).isEqualTo("foobar".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void textThatIsNotBase32IsRefused() {
        assertThatThrownBy(() -> Totp.secretFromBase32("MZXW6YTB01")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Totp.secretFromBase32("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theUriNamesIssuerAndAccountPercentEncodedAndTheSettingsAppsRead() throws Exception {
        byte[] secret = Totp.newSecret();

        String uri = Totp.otpauthUri("Boutik Ti Mari", "mari+kès@example.ht", secret);

        assertThat(uri)
                .isEqualTo("otpauth://totp/Boutik%20Ti%20Mari:mari%2Bk%C3%A8s@example.ht?secret=" + Totp.base32(secret)
                        + "&issuer=Boutik%20Ti%20Mari&algorithm=SHA1&digits=6&period=30");
        assertThat(uri).doesNotContain("+").doesNotContain(" ");
        URI parsed = new URI(uri);
        assertThat(parsed.getScheme()).isEqualTo("otpauth");
        assertThat(parsed.getHost()).isEqualTo("totp");
        assertThat(parsed.getPath()).isEqualTo("/Boutik Ti Mari:mari+kès@example.ht");
        Map<String, String> query = query(parsed.getRawQuery());
        assertThat(query)
                .containsEntry("issuer", "Boutik Ti Mari")
                .containsEntry("algorithm", "SHA1")
                .containsEntry("digits", "6")
                .containsEntry("period", "30");
        assertThat(Totp.secretFromBase32(query.get("secret"))).isEqualTo(secret);
    }

    @Test
    void aColonInTheIssuerOrAccountIsEncodedSoTheLabelKeepsOneSeparator() {
        String uri = Totp.otpauthUri("Ti Mari: Pòtoprens", "a:b@example.ht", Totp.newSecret());

        String label = uri.substring("otpauth://totp/".length(), uri.indexOf('?'));
        assertThat(label).isEqualTo("Ti%20Mari%3A%20P%C3%B2toprens:a%3Ab@example.ht");
        assertThat(uri).contains("&issuer=Ti%20Mari%3A%20P%C3%B2toprens&");
    }

    @Test
    void aCodeReadBackFromTheUriIsAcceptedAsAnAuthenticatorAppWouldMakeIt() throws Exception {
        byte[] secret = Totp.newSecret();
        String uri = Totp.otpauthUri("Boutik Ti Mari", "mari@example.ht", secret);

        byte[] appSecret =
                Totp.secretFromBase32(query(new URI(uri).getRawQuery()).get("secret"));

        assertThat(Totp.verify(secret, Totp.codeAt(appSecret, NOW), NOW, -1)).hasValue(Totp.stepOf(NOW));
    }

    private static List<String> codesAround(byte[] secret, Instant at) {
        return List.of(
                Totp.codeAt(secret, at.minusSeconds(30)),
                Totp.codeAt(secret, at),
                Totp.codeAt(secret, at.plusSeconds(30)));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            out.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
