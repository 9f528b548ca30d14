package io.walletpay.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Times sent to the API are RFC 3339, and answers write them back the same way. */
class TimestampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-31T23:59:59Z", "2026-12-31T23:59:59.123456+02:00", "0001-01-01T00:00:00Z"})
    void anRfc3339TimeIsReadAndWrittenBackAsTheSameInstant(String text) {
        OffsetDateTime at = Timestamps.parse(text);
        assertThat(Timestamps.parse(Timestamps.format(at)).toInstant()).isEqualTo(at.toInstant());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "+10000-01-01T00:00:00Z",
                "-0001-01-01T00:00:00Z",
                "+2026-12-31T23:59:59Z",
                "2026-12-31",
                "2026-12-31T23:59:59",
                "tomorrow"
            })
    void anythingElseIsRefused(String text) {
        assertThatThrownBy(() -> Timestamps.parse(text)).isInstanceOf(DateTimeParseException.class);
    }
}
