package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Passwords stored as Argon2id: what is stored, which typed passwords match it, and which passwords are refused. Each
 * hash costs tens of milliseconds, so the class makes one and checks it several ways.
 */
class PasswordHashTest {

    private static final String PASSWORD = "Bonjou Ti Mari, mèsi 2026";
    private static String stored;

    @BeforeAll
    static void hashOnce() {
        stored = PasswordHash.hash(PASSWORD);
    }

    @Test
    void theStoredValueIsArgon2idWithOwaspParametersASixteenByteSaltAndAThirtyTwoByteHash() {
        assertThat(stored).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        String[] parts = stored.split("\\$");
        assertThat(parts).hasSize(6);
        assertThat(Base64.getDecoder().decode(parts[4])).hasSize(16);
        assertThat(Base64.getDecoder().decode(parts[5])).hasSize(32);
    }

    @Test
    void theSamePasswordMatchesAndAnotherDoesNot() {
        assertThat(PasswordHash.matches(PASSWORD, stored)).isTrue();
        assertThat(PasswordHash.matches("Bonjou Ti Mari, mesi 2026", stored)).isFalse();
    }

    @Test
    void aLetterWithItsAccentAsOneCharacterOrTwoIsTheSamePassword() {
        String decomposed = PASSWORD.replace("è", "e\u0300");
        assertThat(decomposed).isNotEqualTo(PASSWORD);

        assertThat(PasswordHash.matches(decomposed, stored)).isTrue();
    }

    @Test
    void twoHashesOfOnePasswordDifferByTheirSalt() {
        String again = PasswordHash.hash(PASSWORD);

        assertThat(again).isNotEqualTo(stored);
        assertThat(PasswordHash.matches(PASSWORD, again)).isTrue();
    }

    @Test
    void aDamagedOrMissingStoredValueMatchesNothingAndThrowsNothing() {
        String[] damaged = {
            null,
            "",
            "not a hash",
            "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            "$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            "$argon2id$v=19$m=9999999,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            "$argon2id$v=19$m=19456,t=0,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$",
            "$argon2id$v=19$m=19456,t=2,p=1$c2F*dHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            "$argon2id$v=19$m=19456,t=2,p=1$c$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
            stored.substring(0, stored.length() - 5),
            stored + "$extra",
            stored.replace("m=19456", "m=abc"),
        };
        for (String value : damaged) {
            assertThat(PasswordHash.matches(PASSWORD, value))
                    .as(String.valueOf(value))
                    .isFalse();
        }
        assertThat(PasswordHash.matches(null, stored)).isFalse();
    }

    @Test
    void aHashWhoseLastCharacterChangedNoLongerMatches() {
        char last = stored.charAt(stored.length() - 1);
        String changed = stored.substring(0, stored.length() - 1) + (last == 'A' ? 'B' : 'A');

        assertThat(PasswordHash.matches(PASSWORD, changed)).isFalse();
    }

    @Test
    void theDummyIsOneValidArgon2idHashThatTheUsualPasswordsDoNotMatch() {
        String dummy = PasswordHash.dummy();

        assertThat(dummy).startsWith("$argon2id$v=19$m=19456,t=2,p=1$").isSameAs(PasswordHash.dummy());
        assertThat(PasswordHash.matches(PASSWORD, dummy)).isFalse();
        assertThat(PasswordHash.matches("", dummy)).isFalse();
    }

    @Test
    void aPasswordOfTenToOneHundredTwentyEightCharactersIsAccepted() {
        assertThat(PasswordHash.problem("abcdefghij")).isEmpty();
        assertThat(PasswordHash.problem("a".repeat(128))).isEmpty();
        assertThat(PasswordHash.problem(PASSWORD)).isEmpty();
    }

    @Test
    void aPasswordUnderTenCharactersIsTooShortCountingEachLetterOnce() {
        assertThat(PasswordHash.problem("abcdefghi")).contains(PasswordHash.TOO_SHORT);
        // nine letters with accents, each one character however the keyboard typed it: still nine
        assertThat(PasswordHash.problem("òòòòòòòòò")).contains(PasswordHash.TOO_SHORT);
        assertThat(PasswordHash.problem("o\u0300".repeat(9))).contains(PasswordHash.TOO_SHORT);
        // nine characters outside the Basic Multilingual Plane (two UTF-16 units each, eighteen in all)
        assertThat(PasswordHash.problem("\uD83D\uDE00".repeat(9))).contains(PasswordHash.TOO_SHORT);
        assertThat(PasswordHash.problem("\uD83D\uDE00".repeat(10))).isEmpty();
    }

    @Test
    void aPasswordOverOneHundredTwentyEightCharactersIsTooLong() {
        assertThat(PasswordHash.problem("a".repeat(129))).contains(PasswordHash.TOO_LONG);
        assertThat(PasswordHash.problem("ò".repeat(129))).contains(PasswordHash.TOO_LONG);
    }

    @Test
    void aPasswordOfSpacesOnlyIsBlankWhateverItsLength() {
        assertThat(PasswordHash.problem("")).contains(PasswordHash.BLANK);
        assertThat(PasswordHash.problem(null)).contains(PasswordHash.BLANK);
        assertThat(PasswordHash.problem(" ".repeat(12))).contains(PasswordHash.BLANK);
        assertThat(PasswordHash.problem(" \t\n\u00A0".repeat(4))).contains(PasswordHash.BLANK);
        assertThat(PasswordHash.problem("  Ti Mari  ")).isEmpty();
    }

    @Test
    void theProblemsAreMessageKeys() {
        assertThat(PasswordHash.TOO_SHORT).isEqualTo("password.too_short");
        assertThat(PasswordHash.TOO_LONG).isEqualTo("password.too_long");
        assertThat(PasswordHash.BLANK).isEqualTo("password.blank");
    }
}
