package io.walletpay.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Finds the defaults ({@code WALLETPAY_CONFIG}, else {@code config/application.json}, else the copy inside the
 * jar), reads them, and applies the environment's overrides. A file that cannot be read or is not a JSON object is
 * refused with one line naming it, as a bad value is.
 */
public final class ConfigLoader {

    static final String FILE_VARIABLE = "WALLETPAY_CONFIG";
    private static final Path WORKING_DIRECTORY_FILE = Path.of("config", "application.json");
    private static final String IN_THE_JAR = "/application.json";

    private ConfigLoader() {}

    /**
     * Starts readying what {@link #load} needs on a thread of its own, so a start does two things at once; the
     * configuration's classes are first touched on that thread, not on the caller's.
     */
    public static void prepareInBackground() {
        Thread thread = new Thread(ConfigBinding::prepare, "walletpay-config-prepare");
        thread.setDaemon(true);
        thread.start();
    }

    /** The configuration of this process, or a {@link ConfigException} whose lines say what to fix. */
    public static AppConfig load() {
        return load(System.getenv());
    }

    static AppConfig load(Map<String, String> env) {
        return AppConfig.from(EnvOverrides.apply(defaults(env), env));
    }

    private static JsonObject defaults(Map<String, String> env) {
        String explicit = env.get(FILE_VARIABLE);
        if (explicit != null && !explicit.isEmpty()) {
            String source = explicit + " (" + FILE_VARIABLE + ")";
            return parse(read(Path.of(explicit), source), source);
        }
        if (Files.isRegularFile(WORKING_DIRECTORY_FILE)) {
            String source = WORKING_DIRECTORY_FILE.toString();
            return parse(read(WORKING_DIRECTORY_FILE, source), source);
        }
        try (InputStream packaged = ConfigLoader.class.getResourceAsStream(IN_THE_JAR)) {
            if (packaged == null) {
                throw new IllegalStateException("application.json is missing from the service's jar");
            }
            return parse(new String(packaged.readAllBytes(), StandardCharsets.UTF_8), "the jar's application.json");
        } catch (IOException e) {
            throw new IllegalStateException("the jar's application.json cannot be read", e);
        }
    }

    private static String read(Path file, String source) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(List.of("configuration file " + source + " does not exist"));
        } catch (IOException e) {
            throw new ConfigException(List.of("configuration file " + source + " cannot be read: " + e));
        }
    }

    /** A JSON object, or one line saying what is wrong with the text and where. */
    private static JsonObject parse(String text, String source) {
        Object value;
        try {
            value = Json.decodeValue(text);
        } catch (DecodeException e) {
            throw new ConfigException(List.of("configuration file " + source + " is not valid JSON: " + where(e)));
        }
        if (value instanceof JsonObject object) {
            return object;
        }
        throw new ConfigException(List.of("configuration file " + source + " does not hold a JSON object"));
    }

    /** Jackson's problem, without its details (they quote the source), and its line and column. */
    private static String where(DecodeException e) {
        if (e.getCause() instanceof JsonProcessingException json && json.getLocation() != null) {
            String problem = json.getOriginalMessage();
            int details = problem.indexOf(':');
            return (details > 0 ? problem.substring(0, details) : problem) + " at line "
                    + json.getLocation().getLineNr() + ", column "
                    + json.getLocation().getColumnNr();
        }
        return e.getMessage();
    }
}
