package io.walletpay.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Text that a spreadsheet would run as a formula leaves an export inert; other text leaves it as typed. */
class SpreadsheetTextTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "=HYPERLINK(\"http://x\")",
                "+509 3712 3456",
                "-2+3",
                "@SUM(A1)",
                " =1+1",
                "   @SUM(A1)",
                "\t=1+1",
                "\r=1+1",
                "\n=1+1",
                "\u3000=1+1",
                "\uFF1D1+1",
                "\uFF0B1",
                "\uFF0D1",
                "\uFF20SUM(A1)",
                " \uFF1D1+1"
            })
    void aFormulaLikeStartGetsAnApostrophe(String typed) {
        assertThat(SpreadsheetText.defused(typed)).isEqualTo("'" + typed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Diri ak pwa", "CMD-1001", "Marie = Jean", "a@b.ht", "  Jean", "509 3712 3456"})
    void otherTextIsKeptAsTyped(String typed) {
        assertThat(SpreadsheetText.defused(typed)).isEqualTo(typed);
    }
}
