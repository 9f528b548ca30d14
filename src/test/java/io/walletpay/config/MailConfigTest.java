package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.mail.MailSettings;
import io.walletpay.support.TestConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code mail.*} keys: off by default, bound from the environment, and refused where a letter could not be sent
 * or would go in clear.
 */
class MailConfigTest {

    private static final Map<String, String> SERVER = Map.of(
            "WALLETPAY_MAIL_HOST", "smtp.example.ht",
            "WALLETPAY_MAIL_FROM", "walletpay <no-reply@pay.example.ht>");

    @Test
    void mailIsOffUntilAHostIsSet() {
        AppConfig.Mail mail = TestConfig.with(Map.of()).mail();

        assertThat(mail.configured()).isFalse();
        assertThat(mail.settings()).isNull();
        assertThat(mail.port()).isEqualTo(587);
        assertThat(mail.starttls()).isEqualTo(MailSettings.StartTls.REQUIRED);
        assertThat(mail.ssl()).isFalse();
    }

    @Test
    void everyKeyIsReadFromTheEnvironment() {
        Map<String, String> env = new HashMap<>(SERVER);
        env.put("WALLETPAY_MAIL_PORT", "465");
        env.put("WALLETPAY_MAIL_USERNAME", "invites");
        env.put("WALLETPAY_MAIL_PASSWORD", "Smtp-Pa55word-from-the-vault");
        env.put("WALLETPAY_MAIL_STARTTLS", "optional");
        env.put("WALLETPAY_MAIL_SSL", "true");

        AppConfig config = TestConfig.with(env);
        MailSettings settings = config.mail().settings();

        assertThat(settings.host()).isEqualTo("smtp.example.ht");
        assertThat(settings.port()).isEqualTo(465);
        assertThat(settings.from()).isEqualTo("walletpay <no-reply@pay.example.ht>");
        assertThat(settings.username()).isEqualTo("invites");
        assertThat(settings.password()).isEqualTo("Smtp-Pa55word-from-the-vault");
        assertThat(settings.starttls()).isEqualTo(MailSettings.StartTls.OPTIONAL);
        assertThat(settings.ssl()).isTrue();
        assertThat(settings.timeout()).isEqualTo(MailSettings.TIMEOUT);
        assertThat(config.toString() + settings + config.mail()).doesNotContain("Smtp-Pa55word");
    }

    @Test
    void aHostWithoutASenderIsRefusedInEveryMode() {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_MAIL_HOST", "smtp.example.ht")))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        refused -> assertThat(refused.lines()).singleElement().satisfies(line -> assertThat(line)
                                .startsWith("configuration key 'mail.from' (WALLETPAY_MAIL_FROM): is required when"
                                        + " mail.host is set")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-reply", "walletpay"})
    void aSenderThatIsNoAddressIsRefused(String from) {
        assertThatThrownBy(() ->
                        TestConfig.with(Map.of("WALLETPAY_MAIL_HOST", "smtp.example.ht", "WALLETPAY_MAIL_FROM", from)))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .singleElement()
                        .satisfies(line -> assertThat(line).startsWith("configuration key 'mail.from'")));
    }

    @Test
    void aNameWithoutItsPasswordIsRefusedAndThePasswordNeverEchoed() {
        Map<String, String> nameOnly = new HashMap<>(SERVER);
        nameOnly.put("WALLETPAY_MAIL_USERNAME", "invites");
        assertThatThrownBy(() -> TestConfig.with(nameOnly))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .containsExactly("configuration key 'mail.password' (WALLETPAY_MAIL_PASSWORD): is required"
                                + " when mail.username is set"));

        Map<String, String> badPort = new HashMap<>(SERVER);
        badPort.put("WALLETPAY_MAIL_PORT", "0");
        badPort.put("WALLETPAY_MAIL_STARTTLS", "sometimes");
        badPort.put("WALLETPAY_MAIL_PASSWORD", "Smtp-Pa55word-from-the-vault");
        assertThatThrownBy(() -> TestConfig.with(badPort))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'mail.port'"))
                        .anySatisfy(line -> assertThat(line)
                                .startsWith("configuration key 'mail.starttls'")
                                .contains("[required, optional, disabled]"))
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'mail.username'"))
                        .noneSatisfy(line -> assertThat(line).contains("Smtp-Pa55word")));
    }

    @Test
    void productionRefusesLettersInClearOverTheNetwork() {
        Map<String, String> env = production();
        env.put("WALLETPAY_MAIL_STARTTLS", "disabled");

        assertThat(ProductionReadiness.problems(TestConfig.with(env)))
                .singleElement()
                .satisfies(line -> assertThat(line)
                        .startsWith("configuration key 'mail.starttls' (WALLETPAY_MAIL_STARTTLS): is 'disabled'"
                                + " without mail.ssl in production"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "127.0.0.1", "127.0.0.25", "::1", "[::1]", "mail.localhost"})
    void productionMaySendInClearToARelayOnThisMachine(String host) {
        Map<String, String> env = production();
        env.put("WALLETPAY_MAIL_HOST", host);
        env.put("WALLETPAY_MAIL_STARTTLS", "disabled");

        assertThat(ProductionReadiness.problems(TestConfig.with(env))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.25", "localhost.example.ht", "127.example.ht", "::2"})
    void aHostElsewhereIsNotTakenForThisMachine(String host) {
        assertThat(ProductionReadiness.onThisMachine(host)).isFalse();
    }

    @Test
    void productionAcceptsTlsFromTheFirstByteOrStarttls() {
        Map<String, String> ssl = production();
        ssl.put("WALLETPAY_MAIL_STARTTLS", "disabled");
        ssl.put("WALLETPAY_MAIL_SSL", "true");
        ssl.put("WALLETPAY_MAIL_PORT", "465");
        assertThat(ProductionReadiness.problems(TestConfig.with(ssl))).isEmpty();

        assertThat(ProductionReadiness.problems(TestConfig.with(production()))).isEmpty();
    }

    /** A production start names the mail problems together with every other one. */
    @Test
    void aRefusedProductionStartNamesBothMailProblemsWithTheOthers() {
        Map<String, String> env = new HashMap<>();
        env.put("WALLETPAY_MODE", "production");
        env.put("WALLETPAY_MAIL_HOST", "smtp.example.ht");
        env.put("WALLETPAY_MAIL_STARTTLS", "disabled");

        assertThatThrownBy(() -> ConfigLoader.loadToStart(env, Path.of("")))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'mail.from'"))
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'mail.starttls'"))
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'admin_token'")));
    }

    /** Production with everything else in order, and mail through smtp.example.ht. */
    private static Map<String, String> production() {
        Map<String, String> env = new HashMap<>(SERVER);
        env.put("WALLETPAY_MODE", "production");
        env.put("WALLETPAY_ADMIN_TOKEN", "Zq8vN3kR7tW1yB5dF9hJ2mP6sX0cL4gA");
        env.put("WALLETPAY_JWT_SECRET", "Hk4Wn8Qr2Tv6Yx0Bz3Df7Gj1Lm5Np9Rs");
        env.put("WALLETPAY_PUBLIC_BASE_URL", "https://pay.example.ht");
        env.put("WALLETPAY_DB_URL", "postgresql://walletpay:Db-Pa55w0rd-x9@db.example.ht:5432/walletpay");
        env.put("WALLETPAY_PROVIDER_MODE", "live");
        env.put("WALLETPAY_PROVIDER_CLIENT_ID", "client-id");
        env.put("WALLETPAY_PROVIDER_CLIENT_SECRET", "client-secret-from-the-provider");
        env.put("WALLETPAY_PROVIDER_API_BASE_URL", "https://moncashbutton.digicelgroup.com/Api");
        env.put("WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "https://moncashbutton.digicelgroup.com/Moncash-middleware");
        return env;
    }

    @Test
    void theProductionFixtureIsOtherwiseAccepted() {
        Map<String, String> env = production();
        env.remove("WALLETPAY_MAIL_HOST");
        env.remove("WALLETPAY_MAIL_FROM");
        assertThat(ProductionReadiness.problems(TestConfig.with(env))).isEqualTo(List.of());
    }
}
