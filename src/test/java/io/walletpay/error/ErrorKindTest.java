package io.walletpay.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.page.Problem;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Each kind of failure has one HTTP status, which the JSON answers and the pages share. */
class ErrorKindTest {

    @Test
    void everyKindHasItsOwnErrorStatus() {
        assertThat(ErrorKind.values())
                .allSatisfy(kind -> assertThat(kind.status()).isBetween(400, 599));
        assertThat(Arrays.stream(ErrorKind.values()).map(ErrorKind::status).distinct())
                .hasSize(ErrorKind.values().length);
    }

    @Test
    void everyKindHasACustomerPageAndEveryPageAKind() {
        assertThat(ErrorKind.values())
                .allSatisfy(kind -> assertThat(Problem.of(kind)).isNotNull());
        assertThat(Problem.values())
                .allSatisfy(problem -> assertThat(problem.kind()).isNotNull());
        // the page chosen for a kind answers with that kind's own status wherever the page is only the words
        assertThat(Problem.of(ErrorKind.NOT_FOUND).kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(Problem.of(ErrorKind.URI_TOO_LONG).kind().status()).isEqualTo(414);
        assertThat(Problem.of(ErrorKind.HEADERS_TOO_LARGE).kind().status()).isEqualTo(431);
    }
}
