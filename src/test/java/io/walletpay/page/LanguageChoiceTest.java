package io.walletpay.page;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LanguageChoiceTest {

    @Test
    void theQueryWinsThenTheCookieThenTheMerchantThenTheBrowserThenTheService() {
        assertThat(LanguageChoice.choose("fr", "en", "en", "en", Language.EN)).isEqualTo(Language.FR);
        assertThat(LanguageChoice.choose(null, "en", "fr", "fr", Language.HT)).isEqualTo(Language.EN);
        assertThat(LanguageChoice.choose(null, null, "fr-FR", "ht", Language.EN))
                .isEqualTo(Language.HT);
        assertThat(LanguageChoice.choose(null, null, "en-US,en;q=0.9,ht;q=0.8", "ht", Language.EN))
                .isEqualTo(Language.HT);
        assertThat(LanguageChoice.choose(null, null, "fr-HT,fr;q=0.9", null, Language.HT))
                .isEqualTo(Language.FR);
        assertThat(LanguageChoice.choose(null, null, null, "en", Language.HT)).isEqualTo(Language.EN);
        assertThat(LanguageChoice.choose(null, null, null, null, Language.FR)).isEqualTo(Language.FR);
    }

    @Test
    void anUnknownOrMalformedChoiceIsPassedOver() {
        assertThat(LanguageChoice.choose("de", "xx", "de-DE,es;q=0.5", null, Language.HT))
                .isEqualTo(Language.HT);
        assertThat(LanguageChoice.choose("<b>", null, ";;;q=x", "fr", Language.HT))
                .isEqualTo(Language.FR);
        assertThat(LanguageChoice.choose("EN", null, null, null, Language.HT)).isEqualTo(Language.EN);
    }

    @Test
    void theBrowsersPreferenceOrderCountsAmongOurLanguages() {
        assertThat(LanguageChoice.fromAcceptLanguage("es, en;q=0.5, ht;q=0.8")).contains(Language.HT);
        assertThat(LanguageChoice.fromAcceptLanguage("en-US,en;q=0.9,fr;q=0.8")).contains(Language.EN);
        assertThat(LanguageChoice.fromAcceptLanguage("fr;q=0, en;q=0.1")).contains(Language.EN);
        assertThat(LanguageChoice.fromAcceptLanguage("*")).isEmpty();
    }
}
