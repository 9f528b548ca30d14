package io.walletpay.openapi;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchemaValidationException;
import io.vertx.json.schema.OutputUnit;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.OpenAPIVersion;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.validation.ResponseValidator;
import io.vertx.openapi.validation.SchemaValidationException;
import io.vertx.openapi.validation.ValidatableResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Owns the API document as tests see it: {@code src/main/resources/openapi.yaml}, loaded once per JVM with
 * vertx-openapi, and the check that one HTTP answer matches what the document declares for an operation.
 *
 * <p>vertx-openapi 5.0.10 refuses a contract that names media types it cannot parse (text/html, application/yaml,
 * application/x-www-form-urlencoded), although they are valid OpenAPI. The served document keeps them; the
 * validator is given a copy in which each such media type is stood in for by an unparsed
 * {@code application/octet-stream}, and this class checks the answer's media type against the document as
 * written. Bodies of JSON media types are checked against their schemas; other bodies only by media type.
 * The copy also lowercases response header names, because the validator looks headers up by the declared name in
 * a map whose keys it has lowercased.
 *
 * <p>All methods block the calling thread (a test thread, not an event loop); the work runs on this class's own
 * Vert.x instance.
 */
public final class OpenApiContract {

    static final String DOCUMENT_PATH = "src/main/resources/openapi.yaml";

    private static final String STAND_IN = "application/octet-stream";
    private static final JsonObject STAND_IN_SCHEMA =
            new JsonObject().put("type", "string").put("format", "binary");
    private static final Set<String> METHODS =
            Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final long TIMEOUT_SECONDS = 30;

    private static Loaded loaded;
    private static RuntimeException loadFailure;

    private OpenApiContract() {}

    /**
     * Fails unless an answer with this status, {@code Content-Type} and body is one the document declares for
     * {@code operationId}. Response headers are not checked; use
     * {@link #assertMatchesWithHeaders(String, int, Map, String)} for that.
     *
     * @param contentType the answer's {@code Content-Type} header as sent (parameters such as charset are ignored),
     *                    or null when the answer has no body
     * @param body        the answer's body, or null / empty when it has none
     * @throws AssertionError naming the operation, the status and the validator's reason
     */
    public static void assertMatches(String operationId, int status, String contentType, String body) {
        check(operationId, status, null, contentType, body);
    }

    /**
     * Like {@link #assertMatches(String, int, String, String)}, and also checks the response headers the document
     * declares for that status (for example {@code WWW-Authenticate} on 401, {@code Retry-After} on 429/503,
     * {@code Location} on 303). The content type is taken from {@code headers}; header names are matched ignoring
     * case.
     */
    public static void assertMatchesWithHeaders(
            String operationId, int status, Map<String, String> headers, String body) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(headers);
        check(operationId, status, byName, byName.get("Content-Type"), body);
    }

    /**
     * The operationId the document gives {@code method} on {@code path} (no query string), if any. A path the
     * document lists with a final slash is also served without it, as the same operation.
     */
    public static java.util.Optional<String> operationFor(String method, String path) {
        io.vertx.core.http.HttpMethod verb = io.vertx.core.http.HttpMethod.valueOf(method.toUpperCase(Locale.ROOT));
        Operation operation = loaded().contract.findOperation(path, verb);
        if (operation == null && !path.endsWith("/")) {
            operation = loaded().contract.findOperation(path + "/", verb);
        }
        return java.util.Optional.ofNullable(operation).map(Operation::getOperationId);
    }

    /** Every operationId of the document, in document order. */
    public static Set<String> operationIds() {
        return loaded().declared.keySet();
    }

    /** The document as written (a copy). */
    public static JsonObject document() {
        return loaded().document.copy();
    }

    /** Problems the OpenAPI 3.1 meta-schema finds in {@code document}; empty when it is a valid 3.1 document. */
    static List<String> metaSchemaProblems(JsonObject document) {
        return await(metaSchemaProblems(loaded().vertx, document), "validating a document against the OpenAPI schema");
    }

    private static void check(
            String operationId, int status, Map<String, String> headers, String contentType, String body) {
        Loaded contract = loaded();
        String where = operationId + " " + status;
        Map<String, Set<String>> responses = contract.declared.get(operationId);
        if (responses == null) {
            throw new AssertionError(
                    "The document has no operation " + operationId + "; it has " + contract.declared.keySet());
        }
        Set<String> mediaTypes = responses.containsKey(Integer.toString(status))
                ? responses.get(Integer.toString(status))
                : responses.get("default");
        if (mediaTypes == null) {
            throw new AssertionError(where + ": status " + status + " is not declared for " + operationId
                    + "; declared: " + responses.keySet());
        }
        boolean hasBody = body != null && !body.isEmpty();
        String mediaType = mediaType(contentType);
        if (hasBody && mediaType == null) {
            throw new AssertionError(where + ": the answer has a body but no Content-Type");
        }
        if (hasBody && !mediaTypes.isEmpty() && !mediaTypes.contains(mediaType)) {
            throw new AssertionError(
                    where + ": the answer is " + mediaType + " but the document declares " + mediaTypes);
        }
        String validatorType = mediaType == null || isJson(mediaType) ? mediaType : STAND_IN;
        ValidatableResponse response = ValidatableResponse.create(
                status,
                headers == null ? Map.of() : asValidatorReadsThem(headers),
                hasBody ? Buffer.buffer(body) : null,
                hasBody ? validatorType : null);
        ResponseValidator validator = headers == null ? contract.bodyValidator : contract.fullValidator;
        try {
            validator
                    .validate(response, operationId)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError(
                    where + " does not match the document: " + describe(e.getCause())
                            + (hasBody ? "\nbody: " + abbreviate(body) : ""),
                    e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while validating " + where, e);
        } catch (TimeoutException e) {
            throw new AssertionError("validating " + where + " took over " + TIMEOUT_SECONDS + " s", e);
        }
    }

    /**
     * Header values as vertx-openapi 5.0.10's simple-style decoder reads them. It decodes a value as JSON, and one
     * that is not JSON it retries wrapped in quotes but not escaped, so a string with quotes of its own
     * ({@code Bearer error="invalid_token", error_description="…"}) "can't be decoded" although it is a valid
     * header. Such a value is handed over as the JSON string it is, so the declared schema (its pattern) is checked
     * against exactly the value sent; a value the decoder reads as it is goes unchanged.
     */
    private static Map<String, String> asValidatorReadsThem(Map<String, String> headers) {
        Map<String, String> readable = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> readable.put(name, decodable(value) ? value : Json.encode(value)));
        return readable;
    }

    private static boolean decodable(String value) {
        if (value == null || value.isEmpty() || value.matches("\\w+")) {
            return true;
        }
        try {
            Json.decodeValue(value);
            return true;
        } catch (io.vertx.core.json.DecodeException notJson) {
            return !value.contains("\"");
        }
    }

    /**
     * The validator's reason. For a body that breaks its schema, the JSON Schema errors at the deepest places
     * only: the validator also reports every enclosing property, often as "does not match additional properties
     * schema", which reads like an extra property when the fault is a type or a format further in.
     */
    private static String describe(Throwable failure) {
        if (!(failure instanceof SchemaValidationException schema) || schema.getOutputUnit() == null) {
            return String.valueOf(failure.getMessage());
        }
        Map<String, Set<String>> byLocation = new LinkedHashMap<>();
        collectLeaves(schema.getOutputUnit(), byLocation);
        Set<String> locations = Set.copyOf(byLocation.keySet());
        byLocation.forEach((location, messages) -> {
            boolean enclosing = locations.stream().anyMatch(other -> other.startsWith(location + "/"));
            if (enclosing || messages.size() > 1) {
                messages.removeIf(OpenApiContract::isEnclosingNoise);
            }
        });
        byLocation.values().removeIf(Set::isEmpty);
        if (byLocation.isEmpty()) {
            return String.valueOf(failure.getMessage());
        }
        StringBuilder text = new StringBuilder("the body does not match its schema:");
        byLocation.forEach((location, messages) -> messages.forEach(message ->
                text.append("\n  at '").append(location).append("': ").append(message)));
        return text.toString();
    }

    private static boolean isEnclosingNoise(String message) {
        return message.endsWith("does not match schema")
                || message.endsWith("does not match additional properties schema");
    }

    private static void collectLeaves(OutputUnit unit, Map<String, Set<String>> byLocation) {
        List<OutputUnit> errors = unit.getErrors();
        if (errors != null && !errors.isEmpty()) {
            errors.forEach(error -> collectLeaves(error, byLocation));
            return;
        }
        if (unit.getError() != null && !unit.getError().equals("A subschema had errors")) {
            byLocation
                    .computeIfAbsent(String.valueOf(unit.getInstanceLocation()), location -> new LinkedHashSet<>())
                    .add(unit.getError());
        }
    }

    private static String abbreviate(String body) {
        return body.length() <= 2000 ? body : body.substring(0, 2000) + "…";
    }

    /** The lowercased media type of a Content-Type value, without parameters; null for null or blank. */
    static String mediaType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .trim()
                .toLowerCase(Locale.ROOT);
    }

    private static boolean isJson(String mediaType) {
        return mediaType.equals("application/json") || mediaType.endsWith("+json");
    }

    private static synchronized Loaded loaded() {
        if (loaded == null && loadFailure == null) {
            try {
                loaded = Loaded.load();
            } catch (RuntimeException e) {
                loadFailure = e;
            }
        }
        if (loadFailure != null) {
            throw new AssertionError("openapi.yaml could not be loaded: " + loadFailure.getMessage(), loadFailure);
        }
        return loaded;
    }

    private static <T> T await(Future<T> future, String what) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " took over " + TIMEOUT_SECONDS + " s", e);
        }
    }

    private static Future<List<String>> metaSchemaProblems(Vertx vertx, JsonObject document) {
        OpenAPIVersion version;
        try {
            version = OpenAPIVersion.fromContract(document);
        } catch (RuntimeException e) {
            return Future.succeededFuture(List.of(String.valueOf(e.getMessage())));
        }
        if (version != OpenAPIVersion.V3_1) {
            return Future.succeededFuture(List.of("openapi is " + document.getValue("openapi") + ", not 3.1.x"));
        }
        return version.getRepository(vertx, "app://")
                .compose(repository -> version.validateContract(vertx, repository, document))
                .map(OpenApiContract::problems);
    }

    private static List<String> problems(OutputUnit result) {
        try {
            result.checkValidity();
            return List.of();
        } catch (JsonSchemaValidationException e) {
            List<String> problems = new ArrayList<>();
            collect(result, problems);
            return problems.isEmpty() ? List.of(String.valueOf(e.getMessage())) : problems;
        }
    }

    private static void collect(OutputUnit unit, List<String> problems) {
        if (unit.getErrors() == null || unit.getErrors().isEmpty()) {
            if (unit.getError() != null) {
                problems.add("'" + unit.getInstanceLocation() + "': " + unit.getError());
            }
            return;
        }
        unit.getErrors().forEach(error -> collect(error, problems));
    }

    /** The document as written, what it declares, and validators built from it. */
    private static final class Loaded {

        final Vertx vertx;
        final JsonObject document;
        /** operationId → status key ("200", "default") → media types declared (empty: no body). */
        final Map<String, Map<String, Set<String>>> declared;

        final ResponseValidator fullValidator;
        final ResponseValidator bodyValidator;
        final OpenAPIContract contract;

        private Loaded(
                Vertx vertx,
                JsonObject document,
                Map<String, Map<String, Set<String>>> declared,
                ResponseValidator fullValidator,
                ResponseValidator bodyValidator,
                OpenAPIContract contract) {
            this.vertx = vertx;
            this.contract = contract;
            this.document = document;
            this.declared = declared;
            this.fullValidator = fullValidator;
            this.bodyValidator = bodyValidator;
        }

        static Loaded load() {
            JsonObject document = readDocument(locate());
            Vertx vertx = Vertx.vertx();
            Runtime.getRuntime().addShutdownHook(new Thread(vertx::close, "openapi-contract-vertx-close"));
            List<String> problems = await(metaSchemaProblems(vertx, document), "validating openapi.yaml");
            if (!problems.isEmpty()) {
                throw new IllegalStateException(
                        "openapi.yaml is not a valid OpenAPI 3.1 document:\n  " + String.join("\n  ", problems));
            }
            OpenAPIContract full = await(
                    OpenAPIContract.from(vertx, validatorCopy(document, true)),
                    "loading openapi.yaml with vertx-openapi");
            OpenAPIContract bodies = await(
                    OpenAPIContract.from(vertx, validatorCopy(document, false)),
                    "loading openapi.yaml with vertx-openapi");
            Map<String, Map<String, Set<String>>> declared = declaredResponses(document);
            Set<String> loadedIds =
                    full.operations().stream().map(Operation::getOperationId).collect(Collectors.toSet());
            if (!loadedIds.equals(declared.keySet())) {
                throw new IllegalStateException(
                        "vertx-openapi loaded operations " + loadedIds + " but the document has " + declared.keySet());
            }
            return new Loaded(
                    vertx,
                    document,
                    declared,
                    ResponseValidator.create(vertx, full),
                    ResponseValidator.create(vertx, bodies),
                    full);
        }

        private static Path locate() {
            Path relative = Path.of(DOCUMENT_PATH);
            String basedir = System.getProperty("basedir");
            if (basedir != null && Files.isRegularFile(Path.of(basedir).resolve(relative))) {
                return Path.of(basedir).resolve(relative);
            }
            return relative.toAbsolutePath();
        }

        private static JsonObject readDocument(Path path) {
            String text;
            try {
                text = Files.readString(path);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + path + ": " + e.getMessage(), e);
            }
            Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            if (!(parsed instanceof Map<?, ?> map)) {
                throw new IllegalStateException(path + " is not a YAML mapping");
            }
            return (JsonObject) toJson(map, "");
        }

        /** YAML values as JSON; anything JSON cannot hold (an unquoted timestamp, say) is a mistake in the document. */
        private static Object toJson(Object value, String at) {
            if (value instanceof Map<?, ?> map) {
                JsonObject object = new JsonObject(new LinkedHashMap<>());
                map.forEach((key, item) -> object.put(String.valueOf(key), toJson(item, at + "/" + key)));
                return object;
            }
            if (value instanceof List<?> list) {
                JsonArray array = new JsonArray();
                for (int i = 0; i < list.size(); i++) {
                    array.add(toJson(list.get(i), at + "/" + i));
                }
                return array;
            }
            if (value == null || value instanceof String || value instanceof Boolean || value instanceof Number) {
                return value;
            }
            throw new IllegalStateException("openapi.yaml " + at + " holds a "
                    + value.getClass().getSimpleName() + ", which JSON cannot; quote it");
        }

        /** What each operation declares: status keys and, for each, the media types of its content. */
        private static Map<String, Map<String, Set<String>>> declaredResponses(JsonObject document) {
            Map<String, Map<String, Set<String>>> declared = new LinkedHashMap<>();
            forEachOperation(document, operation -> {
                String id = operation.getString("operationId");
                if (id == null) {
                    throw new IllegalStateException("an operation has no operationId: " + operation.encode());
                }
                Map<String, Set<String>> statuses = new LinkedHashMap<>();
                JsonObject responses = operation.getJsonObject("responses", new JsonObject());
                for (String status : responses.fieldNames()) {
                    JsonObject response = resolve(document, responses.getJsonObject(status));
                    Set<String> mediaTypes = new LinkedHashSet<>();
                    response.getJsonObject("content", new JsonObject())
                            .fieldNames()
                            .forEach(type -> mediaTypes.add(mediaType(type)));
                    statuses.put(status, Collections.unmodifiableSet(mediaTypes));
                }
                if (declared.put(id, Collections.unmodifiableMap(statuses)) != null) {
                    throw new IllegalStateException("operationId " + id + " is used twice");
                }
            });
            return Collections.unmodifiableMap(declared);
        }

        /**
         * The copy vertx-openapi can load: media types it cannot parse become an unparsed stand-in, and response
         * header names are lowercased ({@code withHeaders}) or dropped (so answers are checked without headers).
         */
        private static JsonObject validatorCopy(JsonObject document, boolean withHeaders) {
            JsonObject copy = document.copy();
            pinEnvelopeSuccess(copy);
            JsonObject components = copy.getJsonObject("components", new JsonObject());
            forEachOperation(copy, operation -> {
                JsonObject responses = operation.getJsonObject("responses", new JsonObject());
                responses.fieldNames().forEach(status -> adaptResponse(responses.getJsonObject(status), withHeaders));
                JsonObject requestBody = operation.getJsonObject("requestBody");
                if (requestBody != null) {
                    standInForUnparsed(requestBody.getJsonObject("content"));
                }
            });
            JsonObject sharedResponses = components.getJsonObject("responses", new JsonObject());
            sharedResponses
                    .fieldNames()
                    .forEach(name -> adaptResponse(sharedResponses.getJsonObject(name), withHeaders));
            JsonObject sharedBodies = components.getJsonObject("requestBodies", new JsonObject());
            sharedBodies
                    .fieldNames()
                    .forEach(name ->
                            standInForUnparsed(sharedBodies.getJsonObject(name).getJsonObject("content")));
            return copy;
        }

        /**
         * The document types an envelope's {@code success} as a plain boolean, as generators need (an enum of one
         * boolean becomes the string "true" in some of them); its conventions say a success envelope (with
         * {@code data}) says true and a failure envelope (with {@code error}) says false. The validator holds
         * answers to that.
         */
        private static void pinEnvelopeSuccess(Object node) {
            if (node instanceof JsonObject object) {
                if (object.getValue("required") instanceof JsonArray required
                        && required.contains("success")
                        && object.getValue("properties") instanceof JsonObject properties
                        && properties.getValue("success") instanceof JsonObject success) {
                    if (required.contains("data")) {
                        success.put("const", true);
                    } else if (required.contains("error")) {
                        success.put("const", false);
                    }
                }
                object.forEach(entry -> pinEnvelopeSuccess(entry.getValue()));
            } else if (node instanceof JsonArray array) {
                array.forEach(OpenApiContract.Loaded::pinEnvelopeSuccess);
            }
        }

        private static void adaptResponse(JsonObject response, boolean withHeaders) {
            if (response.containsKey("$ref")) {
                return; // adapted where it is defined, under components
            }
            standInForUnparsed(response.getJsonObject("content"));
            JsonObject headers = (JsonObject) response.remove("headers");
            if (withHeaders && headers != null) {
                JsonObject lowercased = new JsonObject();
                headers.forEach(header -> lowercased.put(header.getKey().toLowerCase(Locale.ROOT), header.getValue()));
                response.put("headers", lowercased);
            }
        }

        private static void standInForUnparsed(JsonObject content) {
            if (content == null) {
                return;
            }
            List<String> unparsed = content.fieldNames().stream()
                    .filter(type -> !isJson(mediaType(type)))
                    .collect(Collectors.toList());
            if (unparsed.isEmpty()) {
                return;
            }
            if (content.containsKey(STAND_IN) || unparsed.size() > 1) {
                throw new IllegalStateException("cannot stand in for " + unparsed + " in " + content.fieldNames());
            }
            content.remove(unparsed.get(0));
            content.put(STAND_IN, new JsonObject().put("schema", STAND_IN_SCHEMA.copy()));
        }

        private static void forEachOperation(JsonObject document, java.util.function.Consumer<JsonObject> action) {
            JsonObject paths = document.getJsonObject("paths", new JsonObject());
            for (String path : paths.fieldNames()) {
                JsonObject item = paths.getJsonObject(path);
                for (String method : item.fieldNames()) {
                    if (METHODS.contains(method)) {
                        action.accept(item.getJsonObject(method));
                    }
                }
            }
        }

        /** Follows a local {@code $ref} ("#/components/…") to the object it names. */
        private static JsonObject resolve(JsonObject document, JsonObject maybeReference) {
            JsonObject current = maybeReference;
            for (int hops = 0; current.containsKey("$ref"); hops++) {
                String ref = current.getString("$ref");
                if (!ref.startsWith("#/") || hops > 16) {
                    throw new IllegalStateException("unsupported reference " + ref);
                }
                Object target = document;
                for (String token : ref.substring(2).split("/")) {
                    String name = token.replace("~1", "/").replace("~0", "~");
                    target = target instanceof JsonObject object ? object.getValue(name) : null;
                }
                if (!(target instanceof JsonObject object)) {
                    throw new IllegalStateException("reference " + ref + " names nothing");
                }
                current = object;
            }
            return current;
        }
    }
}
