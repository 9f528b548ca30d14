package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.status.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the service logs, set up in code: the line's shape, the root level, the libraries' own levels. */
class ServiceLoggingTest {

    @Test
    void logbackFindsTheServicesConfiguratorThroughItsServiceLoader() {
        assertThat(ServiceLoader.load(Configurator.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(ServiceLogging.class);
    }

    @Test
    void writesOneLinePerEventWithTheTimeAndItsOffsetTheLevelTheThreadAndTheShortenedLogger() {
        LoggerContext context = new LoggerContext();
        assertThat(ServiceLogging.configure(context, null, null)).isEqualTo(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        ConsoleAppender<?> console = (ConsoleAppender<?>) root.getAppender("STDOUT");
        assertThat(console.isStarted()).isTrue();
        PatternLayoutEncoder encoder = (PatternLayoutEncoder) console.getEncoder();
        LoggingEvent event = new LoggingEvent(
                Logger.class.getName(),
                context.getLogger("io.walletpay.db.EmbeddedDatabase"),
                Level.INFO,
                "embedded PostgreSQL on 127.0.0.1:5432",
                null,
                null);
        event.setThreadName("main");
        event.setTimeStamp(1_764_000_000_123L);

        String line = new String(encoder.encode(event), StandardCharsets.UTF_8);

        assertThat(line)
                .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.123(Z|[+-]\\d\\d:\\d\\d) INFO  \\[main\\] "
                        + "i\\.w\\.db\\.EmbeddedDatabase embedded PostgreSQL on 127\\.0\\.0\\.1:5432\\R");
    }

    @Test
    void theRootLevelComesFromTheVariableAndIsInfoWhenItIsMissingOrBlank() {
        assertThat(rootLevelFor(null)).isEqualTo(Level.INFO);
        assertThat(rootLevelFor(" ")).isEqualTo(Level.INFO);
        assertThat(rootLevelFor("warn")).isEqualTo(Level.WARN);
        assertThat(rootLevelFor(" DEBUG ")).isEqualTo(Level.DEBUG);
    }

    @Test
    void aValueThatIsNotALevelMeansInfoAndIsWarnedAbout() {
        LoggerContext context = new LoggerContext();

        ServiceLogging.configure(context, null, "loud");

        assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.INFO);
        assertThat(warnings(context)).singleElement().asString().contains("WALLETPAY_LOG_LEVEL is loud, not a level");
    }

    @Test
    void chattyLibrariesKeepTheirOwnLevelWhateverTheRootLevel() {
        LoggerContext context = new LoggerContext();
        ServiceLogging.configure(context, null, "DEBUG");

        assertThat(context.getLogger("io.netty.channel").getEffectiveLevel()).isEqualTo(Level.WARN);
        assertThat(context.getLogger("org.flywaydb.core.Flyway").getEffectiveLevel())
                .isEqualTo(Level.WARN);
        assertThat(context.getLogger("io.zonky.test.db.postgres.embedded.EmbeddedPostgres")
                        .getEffectiveLevel())
                .isEqualTo(Level.WARN);
        assertThat(context.getLogger("io.vertx.core.impl.VertxImpl").getEffectiveLevel())
                .isEqualTo(Level.INFO);
        assertThat(context.getLogger("io.micrometer.core.instrument.MeterRegistry")
                        .getEffectiveLevel())
                .isEqualTo(Level.ERROR);
        assertThat(context.getLogger("io.walletpay.Main").getEffectiveLevel()).isEqualTo(Level.DEBUG);
    }

    @Test
    void aDeployersOwnConfigurationFileWins(@TempDir Path directory) throws Exception {
        Path own = Files.writeString(directory.resolve("logback.xml"), "<configuration/>");

        for (String named : List.of(own.toString(), own.toUri().toString(), "logback-test.xml")) {
            LoggerContext context = new LoggerContext();

            assertThat(ServiceLogging.configure(context, named, "WARN"))
                    .as(named)
                    .isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            assertThat(root.iteratorForAppenders().hasNext()).isFalse();
            assertThat(root.getLevel()).isEqualTo(Level.DEBUG); // Logback's own default, for the named file to set
        }
    }

    @Test
    void theTestRunsNameTheirOwnFileSoTheServicesConfiguratorStepsAsideThere() {
        // surefire and failsafe set -Dlogback.configurationFile=logback-test.xml (pom.xml)
        assertThat(new ServiceLogging().configure(new LoggerContext())).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
    }

    @Test
    void aNamedFileThatCannotBeFoundIsWarnedAboutAndTheServiceLogsAsItDoes() {
        LoggerContext context = new LoggerContext();

        ExecutionStatus status = ServiceLogging.configure(context, "/etc/walletpay/no-such-logback.xml", "WARN");

        assertThat(status).isEqualTo(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.WARN);
        assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDOUT"))
                .isNotNull();
        assertThat(warnings(context))
                .singleElement()
                .asString()
                .contains("logback.configurationFile names /etc/walletpay/no-such-logback.xml");
    }

    private static List<String> warnings(LoggerContext context) {
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(status -> status.getLevel() == Status.WARN)
                .map(Status::getMessage)
                .toList();
    }

    private static Level rootLevelFor(String value) {
        LoggerContext context = new LoggerContext();
        ServiceLogging.configure(context, null, value);
        return context.getLogger(Logger.ROOT_LOGGER_NAME).getLevel();
    }
}
