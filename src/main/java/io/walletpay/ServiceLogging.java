package io.walletpay;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.WarnStatus;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The service's logging: one line per event on standard output, the root level from {@code WALLETPAY_LOG_LEVEL}.
 * Logback finds this class through its service loader and runs it before looking for an XML file; set up in code,
 * it spares every start the XML parser and Logback's configuration model. A deployer's own file, named by
 * {@code -Dlogback.configurationFile}, still wins: then this configurator steps aside.
 */
public final class ServiceLogging extends ContextAwareBase implements Configurator {

    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{24} %msg%n";

    /**
     * Loggers with a level of their own: libraries that say too much at INFO, Vert.x at INFO whatever the root level,
     * and the Micrometer registry, which warns once a start about gauges it rightly ignores (vertx-micrometer-metrics
     * registers its event-bus gauge once per verticle instance).
     */
    static final Map<String, Level> OWN_LEVELS = Map.of(
            "io.zonky", Level.WARN,
            "org.flywaydb", Level.WARN,
            "io.netty", Level.WARN,
            "org.hibernate.validator", Level.WARN,
            "io.vertx", Level.INFO,
            "io.micrometer.core.instrument.MeterRegistry", Level.ERROR);

    static final String LEVEL_VARIABLE = "WALLETPAY_LOG_LEVEL";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        return configure(
                context,
                System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY),
                System.getProperty(LEVEL_VARIABLE, System.getenv(LEVEL_VARIABLE)));
    }

    /**
     * Sets {@code context} up as the service logs, unless {@code deployersFile} names a configuration Logback can
     * read; {@code rootLevel} missing or blank means INFO, and so does a value that is not a level, with a warning
     * Logback prints. A named file that cannot be found is warned about too: without this, Logback would fall back to
     * logging everything at DEBUG in its own format.
     */
    static ExecutionStatus configure(LoggerContext context, String deployersFile, String rootLevel) {
        if (deployersFile != null) {
            if (found(deployersFile)) {
                return ExecutionStatus.INVOKE_NEXT_IF_ANY;
            }
            warn(
                    context,
                    ClassicConstants.CONFIG_FILE_PROPERTY + " names " + deployersFile
                            + ", which is neither a file, a class-path resource nor a URL; logging as the service does");
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("STDOUT");
        console.setEncoder(encoder);
        console.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(rootLevel(context, rootLevel));
        root.addAppender(console);
        OWN_LEVELS.forEach((name, level) -> context.getLogger(name).setLevel(level));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private static Level rootLevel(LoggerContext context, String value) {
        if (value == null || value.isBlank()) {
            return Level.INFO;
        }
        Level level = Level.toLevel(value, null);
        if (level == null) {
            warn(
                    context,
                    LEVEL_VARIABLE + " is " + value + ", not a level (TRACE, DEBUG, INFO, WARN, ERROR, OFF); INFO");
            return Level.INFO;
        }
        return level;
    }

    /**
     * Where Logback looks for the named configuration: a file, a class-path resource, or a URL. Logback's own look-up
     * of the property is private, and its public search goes on to the default file names, which would hide a name
     * that does not resolve.
     */
    private static boolean found(String name) {
        try {
            if (Files.isRegularFile(Path.of(name))) {
                return true;
            }
        } catch (InvalidPathException notAPath) {
            // perhaps a URL
        }
        if (ServiceLogging.class.getClassLoader().getResource(name) != null) {
            return true;
        }
        try {
            URI uri = new URI(name);
            if (!uri.isAbsolute()) {
                return false;
            }
            return !"file".equals(uri.getScheme()) || Files.isRegularFile(Path.of(uri));
        } catch (URISyntaxException | IllegalArgumentException notAUrl) {
            return false;
        }
    }

    private static void warn(LoggerContext context, String message) {
        context.getStatusManager().add(new WarnStatus(message, ServiceLogging.class));
    }
}
