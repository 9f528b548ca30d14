package io.walletpay.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.payment.TypedAmount;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The catalogue of error codes is one list: the enum, the API document's error schema and the integration guide's
 * errors page name the same codes, and every code the main code can answer is in it, with the status it is answered
 * with.
 */
class ErrorCodeCatalogueTest {

    private static final Path MAIN = Path.of("src/main/java");
    private static final Path DOCUMENT = Path.of("src/main/resources/openapi.yaml");
    private static final Path GUIDE = Path.of("docs/integrate/errors.md");

    /** {@code new ServiceException(ErrorKind.X, <code>,} and the subclasses' {@code super(ErrorKind.X, <code>,}. */
    private static final Pattern RAISED = Pattern.compile(
            "(?:ServiceException|super)\\(\\s*(?:io\\.walletpay\\.error\\.)?ErrorKind\\.(\\w+),\\s*([^,]+?)\\s*,");
    /** {@code ServiceException.invalid(<field>,}: the code is {@code invalid_<field>}. */
    private static final Pattern INVALID = Pattern.compile("ServiceException\\.invalid\\(\\s*([^,]+?)\\s*,");

    private static final Pattern STRING_CONSTANT = Pattern.compile("\\bString\\s+(\\w+)\\s*=\\s*\"([^\"]*)\"\\s*;");
    private static final Pattern LITERAL = Pattern.compile("\"(\\w+)\"");
    private static final Pattern CONSTANT = Pattern.compile("(?:\\w+\\.)*([A-Z][A-Z0-9_]*)");

    /**
     * Where a code is computed rather than written: the field-named validation codes (their fields are checked
     * against the document below) and the typed amount's codes (checked by name below).
     */
    private static final Map<String, String> COMPUTED = Map.of(
            "ServiceException.java", "\"invalid_\" + field",
            "TypedAmount.java", "code");
    /** Parameters through which a field's name reaches {@code ServiceException.invalid}. */
    private static final Set<String> FIELD_PARAMETERS = Set.of("field", "name", "parameter");

    @Test
    void theDocumentsErrorCodesAreTheEnumsInItsOrder() {
        Map<String, Object> code =
                path(document(), "components", "schemas", "ErrorEnvelopeError", "properties", "code");

        assertThat(code.get("enum")).isEqualTo(catalogue());
    }

    @Test
    void everyCodeTheServiceRaisesIsCataloguedWithTheStatusItIsRaisedWith() {
        Map<String, String> constants = new HashMap<>();
        Map<Path, String> sources = sources();
        sources.values().forEach(text -> {
            Matcher constant = STRING_CONSTANT.matcher(text);
            while (constant.find()) {
                constants.put(constant.group(1), constant.group(2));
            }
        });
        List<String> problems = new ArrayList<>();
        int raised = 0;
        for (Map.Entry<Path, String> source : sources.entrySet()) {
            String file = source.getKey().getFileName().toString();
            Matcher site = RAISED.matcher(source.getValue());
            while (site.find()) {
                String expression = site.group(2);
                if (expression.equals(COMPUTED.get(file))) {
                    continue;
                }
                String code = resolve(expression, constants);
                raised++;
                if (code == null) {
                    problems.add(file + ": a code that is neither written nor a constant: " + expression);
                } else {
                    ErrorKind kind = ErrorKind.valueOf(site.group(1));
                    ErrorCode.of(code)
                            .ifPresentOrElse(
                                    known -> {
                                        if (known.kind() != kind) {
                                            problems.add(file + ": " + code + " raised as " + kind + ", catalogued as "
                                                    + known.kind());
                                        }
                                    },
                                    () -> problems.add(file + ": " + code + " is not catalogued"));
                }
            }
            Matcher invalid = INVALID.matcher(source.getValue());
            while (invalid.find()) {
                String expression = invalid.group(1);
                if (FIELD_PARAMETERS.contains(expression)) {
                    continue; // a field handed in by its caller: every request field is checked below
                }
                String field = resolve(expression, constants);
                raised++;
                if (field == null || ErrorCode.of("invalid_" + field).isEmpty()) {
                    problems.add(file + ": invalid(" + expression + ") answers a code that is not catalogued");
                }
            }
        }

        assertThat(raised).as("sites found").isGreaterThan(60);
        assertThat(problems).isEmpty();
        for (String typed : List.of(TypedAmount.INVALID, TypedAmount.TOO_SMALL, TypedAmount.TOO_LARGE)) {
            assertThat(ErrorCode.of(typed)).as(typed).map(ErrorCode::kind).contains(ErrorKind.VALIDATION);
        }
    }

    @Test
    void everyFieldAnApiRequestCanCarryHasItsValidationCode() {
        Set<String> fields = requestFields(document());

        assertThat(fields).contains("amount", "starting_after", "idempotency_key", "limit");
        assertThat(fields.stream().map(field -> "invalid_" + field).filter(code -> ErrorCode.of(code)
                        .isEmpty()))
                .isEmpty();
    }

    @Test
    void theErrorsGuideListsEveryCodeWithItsStatus() throws IOException {
        String guide = Files.readString(GUIDE);
        Map<String, String> rows = new TreeMap<>();
        Matcher row = Pattern.compile("(?m)^\\| `(\\w+)` \\| (\\d{3}) \\|").matcher(guide);
        while (row.find()) {
            rows.put(row.group(1), row.group(2));
        }

        for (ErrorCode code : ErrorCode.values()) {
            assertThat(rows.get(code.code()))
                    .as(code.code())
                    .isEqualTo(Integer.toString(code.kind().status()));
        }
        assertThat(rows.keySet()).isEqualTo(new TreeSet<>(catalogue()));
    }

    @Test
    void eachCodeIsSpelledOnce() {
        assertThat(catalogue()).doesNotHaveDuplicates().allMatch(code -> code.matches("[a-z][a-zA-Z_]*"));
    }

    private static List<String> catalogue() {
        return Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList();
    }

    private static String resolve(String expression, Map<String, String> constants) {
        Matcher literal = LITERAL.matcher(expression);
        if (literal.matches()) {
            return literal.group(1);
        }
        Matcher constant = CONSTANT.matcher(expression);
        return constant.matches() ? constants.get(constant.group(1)) : null;
    }

    /**
     * The names of everything a request to the merchant API or the provider's callbacks can carry: body properties,
     * query parameters, and header parameters spelled as a field ({@code Idempotency-Key} → {@code idempotency_key}).
     */
    @SuppressWarnings("unchecked")
    private static Set<String> requestFields(Map<String, Object> document) {
        Set<String> fields = new TreeSet<>();
        Map<String, Object> paths = (Map<String, Object>) document.get("paths");
        paths.forEach((path, item) -> {
            if (!path.startsWith("/api/") && !path.startsWith("/provider/")) {
                return;
            }
            ((Map<String, Object>) item).forEach((method, value) -> {
                if (method.equals("parameters")) {
                    ((List<Object>) value).forEach(parameter -> addParameter(document, parameter, fields));
                    return;
                }
                Map<String, Object> operation = (Map<String, Object>) value;
                ((List<Object>) operation.getOrDefault("parameters", List.of()))
                        .forEach(parameter -> addParameter(document, parameter, fields));
                Object body = operation.get("requestBody");
                if (body != null) {
                    Map<String, Object> content =
                            (Map<String, Object>) dereference(document, body).get("content");
                    content.values()
                            .forEach(media ->
                                    addProperties(document, ((Map<String, Object>) media).get("schema"), fields));
                }
            });
        });
        return fields;
    }

    private static void addParameter(Map<String, Object> document, Object reference, Set<String> fields) {
        Map<String, Object> parameter = dereference(document, reference);
        String name = (String) parameter.get("name");
        switch ((String) parameter.get("in")) {
            case "query" -> fields.add(name);
            case "header" -> fields.add(name.toLowerCase(java.util.Locale.ROOT).replace('-', '_'));
            default -> {}
        }
    }

    @SuppressWarnings("unchecked")
    private static void addProperties(Map<String, Object> document, Object reference, Set<String> fields) {
        if (reference == null) {
            return;
        }
        Map<String, Object> schema = dereference(document, reference);
        Object properties = schema.get("properties");
        if (properties != null) {
            fields.addAll(((Map<String, Object>) properties).keySet());
        }
        for (String combined : List.of("allOf", "oneOf", "anyOf")) {
            ((List<Object>) schema.getOrDefault(combined, List.of()))
                    .forEach(part -> addProperties(document, part, fields));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> dereference(Map<String, Object> document, Object node) {
        Map<String, Object> map = (Map<String, Object>) node;
        Object ref = map.get("$ref");
        if (ref == null) {
            return map;
        }
        String[] steps = ((String) ref).substring(2).split("/");
        return dereference(document, path(document, steps));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> path(Map<String, Object> node, String... steps) {
        Map<String, Object> at = node;
        for (String step : steps) {
            at = (Map<String, Object>) at.get(step);
        }
        return at;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> document() {
        try {
            return (Map<String, Object>)
                    new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(DOCUMENT));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<Path, String> sources() {
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .collect(Collectors.toMap(file -> file, ErrorCodeCatalogueTest::read));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
