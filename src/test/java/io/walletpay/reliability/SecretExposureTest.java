package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.support.WebhookReceiver;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Secrets are shown once and nowhere else: not in any log line (everything reaching the root logger, with the
 * service's own loggers at DEBUG, while merchants are created, tokens issued, secrets rotated, a customer pays and
 * a webhook is sent), and not in any API answer except the one that issues them (merchant create, token, rotate).
 */
@BehaviourTest
class SecretExposureTest {

    @Test
    void secretsNeverReachTheLogsOrAnyAnswerButTheOneThatIssuesThem() {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger access = (Logger) LoggerFactory.getLogger("walletpay.access");
        Logger service = (Logger) LoggerFactory.getLogger("io.walletpay");
        Level accessLevel = access.getLevel();
        Level serviceLevel = service.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        root.addAppender(captured);
        service.setLevel(Level.DEBUG); // the service's own loggers at their most talkative; libraries as configured
        access.setLevel(Level.DEBUG);

        Map<String, String> secrets = new LinkedHashMap<>();
        List<Http.Response> answers = new ArrayList<>();
        try (WebhookReceiver receiver = new WebhookReceiver();
                RunningService running = RunningService.start(Map.of(
                        "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE",
                        "0s,200ms,200ms",
                        "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS",
                        "100"))) {
            secrets.put("admin token", TestConfig.ADMIN_TOKEN);
            secrets.put("JWT secret", TestConfig.JWT_SECRET);
            Http http = running.http;
            JsonObject merchant = running.createMerchant(
                    new JsonObject().put("name", "Secretive").put("webhook_url", receiver.url("/secret-hooks")));
            String id = merchant.getString("merchant_id");
            secrets.put("secret key", merchant.getString("secret_key"));
            secrets.put("first webhook secret", merchant.getString("webhook_secret"));
            String token = running.tokenFor(merchant);
            secrets.put("merchant token", token);

            Http.Response rotated = http.post("/api/merchant/webhook-secret/rotate", token, null);
            secrets.put("rotated webhook secret", rotated.data().getString("webhook_secret"));
            http.post(
                    "/api/merchant/token",
                    null,
                    new JsonObject()
                            .put("merchant_id", id)
                            .put(
                                    "secret_key",
                                    merchant.getString("secret_key") + "x")); // a wrong guess is not logged either
            http.get("/api/merchant/settings", token + "x");
            http.get("/api/admin/merchants", TestConfig.ADMIN_TOKEN + "x");

            JsonObject payment = running.createPayment(
                    token, new JsonObject().put("amount", 75).put("reference_id", "S-1"));
            String checkoutPath = URI.create(payment.getString("redirect_url")).getRawPath();
            secrets.put("checkout token", checkoutPath.substring("/checkout/".length()));
            http.send("GET", checkoutPath, null, null, Map.of());
            http.send(
                    "POST",
                    checkoutPath,
                    null,
                    "phone=50937123456&action=pay",
                    Map.of("Content-Type", "application/x-www-form-urlencoded"));
            receiver.await("/secret-hooks", 1);

            answers.add(http.get("/api/admin/merchants/" + id, TestConfig.ADMIN_TOKEN));
            answers.add(http.get("/api/admin/merchants?limit=100", TestConfig.ADMIN_TOKEN));
            answers.add(http.patch(
                    "/api/admin/merchants/" + id, TestConfig.ADMIN_TOKEN, new JsonObject().put("name", "S2")));
            answers.add(http.get("/api/merchant/settings", token));
            answers.add(http.patch(
                    "/api/merchant/settings", token, new JsonObject().put("return_url", "https://s.example/")));
            answers.add(http.get("/api/merchant/payments/" + payment.getString("id"), token));
            answers.add(http.get("/api/merchant/payments?limit=100", token));
            answers.add(http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 5)));
            Http.Response deliveries =
                    http.get("/api/merchant/webhooks/deliveries?payment_id=" + payment.getString("id"), token);
            answers.add(deliveries);
            String deliveryId = deliveries.dataArray().getJsonObject(0).getString("id");
            answers.add(http.get("/api/merchant/webhooks/deliveries/" + deliveryId, token));
            answers.add(http.post("/api/merchant/webhooks/deliveries/" + deliveryId + "/redeliver", token, null));
            receiver.await("/secret-hooks", 2);
        } finally {
            root.detachAppender(captured);
            service.setLevel(serviceLevel);
            access.setLevel(accessLevel);
        }

        List<String> lines =
                captured.list.stream().map(SecretExposureTest::everything).toList();
        assertThat(lines).as("log lines captured").hasSizeGreaterThan(10);
        assertThat(lines)
                .as("an access line per request was captured")
                .anyMatch(line -> line.contains("/api/merchant"));
        secrets.forEach((what, secret) -> {
            assertThat(lines).as(what + " in the logs").noneMatch(line -> line.contains(secret));
            if (!what.equals("checkout token")) { // payment answers carry it in redirect_url: the merchant needs it
                answers.forEach(answer ->
                        assertThat(answer.body()).as(what + " in an answer").doesNotContain(secret));
            }
        });
    }

    /** The message, its arguments and every throwable in the chain, as one string. */
    static String everything(ILoggingEvent event) {
        StringBuilder text = new StringBuilder(event.getFormattedMessage());
        if (event.getArgumentArray() != null) {
            for (Object argument : event.getArgumentArray()) {
                text.append(' ').append(argument);
            }
        }
        text.append(' ').append(event.getMDCPropertyMap());
        for (IThrowableProxy failure = event.getThrowableProxy(); failure != null; failure = failure.getCause()) {
            text.append(' ').append(failure.getClassName()).append(": ").append(failure.getMessage());
        }
        return text.toString();
    }
}
