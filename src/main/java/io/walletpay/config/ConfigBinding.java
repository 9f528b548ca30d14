package io.walletpay.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * Turns the configuration JSON into {@link AppConfig}: Jackson binds the sections onto the records (snake-case keys,
 * case-insensitive enum values, strings trimmed and blanks meaning "not set"), Bean Validation checks the ranges
 * declared on them, and {@link ConfigRules} the rules that span keys. Every problem found becomes one line naming
 * its key and environment variable.
 */
final class ConfigBinding {

    private static final PropertyNamingStrategies.NamingBase KEY_NAMES =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(KEY_NAMES)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private ConfigBinding() {}

    /**
     * Readies what {@link #bind} needs, on whichever thread calls it first: initialising this class builds the Jackson
     * mapper and the Bean Validation factory (half a second of a cold start), then the deserializer and the
     * validation metadata of the configuration's records are built. {@link ConfigLoader#prepareInBackground} calls it
     * on a thread of its own; {@link #bind} waits for whatever is not ready yet (class initialisation and both caches
     * are thread-safe), and reports any failure itself.
     */
    static void prepare() {
        try {
            MAPPER.readerFor(AppConfig.class);
            for (RecordComponent section : AppConfig.class.getRecordComponents()) {
                if (section.getType().isRecord()) {
                    VALIDATOR.getConstraintsForClass(section.getType());
                }
            }
            VALIDATOR.getConstraintsForClass(AppConfig.class);
        } catch (RuntimeException | LinkageError e) {
            // bind() meets the same problem and reports it with the configuration's words
        }
    }

    static AppConfig bind(JsonObject json) {
        Bound bound = read(json);
        if (!bound.problems().isEmpty()) {
            throw new ConfigException(bound.problems());
        }
        return bound.config();
    }

    /**
     * The configuration and every problem of it, so that one refused start names them all: a value that cannot be
     * bound is named and its shipped default stands in for it, so that the other keys are still read, validated and
     * checked against each other. {@code config} is null only when a problem could not be set aside that way.
     */
    record Bound(AppConfig config, List<String> problems) {}

    static Bound read(JsonObject json) {
        List<String> problems = new ArrayList<>();
        AppConfig config = bound(withListenAddress(withoutBlanks(json)), problems);
        if (config == null) {
            return new Bound(null, problems);
        }
        problems.addAll(violations(config));
        try {
            problems.addAll(ConfigRules.problems(config));
        } catch (RuntimeException e) {
            // a rule that cannot be checked on a value out of its range: that value's own line says what to fix
        }
        return new Bound(config, problems);
    }

    /**
     * Binds {@code json}, naming each value that cannot be bound in {@code problems} and trying again with the
     * shipped default in its place; null when a problem cannot be set aside that way.
     */
    private static AppConfig bound(JsonObject json, List<String> problems) {
        JsonObject attempt = json.copy();
        List<String> replaced = new ArrayList<>();
        List<String> unboundLines = new ArrayList<>();
        while (true) {
            UnknownKeys unknown = new UnknownKeys();
            Unbound unbound;
            try {
                AppConfig config =
                        MAPPER.readerFor(AppConfig.class).withHandler(unknown).readValue(attempt.encode());
                problems.addAll(unknown.lines);
                problems.addAll(unboundLines);
                return config;
            } catch (ValueInstantiationException e) {
                if (e.getCause() instanceof ConfigException refused) {
                    problems.addAll(unknown.lines);
                    problems.addAll(unboundLines);
                    problems.addAll(refused.lines());
                    return null;
                }
                unbound = new Unbound(keyOf(e), "cannot be used: " + e.getOriginalMessage());
            } catch (InvalidFormatException e) {
                unbound = new Unbound(keyOf(e), expected(e.getTargetType()) + ", got '" + e.getValue() + "'");
            } catch (MismatchedInputException e) {
                String key = keyOf(e);
                if (absent(json, key)) {
                    // a file without the key: the deployer's file is to be completed, not given a default silently
                    unbound = new Unbound(
                            key, "is missing: a configuration file holds every key, as the shipped one does");
                } else {
                    unbound = new Unbound(
                            key, e.getTargetType() == null ? "has the wrong type" : expected(e.getTargetType()));
                }
            } catch (JsonMappingException e) {
                unbound = new Unbound(keyOf(e), "cannot be used: " + e.getOriginalMessage());
            } catch (JsonProcessingException e) {
                problems.addAll(unboundLines);
                problems.add("configuration cannot be read: " + e.getOriginalMessage());
                return null;
            }
            unboundLines.add(ConfigException.line(unbound.key(), unbound.problem()));
            if (unbound.key().isEmpty() || replaced.contains(unbound.key()) || !withDefault(attempt, unbound.key())) {
                problems.addAll(unknown.lines);
                problems.addAll(unboundLines);
                return null;
            }
            replaced.add(unbound.key()); // the next attempt names the unknown keys again
        }
    }

    /** A value that cannot be bound: its key ("" when none is known) and what is wrong with it. */
    private record Unbound(String key, String problem) {}

    /** Puts the shipped default of {@code key} into {@code json}; false when there is none to put. */
    private static boolean withDefault(JsonObject json, String key) {
        String[] names = key.split("\\.");
        JsonObject target = json;
        JsonObject source = SHIPPED;
        for (int i = 0; i < names.length - 1; i++) {
            if (!(source.getValue(names[i]) instanceof JsonObject sourceChild)) {
                return false;
            }
            if (!(target.getValue(names[i]) instanceof JsonObject targetChild)) {
                target.put(names[i], sourceChild.copy());
                return true;
            }
            source = sourceChild;
            target = targetChild;
        }
        String last = names[names.length - 1];
        if (!source.containsKey(last)) {
            return false;
        }
        Object value = source.getValue(last);
        target.put(last, value instanceof JsonObject object ? object.copy() : value);
        return true;
    }

    /** The defaults shipped inside the jar, each of them valid. */
    private static final JsonObject SHIPPED = shipped();

    private static JsonObject shipped() {
        try (java.io.InputStream in = ConfigBinding.class.getResourceAsStream("/application.json")) {
            return in == null ? new JsonObject() : new JsonObject(Buffer.buffer(in.readAllBytes()));
        } catch (IOException | RuntimeException e) {
            return new JsonObject();
        }
    }

    /** True when {@code key} ({@code http.port}) is not in {@code json} at all, as opposed to present with a value. */
    private static boolean absent(JsonObject json, String key) {
        JsonObject node = json;
        String[] names = key.split("\\.");
        for (int i = 0; i < names.length - 1; i++) {
            if (!(node.getValue(names[i]) instanceof JsonObject child)) {
                return !node.containsKey(names[i]);
            }
            node = child;
        }
        return !node.containsKey(names[names.length - 1]);
    }

    /**
     * Every key the configuration's records do not have, collected while the rest is read, so that one start names
     * them all instead of the first.
     */
    private static final class UnknownKeys extends DeserializationProblemHandler {

        final List<String> lines = new ArrayList<>();

        @Override
        public boolean handleUnknownProperty(
                DeserializationContext context,
                JsonParser parser,
                JsonDeserializer<?> deserializer,
                Object beanOrClass,
                String name)
                throws IOException {
            // the parser stands on the unknown key's value: a scalar's context is the object holding the key, an
            // object's or array's is its own, one level further in
            JsonStreamContext holder = parser.getParsingContext();
            if (parser.currentToken() == JsonToken.START_OBJECT || parser.currentToken() == JsonToken.START_ARRAY) {
                holder = holder.getParent();
            }
            List<String> path = new ArrayList<>();
            for (JsonStreamContext at = holder.getParent(); at != null; at = at.getParent()) {
                if (at.getCurrentName() != null) {
                    path.add(0, at.getCurrentName());
                }
            }
            path.add(name);
            lines.add(ConfigException.line(String.join(".", path), "is not a configuration key"));
            parser.skipChildren();
            return true;
        }
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "expected a whole number";
        }
        if (type == BigDecimal.class) {
            return "expected a decimal like \"2.50\"";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "expected true or false";
        }
        if (type.isEnum()) {
            return "expected one of "
                    + Arrays.stream(type.getEnumConstants())
                            .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT))
                            .toList();
        }
        if (type == String.class) {
            return "expected a string";
        }
        return "expected an object";
    }

    private static String keyOf(JsonMappingException e) {
        return e.getPath().stream()
                .map(JsonMappingException.Reference::getFieldName)
                .filter(name -> name != null)
                .collect(Collectors.joining("."));
    }

    private static List<String> violations(AppConfig config) {
        return VALIDATOR.validate(config).stream()
                .sorted(Comparator.comparing(
                        violation -> violation.getPropertyPath().toString()))
                .map(ConfigBinding::line)
                .toList();
    }

    private static String line(ConstraintViolation<AppConfig> violation) {
        String key = keyOf(violation.getPropertyPath());
        Object value = violation.getInvalidValue();
        boolean secret = key.contains("secret") || key.contains("token") || key.contains("password");
        String got = value == null || secret ? "" : ", got " + value;
        return ConfigException.line(key, violation.getMessage() + got);
    }

    private static String keyOf(Path path) {
        List<String> names = new ArrayList<>();
        path.forEach(node -> names.add(KEY_NAMES.translate(node.getName())));
        return String.join(".", names);
    }

    /**
     * Without {@code http.host}, production listens on every interface (behind its load balancer) and development
     * on 127.0.0.1 only: a laptop on a café's Wi-Fi must not offer its open metrics and test merchants to the room.
     */
    private static JsonObject withListenAddress(JsonObject json) {
        JsonObject http = json.getValue("http") instanceof JsonObject section ? section : null;
        if (http != null && http.getValue("host") == null) {
            boolean production = "production".equalsIgnoreCase(String.valueOf(json.getValue("mode")));
            http.put("host", production ? "0.0.0.0" : "127.0.0.1");
        }
        return json;
    }

    /** A copy with every string trimmed and every blank string null: a value set to "" is a value not set. */
    private static JsonObject withoutBlanks(JsonObject json) {
        JsonObject copy = new JsonObject();
        json.forEach(entry -> copy.put(entry.getKey(), withoutBlank(entry.getValue())));
        return copy;
    }

    private static Object withoutBlank(Object value) {
        if (value instanceof JsonObject object) {
            return withoutBlanks(object);
        }
        if (value instanceof JsonArray array) {
            return new JsonArray(array.stream().map(ConfigBinding::withoutBlank).toList());
        }
        if (value instanceof String text) {
            return text.isBlank() ? null : text.trim();
        }
        return value;
    }

    private static final Validator VALIDATOR = validator();

    /**
     * Messages are interpolated without Expression Language: the constraints' own parameters are enough. The factory
     * stays open for the life of the process, as its validator needs.
     */
    private static Validator validator() {
        ValidatorFactory factory = Validation.byDefaultProvider()
                .configure()
                .messageInterpolator(new ParameterMessageInterpolator())
                .buildValidatorFactory();
        return factory.getValidator();
    }
}
