package io.walletpay.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The three bundles and the pages stay in step: every message key the templates and the Java code name exists in
 * every language, and no bundle carries a key nobody uses. Keys are always written out in full (see
 * {@link Problem}, {@link PageText#status}) so this scan finds each one.
 */
class MessageBundlesTest {

    private static final Pattern KEY =
            Pattern.compile("\"((?:page|pay|status|receipt|format|problem|link)\\.[a-z_]+(?:\\.[a-z_]+)*)\"");

    private static Set<String> usedKeys() throws IOException {
        Set<String> used = new TreeSet<>();
        for (Path root : new Path[] {Path.of("src/main/jte"), Path.of("src/main/java")}) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Matcher matcher = KEY.matcher(Files.readString(file));
                    while (matcher.find()) {
                        if (!matcher.group(1).endsWith(".jte")) { // a template's name, not a message
                            used.add(matcher.group(1));
                        }
                    }
                }
            }
        }
        return used;
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void everyBundleHasExactlyTheKeysThePagesUse(Language language) throws IOException {
        Set<String> used = usedKeys();
        assertThat(used).as("keys found in the templates and code").hasSizeGreaterThan(40);
        Set<String> bundle = Messages.keys(language);
        assertThat(used).as("keys missing from messages_%s", language.tag()).isSubsetOf(bundle);
        assertThat(bundle).as("keys nobody uses in messages_%s", language.tag()).isSubsetOf(used);
    }

    @Test
    void kreyolAndFrenchAreWrittenAsPeopleInHaitiWriteThem() {
        Messages ht = Messages.of(Language.HT);
        assertThat(ht.get("pay.submit", "500,00 HTG")).isEqualTo("Peye 500,00 HTG");
        assertThat(ht.get("pay.cancel")).isEqualTo("Anile peman an");
        assertThat(ht.get("pay.phone")).isEqualTo("Nimewo MonCash ou");
        assertThat(ht.get("pay.wallet")).isEqualTo("Peye ak MonCash");
        assertThat(ht.get("receipt.completed")).isEqualTo("Mèsi! Peman an pase");
        assertThat(ht.get("problem.expired.title")).isEqualTo("Peman sa a ekspire");
        Messages fr = Messages.of(Language.FR);
        assertThat(fr.get("pay.submit", "500,00 HTG")).isEqualTo("Payer 500,00 HTG");
        assertThat(fr.get("pay.cancel")).isEqualTo("Annuler le paiement");
        assertThat(fr.get("pay.phone")).isEqualTo("Votre numéro MonCash");
        assertThat(fr.get("pay.cancel.question"))
                .as("a no-break space before ?")
                .endsWith("\u00A0?");
        assertThat(fr.get("pay.title", "Boutik L’Anse")).isEqualTo("Payer Boutik L’Anse");
    }

    /** A bundle as it ships, read from the class path: {@code page/messages} or {@code portal/portal}. */
    private static Map<String, String> bundle(String name, Language language) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = MessageBundlesTest.class
                .getClassLoader()
                .getResourceAsStream(name + "_" + language.tag() + ".properties")) {
            assertThat(in).as("%s_%s", name, language.tag()).isNotNull();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        Map<String, String> texts = new TreeMap<>();
        properties.forEach((key, value) -> texts.put((String) key, (String) value));
        return texts;
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void customerPagesAndPortalWriteOneApostropheAndKeepNumbersAndFrenchPunctuationTogether(Language language)
            throws IOException {
        for (String name : List.of("page/messages", "portal/portal")) {
            bundle(name, language).forEach((key, text) -> {
                assertThat(text)
                        .as("%s_%s %s: the apostrophe is ’", name, language.tag(), key)
                        .doesNotContain("'");
                assertThat(text)
                        .as("%s_%s %s: digit groups joined by a no-break space", name, language.tag(), key)
                        .doesNotContainPattern("\\d \\d{3}");
                if (language == Language.FR) {
                    assertThat(text)
                            .as("%s_fr %s: a no-break space before : ; ? !", name, key)
                            .doesNotContainPattern(" [:;?!]");
                }
            });
        }
    }

    /**
     * Not only no plain space before French {@code : ; ? !}: a no-break space (U+00A0 or U+202F) is always there,
     * so a text written without any space is caught too. Addresses ({@code https://}) and the name of the character
     * itself ({@code (;)}) are not punctuation.
     */
    @Test
    void frenchPunctuationAlwaysHasItsNoBreakSpace() throws IOException {
        for (String name : List.of("page/messages", "portal/portal")) {
            bundle(name, Language.FR).forEach((key, text) -> {
                String punctuation = text.replaceAll("https?://", "").replace("(;)", "");
                assertThat(punctuation)
                        .as("%s_fr %s: a no-break space before : ; ? !", name, key)
                        .doesNotContainPattern("(^|[^\u00A0\u202F])[:;?!]");
            });
        }
    }

    @Test
    void eachLanguageNamesTheMerchantWithOneWord() throws IOException {
        for (String name : List.of("page/messages", "portal/portal")) {
            assertThat(bundle(name, Language.FR).values()).noneMatch(text -> text.contains("commerçant"));
            assertThat(bundle(name, Language.EN).values())
                    .noneMatch(text -> text.toLowerCase(Locale.ROOT).contains("seller"));
        }
        assertThat(Messages.of(Language.FR).get("link.gone.expired"))
                .isEqualTo("Ce lien a expiré. Demandez un autre lien au marchand.");
        assertThat(Messages.of(Language.EN).get("link.gone.expired"))
                .isEqualTo("This link has expired. Ask the merchant for another one.");
        assertThat(bundle("portal/portal", Language.FR)).containsEntry("portal.name", "Espace marchand");
    }

    @ParameterizedTest
    @EnumSource(
            value = Language.class,
            names = {"HT", "FR"})
    void aStatusHasTheSameNameOnTheReceiptAndInThePortal(Language language) throws IOException {
        Map<String, String> portal = bundle("portal/portal", language);
        for (String status : List.of("pending", "completed", "failed", "cancelled", "expired")) {
            assertThat(portal.get("status." + status))
                    .as("%s %s", language.tag(), status)
                    .isEqualTo(Messages.of(language).get("status." + status));
        }
        if (language == Language.FR) {
            assertThat(portal.get("status.failed")).isEqualTo("Échec");
        }
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void sentencesEndWithAFullStop(Language language) {
        Messages messages = Messages.of(language);
        for (String key : Messages.keys(language)) {
            boolean sentence = key.endsWith(".text")
                    || key.startsWith("pay.error.")
                    || key.startsWith("pay.declined.")
                    || key.startsWith("link.amount.") && !key.equals("link.amount.label")
                    || key.startsWith("link.gone.") && !key.equals("link.gone.title")
                    || key.equals("page.no_money");
            if (sentence) {
                assertThat(messages.get(key, 2))
                        .as("%s %s", language.tag(), key)
                        .endsWith(".");
            }
        }
        assertThat(messages.get("link.amount.invalid")).endsWith("500.");
    }

    @Test
    void noTwoLanguagesShareTheirWholeText() {
        Set<String> same = new TreeSet<>();
        for (String key : Messages.keys(Language.HT)) {
            if (Messages.of(Language.HT)
                    .get(key)
                    .equals(Messages.of(Language.EN).get(key))) {
                same.add(key);
            }
        }
        assertThat(same).as("Kreyòl texts left in English").isEmpty();
    }
}
