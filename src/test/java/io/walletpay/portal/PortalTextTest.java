package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.page.Language;
import io.walletpay.payment.TypedAmount;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The portal's ways of writing things that are not in its bundles: labels, amounts in forms, events, browsers. */
class PortalTextTest {

    @Test
    void aFrenchLabelKeepsItsColonWithANoBreakSpaceAndTheOthersNeedNone() {
        assertThat(new PortalText(Language.FR).label("balance.available")).isEqualTo("Disponible\u00A0:");
        assertThat(new PortalText(Language.HT).label("balance.available")).isEqualTo("Disponib:");
        assertThat(new PortalText(Language.EN).label("balance.available")).isEqualTo("Available:");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void anAmountInAFormIsWrittenAsThePageWritesItAndReadsBackTheSame(Language language) {
        PortalText t = new PortalText(language);
        for (String amount : new String[] {"1200.00", "0.50", "99999999.99", "1500.05"}) {
            String typed = t.typedAmount(new BigDecimal(amount));
            assertThat(typed).doesNotContain("HTG").doesNotContain(" ");
            assertThat(TypedAmount.read("amount", typed, new BigDecimal("0.01"), new BigDecimal("999999999.99")))
                    .isEqualByComparingTo(amount);
        }
        assertThat(new PortalText(Language.HT).typedAmount(new BigDecimal("1200.00")))
                .isEqualTo("1\u00A0200,00");
        assertThat(new PortalText(Language.FR).typedAmount(new BigDecimal("1200.00")))
                .isEqualTo("1\u00A0200,00");
        assertThat(new PortalText(Language.EN).typedAmount(new BigDecimal("1200.00")))
                .isEqualTo("1,200.00");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void eventsAreNamedInWords(Language language) {
        PortalText t = new PortalText(language);
        for (String event : new String[] {"payment.updated", "refund.updated", "payout.updated"}) {
            assertThat(t.event(event)).doesNotContain(".").isNotEqualTo(event);
        }
        assertThat(t.event("something.new")).isEqualTo("something.new");
    }

    @Test
    void aBrowserIsNamedAsPeopleSayIt() {
        PortalText en = new PortalText(Language.EN);
        PortalText ht = new PortalText(Language.HT);
        PortalText fr = new PortalText(Language.FR);
        String androidChrome = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/124.0.6367.82 Mobile Safari/537.36";
        assertThat(en.device(androidChrome)).isEqualTo("Chrome on Android");
        assertThat(ht.device(androidChrome)).isEqualTo("Chrome sou Android");
        assertThat(fr.device(androidChrome)).isEqualTo("Chrome sur Android");
        assertThat(en.device("Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko)"
                        + " SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36"))
                .isEqualTo("Samsung Internet on Android");
        assertThat(en.device("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"
                        + " (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"))
                .isEqualTo("Safari on iPhone");
        assertThat(en.device("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                        + " Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67"))
                .isEqualTo("Edge on Windows");
        assertThat(en.device("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"))
                .isEqualTo("Firefox on Linux");
        assertThat(en.device("Java-http-client/17.0.12")).isEqualTo(en.get("device.unknown"));
        assertThat(ht.device(null)).isEqualTo(ht.get("device.unknown"));
    }

    @Test
    void aTeamEntryNamesThePersonAndTheRoleInThePagesWords() {
        assertThat(new PortalText(Language.FR).auditChange("person.join", "mari@example.com: owner"))
                .isEqualTo("Arrivée dans l’équipe\u00A0: mari@example.com (Propriétaire)");
        assertThat(new PortalText(Language.EN).auditChange("person.remove", "mari@example.com"))
                .isEqualTo("Removed from the team: mari@example.com");
        for (Language language : Language.values()) {
            for (String action : java.util.List.of(
                    io.walletpay.merchant.Audited.PERSON_INVITE,
                    io.walletpay.merchant.Audited.INVITATION_WITHDRAW,
                    io.walletpay.merchant.Audited.PERSON_JOIN,
                    io.walletpay.merchant.Audited.PERSON_ROLE_CHANGE,
                    io.walletpay.merchant.Audited.PERSON_REMOVE,
                    io.walletpay.merchant.Audited.SECOND_FACTOR_ENROL,
                    io.walletpay.merchant.Audited.SECOND_FACTOR_RESET,
                    io.walletpay.merchant.Audited.SESSION_END)) {
                assertThat(new PortalText(language).auditChange(action, null))
                        .as(action)
                        .isNotBlank();
            }
        }
    }
}
