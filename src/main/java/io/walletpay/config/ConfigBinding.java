package io.walletpay.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
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
        AppConfig config = bound(withListenAddress(withoutBlanks(json)));
        List<String> problems = new ArrayList<>(violations(config));
        if (problems.isEmpty()) {
            problems.addAll(ConfigRules.problems(config)); // they rely on each value being in range
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return config;
    }

    private static AppConfig bound(JsonObject json) {
        try {
            return MAPPER.treeToValue(MAPPER.readTree(json.encode()), AppConfig.class);
        } catch (ValueInstantiationException e) {
            if (e.getCause() instanceof ConfigException refused) {
                throw refused;
            }
            throw new ConfigException(keyOf(e), "cannot be used: " + e.getOriginalMessage());
        } catch (UnrecognizedPropertyException e) {
            throw new ConfigException(keyOf(e), "is not a configuration key");
        } catch (InvalidFormatException e) {
            throw new ConfigException(keyOf(e), expected(e.getTargetType()) + ", got '" + e.getValue() + "'");
        } catch (MismatchedInputException e) {
            throw new ConfigException(
                    keyOf(e), e.getTargetType() == null ? "has the wrong type" : expected(e.getTargetType()));
        } catch (JsonMappingException e) {
            throw new ConfigException(keyOf(e), "cannot be used: " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new ConfigException(List.of("configuration cannot be read: " + e.getOriginalMessage()));
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
        boolean secret = key.contains("secret") || key.contains("token");
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
