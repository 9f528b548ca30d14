package io.walletpay.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ListCursorTest {

    static final String PAGE = "SELECT id FROM things WHERE owner = $1 AND ($2::timestamptz IS NULL OR at < $2)"
            + " AND ($3::uuid IS NULL OR (at, id) < (SELECT at, id FROM things WHERE id = $3))"
            + " ORDER BY at DESC, id DESC LIMIT $4";

    @Test
    void thePageBeforeReadsTheNewerRowsOldestFirstKeepingTheOtherFilters() {
        assertThat(ListCursor.before(PAGE))
                .isEqualTo("SELECT id FROM things WHERE owner = $1 AND ($2::timestamptz IS NULL OR at < $2)"
                        + " AND ($3::uuid IS NULL OR (at, id) > (SELECT at, id FROM things WHERE id = $3))"
                        + " ORDER BY at ASC, id ASC LIMIT $4");
    }

    @Test
    void aPageWithoutOneCursorComparisonOrNewestFirstOrderIsRefused() {
        assertThatThrownBy(() -> ListCursor.before("SELECT id FROM things ORDER BY at DESC LIMIT $1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ListCursor.before(
                        "SELECT id FROM things WHERE id < (SELECT id FROM things WHERE id = $1) ORDER BY id LIMIT $2"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPageReadBackIsAnsweredNewestFirstWithTheExtraRowLeftOut() {
        Object[] page = ListCursor.page(List.of(4, 5, 6), 2, true, (rows, more) -> new Object[] {rows, more});
        assertThat(page[0]).isEqualTo(List.of(5, 4));
        assertThat(page[1]).isEqualTo(true);
    }
}
