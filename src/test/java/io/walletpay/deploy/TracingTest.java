package io.walletpay.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.support.WebhookReceiver.Received;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tracing as an operator turns it on, with the standard OpenTelemetry variables: the service sends its spans over
 * OTLP/HTTP to a collector (here a receiver of the test's own on loopback, which decodes what arrives), a merchant's
 * request sent with a {@code traceparent} is continued, through its store flush and its provider call, and the
 * webhook it causes carries a {@code traceparent} of that same trace.
 */
@BehaviourTest
class TracingTest {

    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String PARENT_SPAN = "00f067aa0ba902b7";
    static final String CREATE_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

    @TempDir
    Path dataDir;

    @Test
    void aCancelSentWithATraceparentIsOneTraceFromTheRequestThroughItsFlushToItsWebhook() throws Exception {
        try (WebhookReceiver merchantEndpoint = new WebhookReceiver();
                OtlpReceiver collector = new OtlpReceiver()) {
            // spans leave every 100 ms rather than every 5 s; the webhook's retry comes 200 ms after its first try
            Map<String, String> tracingOn = Map.of(
                    "OTEL_EXPORTER_OTLP_ENDPOINT", collector.url(),
                    "OTEL_BSP_SCHEDULE_DELAY", "100",
                    "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,200ms,500ms,1s",
                    "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200");
            // the merchant's endpoint refuses the first attempt: the retry is claimed from the database
            merchantEndpoint.script("/hooks", call -> Answer.status(call == 0 ? 503 : 200));
            ServiceProcess service = new ServiceProcess(dataDir, tracingOn).start();
            try {
                cancelIsOneTrace(service.awaitReady(), merchantEndpoint, collector);
            } finally {
                service.terminate();
            }
        }
    }

    private void cancelIsOneTrace(Http http, WebhookReceiver merchantEndpoint, OtlpReceiver collector)
            throws Exception {
        String token = merchant(http, merchantEndpoint.url("/hooks"));
        Http.Response created = http.send(
                "POST",
                "/api/merchant/payments/wallet/",
                token,
                new JsonObject().put("amount", 150).encode(),
                Map.of(
                        "Content-Type",
                        "application/json",
                        "traceparent",
                        "00-" + CREATE_TRACE_ID + "-" + PARENT_SPAN + "-01"));
        assertThat(created.status()).isEqualTo(201);
        String paymentId = created.data().getString("id");

        Http.Response cancelled = http.send(
                "POST",
                "/api/merchant/payments/" + paymentId + "/cancel",
                token,
                null,
                Map.of("traceparent", "00-" + TRACE_ID + "-" + PARENT_SPAN + "-01"));
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.data().getString("status")).isEqualTo("cancelled");

        List<Received> attempts = merchantEndpoint.await("/hooks", 2);
        assertThat(new JsonObject(new String(attempts.get(1).body()))
                        .getJsonObject("data")
                        .getString("status"))
                .isEqualTo("cancelled");
        List<String[]> traceparents = attempts.stream()
                .map(attempt -> attempt.header("traceparent").split("-"))
                .toList();
        for (String[] traceparent : traceparents) {
            assertThat(traceparent).hasSize(4);
            assertThat(traceparent[1])
                    .as("the webhook's trace, first try and retry")
                    .isEqualTo(TRACE_ID);
            assertThat(traceparent[2])
                    .as("a span of the service's, not the caller's")
                    .isNotEqualTo(PARENT_SPAN);
        }
        assertThat(traceparents.get(1)[2])
                .as("each attempt its own span")
                .isNotEqualTo(traceparents.get(0)[2]);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(collector.spansOf(TRACE_ID))
                .extracting(Span::getName)
                .contains("POST", "store flush", "webhook attempt"));
        List<Span> trace = collector.spansOf(TRACE_ID);
        Span request = named(trace, "POST");
        assertThat(hex(request.getParentSpanId().toByteArray()))
                .as("the request continues the caller's span")
                .isEqualTo(PARENT_SPAN);
        Span flush = named(trace, "store flush");
        assertThat(attribute(flush, "walletpay.batch.size"))
                .hasValueSatisfying(size -> assertThat(size).isGreaterThanOrEqualTo(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(collector.spansOf(TRACE_ID).stream()
                        .filter(span -> span.getName().equals("webhook attempt"))
                        .map(span -> hex(span.getSpanId().toByteArray())))
                .as("the merchant received each attempt's own span")
                .containsExactlyInAnyOrder(traceparents.get(0)[2], traceparents.get(1)[2]));
        assertThat(collector.serviceNames()).contains("walletpay");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(collector.spansOf(CREATE_TRACE_ID))
                .as("the create opened the payment at the provider")
                .extracting(Span::getName)
                .contains("POST", "provider sandbox createPayment"));
    }

    private String merchant(Http http, String webhookUrl) throws Exception {
        String adminToken = new JsonObject(Files.readString(dataDir.resolve("secrets.json"))).getString("admin_token");
        Http.Response created = http.post(
                "/api/admin/merchants",
                adminToken,
                new JsonObject()
                        .put("name", "Traced shop")
                        .put("webhook_url", webhookUrl)
                        .put("return_url", "https://shop.example/back"));
        assertThat(created.status()).isEqualTo(201);
        return http.merchantToken(created.data());
    }

    private static Span named(List<Span> spans, String name) {
        return spans.stream()
                .filter(span -> span.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static Optional<Long> attribute(Span span, String key) {
        return span.getAttributesList().stream()
                .filter(attribute -> attribute.getKey().equals(key))
                .map(KeyValue::getValue)
                .map(value -> value.getIntValue())
                .findFirst();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** An OpenTelemetry collector's OTLP/HTTP traces endpoint, as far as the test needs: POST /v1/traces, protobuf. */
    static final class OtlpReceiver implements AutoCloseable {

        private final HttpServer server;
        private final List<ResourceSpans> received = new CopyOnWriteArrayList<>();

        OtlpReceiver() throws java.io.IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/v1/traces", exchange -> {
                try (exchange) {
                    byte[] body = exchange.getRequestBody().readAllBytes();
                    boolean protobuf = "POST".equals(exchange.getRequestMethod())
                            && "application/x-protobuf"
                                    .equals(exchange.getRequestHeaders().getFirst("Content-Type"));
                    if (!protobuf) {
                        exchange.sendResponseHeaders(415, -1);
                        return;
                    }
                    received.addAll(ExportTraceServiceRequest.parseFrom(body).getResourceSpansList());
                    exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                    exchange.sendResponseHeaders(200, 0);
                }
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        List<Span> spansOf(String traceId) {
            return received.stream()
                    .flatMap(resource -> resource.getScopeSpansList().stream())
                    .map(ScopeSpans::getSpansList)
                    .flatMap(List::stream)
                    .filter(span -> hex(span.getTraceId().toByteArray()).equals(traceId))
                    .toList();
        }

        List<String> serviceNames() {
            return received.stream()
                    .flatMap(resource -> resource.getResource().getAttributesList().stream())
                    .filter(attribute -> attribute.getKey().equals("service.name"))
                    .map(attribute -> attribute.getValue().getStringValue())
                    .toList();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
