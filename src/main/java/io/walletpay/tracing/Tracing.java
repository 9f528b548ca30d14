package io.walletpay.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.vertx.core.spi.VertxTracerFactory;
import io.vertx.tracing.opentelemetry.OpenTelemetryTracingFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BiConsumer;

/**
 * The process's tracing: off unless the standard {@code OTEL_*} variables ask for spans to be sent (an OTLP endpoint,
 * or a traces exporter other than {@code none}); then the OpenTelemetry SDK, configured by those variables, sends
 * them over OTLP/HTTP. Off, nothing here makes a span, reads a context or costs more than one field read.
 *
 * <p>One per process, as the OpenTelemetry SDK's own global is: the spans of a request, of the store flush that
 * carried its statement, of the provider calls it made and of its webhook's attempts all meet in one trace.
 */
public final class Tracing {

    /** The attribute a store flush carries: how many requests shared its statement and commit. */
    public static final AttributeKey<Long> BATCH_SIZE = AttributeKey.longKey("walletpay.batch.size");

    /** What the service sets unless the variables say otherwise: its name, OTLP over HTTP, no metrics or logs. */
    static final Map<String, String> DEFAULTS = Map.of(
            "otel.service.name", "walletpay",
            "otel.exporter.otlp.protocol", "http/protobuf",
            "otel.metrics.exporter", "none",
            "otel.logs.exporter", "none");

    private static final String TRACEPARENT = "traceparent";
    private static final TextMapGetter<Map<String, String>> FROM_MAP = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    private static volatile OpenTelemetrySdk sdk;
    private static volatile Tracer tracer;

    private Tracing() {}

    /**
     * Whether the variables (or the matching {@code otel.*} system properties) ask for traces: an OTLP endpoint for
     * everything or for traces, or {@code OTEL_TRACES_EXPORTER} other than {@code none}; never with
     * {@code OTEL_SDK_DISABLED=true}.
     */
    public static boolean wanted(Map<String, String> env, Properties properties) {
        if ("true".equalsIgnoreCase(setting(env, properties, "OTEL_SDK_DISABLED"))) {
            return false;
        }
        String exporter = setting(env, properties, "OTEL_TRACES_EXPORTER");
        if (exporter != null) {
            return !exporter.trim().equalsIgnoreCase("none");
        }
        return setting(env, properties, "OTEL_EXPORTER_OTLP_ENDPOINT") != null
                || setting(env, properties, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != null;
    }

    /**
     * Starts tracing when the process's variables ask for it, before any Vert.x instance is made; a refusal line
     * naming the variable when the SDK rejects a value.
     */
    public static Optional<String> startFromEnvironment() {
        if (!wanted(System.getenv(), System.getProperties())) {
            return Optional.empty();
        }
        try {
            OpenTelemetrySdk started = AutoConfiguredOpenTelemetrySdk.builder()
                    .addPropertiesSupplier(() -> DEFAULTS)
                    .build()
                    .getOpenTelemetrySdk();
            tracer = started.getTracer("io.walletpay");
            sdk = started;
            return Optional.empty();
        } catch (RuntimeException e) { // a value the SDK refuses, or an exporter this jar cannot make (gRPC)
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            return Optional.of("tracing (OTEL_* variables): " + cause.getMessage());
        }
    }

    public static boolean on() {
        return sdk != null;
    }

    /** The tracer Vert.x gives its HTTP server and clients, or null while tracing is off. */
    public static VertxTracerFactory vertxTracer() {
        OpenTelemetrySdk started = sdk;
        return started == null ? null : new OpenTelemetryTracingFactory(started);
    }

    /** The context of the work running now, to carry across a hop onto another event loop; null while off. */
    public static Context current() {
        return on() ? Context.current() : null;
    }

    /** Makes {@code context} current until the scope closes; nothing when it is null (tracing off). */
    public static Scope attach(Context context) {
        return context == null ? Scope.noop() : context.makeCurrent();
    }

    /** The W3C {@code traceparent} of the span running now; null while off or outside any trace. */
    public static String traceparent() {
        if (!on()) {
            return null;
        }
        Map<String, String> headers = new HashMap<>(2);
        inject(Context.current(), headers::put);
        return headers.get(TRACEPARENT);
    }

    /** Writes {@code context}'s trace headers ({@code traceparent}) with {@code header}. */
    public static void inject(Context context, BiConsumer<String, String> header) {
        W3CTraceContextPropagator.getInstance().inject(context, header, BiConsumer::accept);
    }

    /**
     * Starts a span under {@code parent}, linked to the other contexts (the other requests a shared flush carried);
     * null while tracing is off.
     */
    public static Span start(String name, SpanKind kind, Context parent, List<Context> linked) {
        Tracer started = tracer;
        if (started == null) {
            return null;
        }
        SpanBuilder span =
                started.spanBuilder(name).setSpanKind(kind).setParent(parent == null ? Context.root() : parent);
        for (Context other : linked) {
            SpanContext link = Span.fromContext(other).getSpanContext();
            if (link.isValid()) {
                span.addLink(link);
            }
        }
        return span.startSpan();
    }

    /**
     * Starts a span whose parent is a stored {@code traceparent}, or the work running now when there is none (a new
     * trace outside any); null while tracing is off.
     */
    public static Span startFrom(String name, SpanKind kind, String traceparent) {
        if (!on()) {
            return null;
        }
        Context parent = traceparent == null
                ? Context.current()
                : W3CTraceContextPropagator.getInstance()
                        .extract(Context.root(), Map.of(TRACEPARENT, traceparent), FROM_MAP);
        return start(name, kind, parent, List.of());
    }

    /** Ends {@code span} (null: tracing off), as an error when {@code failure} is not null. */
    public static void end(Span span, Throwable failure) {
        if (span == null) {
            return;
        }
        if (failure != null) {
            span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
        }
        span.end();
    }

    private static String setting(Map<String, String> env, Properties properties, String variable) {
        String value = env.get(variable);
        if (value == null) {
            value = properties.getProperty(variable.toLowerCase(Locale.ROOT).replace('_', '.'));
        }
        return value == null || value.isBlank() ? null : value;
    }
}
