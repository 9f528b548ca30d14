package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recovery codes: how many, their shape, and how a typed one is read and hashed. */
class RecoveryCodesTest {

    @Test
    void tenDifferentCodesInTheShownShape() {
        List<String> codes = RecoveryCodes.newCodes();

        assertThat(codes).hasSize(10).doesNotHaveDuplicates();
        assertThat(codes).allSatisfy(code -> {
            assertThat(code).matches("[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}");
            assertThat(RecoveryCodes.looksLikeOne(code)).isTrue();
        });
    }

    @Test
    void noCodeHasALookAlikeCharacter() {
        assertThat(RecoveryCodes.ALPHABET)
                .doesNotContain("0", "o", "1", "l", "i")
                .hasSize(31);
        var seen = new HashSet<Character>();
        for (int batch = 0; batch < 20; batch++) {
            for (String code : RecoveryCodes.newCodes()) {
                assertThat(code).doesNotContain("0", "o", "1", "l", "i");
                code.replace("-", "").chars().forEach(c -> seen.add((char) c));
            }
        }
        // 2,000 characters drawn: every one of the 31 comes up (a missing one has odds under 1e-26)
        assertThat(seen).hasSize(31);
    }

    @Test
    void twoBatchesShareNoCode() {
        assertThat(RecoveryCodes.newCodes()).doesNotContainAnyElementsOf(RecoveryCodes.newCodes());
    }

    @Test
    void caseSpacesAndDashesDoNotChangeTheHash() {
        byte[] hash = RecoveryCodes.hashOf("abcdefghjk");

        assertThat(RecoveryCodes.hashOf("ABCDE-FGHJK")).isEqualTo(hash);
        assertThat(RecoveryCodes.hashOf("abcde fghjk")).isEqualTo(hash);
        assertThat(RecoveryCodes.hashOf(" abcde\u2013fghjk \n")).isEqualTo(hash);
        assertThat(RecoveryCodes.hashOf("abcde-fghjm")).isNotEqualTo(hash);
    }

    @Test
    void theHashIsTheSha256OfTheNormalisedCode() throws Exception {
        byte[] expected = MessageDigest.getInstance("SHA-256").digest("abcdefghjk".getBytes(StandardCharsets.US_ASCII));

        assertThat(RecoveryCodes.hashOf("ABCDE-FGHJK")).hasSize(32).isEqualTo(expected);
    }

    @Test
    void aTypedCodeMatchesTheStoredHashOfItsOwnCodeOnly() {
        List<String> codes = RecoveryCodes.newCodes();
        byte[] stored = RecoveryCodes.hashOf(codes.get(0));

        assertThat(RecoveryCodes.matches(codes.get(0).toUpperCase(java.util.Locale.ROOT), stored))
                .isTrue();
        assertThat(RecoveryCodes.matches(codes.get(1), stored)).isFalse();
        assertThat(RecoveryCodes.matches(null, stored)).isFalse();
        assertThat(RecoveryCodes.matches(codes.get(0), null)).isFalse();
    }

    @Test
    void onlyTenCharactersOfTheAlphabetLookLikeACode() {
        assertThat(RecoveryCodes.looksLikeOne("ABCDE-FGHJK")).isTrue();
        assertThat(RecoveryCodes.looksLikeOne("abcde fghjk")).isTrue();
        assertThat(RecoveryCodes.looksLikeOne("abcdefghjk")).isTrue();
        assertThat(RecoveryCodes.looksLikeOne("abcde-fghj")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("abcde-fghjkm")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("abcde-fghj0")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("abcde-fghji")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("123456")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("abcdè-fghjk")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne("")).isFalse();
        assertThat(RecoveryCodes.looksLikeOne(null)).isFalse();
    }
}
