package io.walletpay.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * The configuration this process may start with, or a {@link ConfigException} whose lines say what to fix: every
     * problem of the start at once, production's refusals included, one line per key.
     */
    public static AppConfig load() {
        return loadToStart(System.getenv(), Path.of(""));
    }

    /** As {@link #load()}, with the environment {@code env} and the working directory {@code workingDirectory}. */
    static AppConfig loadToStart(Map<String, String> env, Path workingDirectory) {
        ConfigBinding.Bound bound = ConfigBinding.read(EnvOverrides.apply(defaults(env, workingDirectory), env));
        List<String> problems = new ArrayList<>(bound.problems());
        if (bound.config() != null) {
            for (String refusal : ProductionReadiness.problems(bound.config())) {
                // production's word on a key replaces the range check's: it says what production accepts
                problems.removeIf(line -> sameKey(line, refusal));
                problems.add(refusal);
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return bound.config();
    }

    private static boolean sameKey(String line, String other) {
        int end = line.indexOf("' (");
        return end > 0 && other.startsWith(line.substring(0, end + 3));
    }

    /**
     * The configuration bound and checked, production's refusals aside, with the environment {@code env} and the
     * working directory {@code workingDirectory}.
     */
    static AppConfig load(Map<String, String> env, Path workingDirectory) {
        return AppConfig.from(EnvOverrides.apply(defaults(env, workingDirectory), env));
    }

    private static JsonObject defaults(Map<String, String> env, Path workingDirectory) {
        String explicit = env.get(FILE_VARIABLE);
        if (explicit != null && !explicit.isEmpty()) {
            Path file;
            try {
                file = workingDirectory.resolve(explicit).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new ConfigException(List.of("configuration file '" + explicit + "' (" + FILE_VARIABLE
                        + ") is not a path: " + e.getReason()));
            }
            String source = file + " (" + FILE_VARIABLE + ")";
            return parse(read(file, source), source);
        }
        Path local = workingDirectory.resolve(WORKING_DIRECTORY_FILE);
        if (Files.isRegularFile(local)) {
            String source = local.toAbsolutePath().toString();
            return parse(read(local, source), source);
        }
        try (InputStream packaged = ConfigLoader.class.getResourceAsStream(IN_THE_JAR)) {
            if (packaged == null) {
                throw new IllegalStateException("the service's jar holds no application.json");
            }
            return parse(packaged.readAllBytes(), "application.json in the service's jar");
        } catch (IOException e) {
            throw new IllegalStateException("application.json in the service's jar cannot be read: " + e.getMessage());
        }
    }

    private static byte[] read(Path file, String source) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(List.of("configuration file " + source + " does not exist"));
        } catch (AccessDeniedException e) {
            throw new ConfigException(List.of("configuration file " + source + " cannot be read by this user"));
        } catch (IOException e) {
            String reason = e instanceof FileSystemException named && named.getReason() != null
                    ? named.getReason()
                    : e.getMessage();
            throw new ConfigException(List.of("configuration file " + source + " cannot be read: " + reason));
        }
    }

    /**
     * A JSON object, or one line saying what is wrong with the text and where. Jackson reads the bytes, so it takes
     * any encoding JSON allows (UTF-8 with or without a byte-order mark, UTF-16, UTF-32), as it always did here.
     */
    private static JsonObject parse(byte[] bytes, String source) {
        Object value;
        try {
            value = Json.decodeValue(Buffer.buffer(bytes));
        } catch (DecodeException e) {
            throw new ConfigException(List.of("configuration file " + source + " is not valid JSON: " + where(e)));
        }
        if (value instanceof JsonObject object) {
            return object;
        }
        throw new ConfigException(List.of("configuration file " + source + " does not hold a JSON object"));
    }

    /** Jackson's problem without what follows its ": " (it quotes the source), and its line and column. */
    private static String where(DecodeException e) {
        if (e.getCause() instanceof JsonProcessingException json && json.getLocation() != null) {
            String problem = json.getOriginalMessage();
            int details = problem.indexOf(": ");
            return (details > 0 ? problem.substring(0, details) : problem) + " at line "
                    + json.getLocation().getLineNr() + ", column "
                    + json.getLocation().getColumnNr();
        }
        return e.getMessage();
    }
}
