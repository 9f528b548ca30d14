package io.walletpay.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PageAddressTest {

    @Test
    void theFirstParameterFollowsAQuestionMarkWhicheverItIs() {
        assertThat(PageAddress.of("tok_1").with("cancel").href()).isEqualTo("tok_1?cancel");
        assertThat(PageAddress.of("tok_1").with("lang", "fr").href()).isEqualTo("tok_1?lang=fr");
        assertThat(PageAddress.of("tok_1").with("lang", "fr").with("cancel").href())
                .isEqualTo("tok_1?lang=fr&cancel");
        assertThat(PageAddress.of("tok_1").href()).isEqualTo("tok_1");
    }

    @Test
    void aRequestsOwnQueryIsKeptAndJoinedToTheNextParameter() {
        assertThat(PageAddress.of("").withRawQuery("cancel").with("lang", "ht").href())
                .isEqualTo("?cancel&lang=ht");
        assertThat(PageAddress.of("").withRawQuery("").with("lang", "en").href())
                .isEqualTo("?lang=en");
        assertThat(PageAddress.of("")
                        .withRawQuery("transactionId=T-1&&x=%3C")
                        .with("lang", "fr")
                        .href())
                .isEqualTo("?transactionId=T-1&x=%3C&lang=fr");
    }

    @Test
    void valuesAreEncodedAndAPathCannotSmuggleAQuery() {
        assertThat(PageAddress.of("p").with("q", "a b&c").href()).isEqualTo("p?q=a%20b%26c");
        assertThatThrownBy(() -> PageAddress.of("tok_1&cancel?x")).isInstanceOf(IllegalArgumentException.class);
    }
}
