package io.walletpay.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An identifier from outside is read in its one canonical spelling, and every other spelling is no identifier. */
class IdentifiersTest {

    @Test
    void theCanonicalFormReadsBackAsTheSameIdentifier() {
        for (int i = 0; i < 1_000; i++) {
            UUID id = i % 2 == 0 ? UUID.randomUUID() : NewIdentifiers.next();
            assertThat(Identifiers.parse(id.toString())).isEqualTo(id);
        }
        assertThat(Identifiers.parse("00000000-0000-0000-0000-000000000000")).isEqualTo(new UUID(0, 0));
        assertThat(Identifiers.parse("ffffffff-ffff-ffff-ffff-ffffffffffff")).isEqualTo(new UUID(-1, -1));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "0f8fad5b-d9cb-469f-a165-70867728950",
                "0f8fad5b-d9cb-469f-a165-70867728950e0",
                "0F8FAD5B-D9CB-469F-A165-70867728950E",
                "0f8fad5b-d9cb-469f-a165-70867728950E",
                "0f8fad5bd-9cb-469f-a165-70867728950e",
                "0f8fad5b-d9cb-469f-a16570-867728950e",
                "0f8fad5b+d9cb-469f-a165-70867728950e",
                "0f8fad5b-d9cb-469f-a165-70867728950g",
                "0f8fad5b-d9cb-469f-a165-7086772895０e",
                "0f8fad5b-d9cb-469f-a165-70867728950-",
                "{f8fad5b-d9cb-469f-a165-70867728950e",
                "0-8fad5b-d9cb-469f-a165-70867728950e"
            })
    void anyOtherSpellingIsNoIdentifier(String text) {
        assertThat(Identifiers.parse(text)).isNull();
    }

    @Test
    void nothingIsNoIdentifier() {
        assertThat(Identifiers.parse(null)).isNull();
    }
}
