package io.walletpay;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Map;

/**
 * The service's logging: one line per event on standard output, the root level from {@code WALLETPAY_LOG_LEVEL}.
 * Logback finds this class through its service loader and runs it before looking for an XML file; set up in code,
 * it spares every start the XML parser and Logback's configuration model (a fifth of a restart on two cores). A
 * file named by {@code -Dlogback.configurationFile} still wins: then this configurator steps aside.
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
    static final String OWN_FILE_PROPERTY = "logback.configurationFile";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        return configure(
                context,
                System.getProperty(OWN_FILE_PROPERTY),
                System.getProperty(LEVEL_VARIABLE, System.getenv(LEVEL_VARIABLE)));
    }

    /**
     * Sets {@code context} up as the service logs, unless {@code ownFile} names a deployer's own configuration;
     * {@code rootLevel} null, blank or not a level name means INFO.
     */
    static ExecutionStatus configure(LoggerContext context, String ownFile, String rootLevel) {
        if (ownFile != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
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
        root.setLevel(Level.toLevel(rootLevel == null ? null : rootLevel.trim(), Level.INFO));
        root.addAppender(console);
        OWN_LEVELS.forEach((name, level) -> context.getLogger(name).setLevel(level));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
