package io.walletpay.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.page.Language;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The invitation's words in each language, its moment in Haiti's time, and a shop name that cannot break it. */
class InviteTextTest {

    private static final String URL = "https://pay.example.ht/portal/invite/Tok3n-abc";
    /** 17:30 UTC in December: 12:30 in Port-au-Prince (UTC-5). */
    private static final Instant WINTER = Instant.parse("2026-12-05T17:30:00Z");
    /** 17:30 UTC in July: 13:30 in Port-au-Prince, on daylight saving time (UTC-4). */
    private static final Instant SUMMER = Instant.parse("2026-07-05T17:30:00Z");

    @Test
    void kreyolSaysWhoInvitesToWhichRoleTheLinkAndWhenItEnds() {
        InviteText text = InviteText.of(letter(Language.HT, "cashier", "Boutik Ti Kòk", WINTER));

        assertThat(text.subject()).isEqualTo("Boutik Ti Kòk envite w nan espas machann li");
        assertThat(text.plain())
                .isEqualTo("Bonjou,\n\n"
                        + "Boutik Ti Kòk envite w vin nan ekip li sou espas machann lan.\n"
                        + "Wòl ou: Kesye\n\n"
                        + "Pou w aksepte, louvri lyen sa a epi chwazi yon modpas:\n"
                        + URL + "\n\n"
                        + "Lyen an bon yon sèl fwa, jiska 05/12/2026\u00A012:30 (lè Ayiti). Apre sa, mande Boutik Ti Kòk"
                        + " voye yon lòt envitasyon ba ou.\n\n"
                        + "Si w pa t ap tann imèl sa a, ou ka efase l.\n");
    }

    @Test
    void frenchPutsANoBreakSpaceBeforeItsColons() {
        InviteText text = InviteText.of(letter(Language.FR, "manager", "Boutik Ti Kòk", SUMMER));

        assertThat(text.subject()).isEqualTo("Boutik Ti Kòk vous invite dans son espace marchand");
        assertThat(text.plain())
                .contains("Boutik Ti Kòk vous invite à rejoindre son équipe dans l’espace marchand.")
                .contains("Votre rôle\u00A0: Gérant")
                .contains("choisissez un mot de passe\u00A0:\n" + URL)
                .contains("valable jusqu’au 05/07/2026\u00A013:30 (heure d’Haïti)")
                .doesNotContain(" :")
                .doesNotContain("'");
    }

    @Test
    void englishNamesTheRoleAndHaitiTime() {
        InviteText text = InviteText.of(letter(Language.EN, "viewer", "Boutik Ti Kòk", WINTER));

        assertThat(text.subject()).isEqualTo("Boutik Ti Kòk invites you to the merchant portal");
        assertThat(text.plain())
                .contains("Your role: Viewer (read only)")
                .contains(URL)
                .contains("until 05/12/2026\u00A012:30 (Haiti time)");
    }

    @ParameterizedTest
    @CsvSource({
        "HT, owner, Pwopriyetè", "HT, manager, Jeran", "HT, cashier, Kesye", "HT, developer, Devlopè",
        "HT, viewer, Gade sèlman", "FR, owner, Propriétaire", "FR, manager, Gérant", "FR, cashier, Caissier",
        "FR, developer, Développeur", "FR, viewer, Lecture seule", "EN, owner, Owner", "EN, manager, Manager",
        "EN, cashier, Cashier", "EN, developer, Developer", "EN, viewer, Viewer (read only)"
    })
    void everyRoleHasItsNameInEveryLanguage(Language language, String role, String name) {
        InviteText text = InviteText.of(letter(language, role, "Boutik", WINTER));

        assertThat(text.plain()).contains(name);
        assertThat(text.html()).contains(name);
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void theHtmlAlternativeCarriesTheLinkAndEscapesTheShopsName(Language language) {
        InviteText text = InviteText.of(letter(language, "owner", "Tom & <b>Jerry</b> \"Boutik\"", WINTER));

        assertThat(text.html())
                .startsWith("<!DOCTYPE html>")
                .contains("<html lang=\"" + language.tag() + "\">")
                .contains("<meta charset=\"utf-8\">")
                .contains("href=\"" + URL + "\"")
                .contains("Tom &amp; &lt;b&gt;Jerry&lt;/b&gt; &quot;Boutik&quot;")
                .doesNotContain("<b>Jerry");
        assertThat(text.plain()).contains("Tom & <b>Jerry</b> \"Boutik\"");
    }

    @Test
    void aLineBreakInTheShopsNameCannotAddAHeaderOrAParagraph() {
        InviteText text = InviteText.of(letter(Language.EN, "owner", "Boutik\r\nBcc: all@example.ht\u2028x", WINTER));

        assertThat(text.subject())
                .isEqualTo("Boutik Bcc: all@example.ht x invites you to the merchant portal")
                .doesNotContain("\r")
                .doesNotContain("\n");
    }

    @Test
    void theThreeBundlesHaveTheSameKeys() {
        assertThat(InviteText.keys(Language.FR)).isEqualTo(InviteText.keys(Language.HT));
        assertThat(InviteText.keys(Language.EN)).isEqualTo(InviteText.keys(Language.HT));
        assertThat(InviteText.keys(Language.HT))
                .containsAll(
                        InviteLetter.ROLES.stream().map(role -> "role." + role).toList());
    }

    /** The letter is written by the rules of the pages' bundles: one apostrophe, French punctuation kept together. */
    @ParameterizedTest
    @EnumSource(Language.class)
    void theLetterIsWrittenAsThePagesAre(Language language) {
        for (String key : InviteText.keys(language)) {
            String text = InviteText.text(language, key);
            assertThat(text)
                    .as("%s %s: the apostrophe is ’", language.tag(), key)
                    .doesNotContain("'");
            if (language == Language.FR) {
                assertThat(text)
                        .as("fr %s: a no-break space before : ; ? !", key)
                        .doesNotContainPattern("(^|[^\u00A0\u202F])[:;?!]");
            }
            if (key.equals("invite.invites") || key.equals("invite.expires") || key.equals("invite.ignore")) {
                assertThat(text).as("%s %s", language.tag(), key).endsWith(".");
            }
            assertThat(text).doesNotContainIgnoringCase("commerçant").doesNotContainIgnoringCase("seller");
        }
    }

    @Test
    void aRoleThatDoesNotExistIsRefused() {
        assertThatThrownBy(() -> letter(Language.HT, "admin", "Boutik", WINTER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("admin");
    }

    private static InviteLetter letter(Language language, String role, String shop, Instant expires) {
        return new InviteLetter("ana@example.ht", URL, shop, role, language, expires);
    }
}
