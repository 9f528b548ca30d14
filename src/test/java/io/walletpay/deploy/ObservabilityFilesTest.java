package io.walletpay.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The shipped alert rules and dashboard ({@code deploy/observability}) are sound Prometheus rules whose own tests pass
 * under {@code promtool}, and every metric they read is one the running service exposes on {@code /metrics} after
 * real traffic: payments paid at a (fake) MonCash, a webhook delivered, the books reconciled.
 */
@BehaviourTest
class ObservabilityFilesTest {

    private static final Path DIRECTORY = Path.of("deploy", "observability");
    private static final Path RULES = DIRECTORY.resolve("walletpay-alerts.yml");
    private static final Path RULE_TESTS = DIRECTORY.resolve("walletpay-alerts.test.yml");
    private static final Path DASHBOARD = DIRECTORY.resolve("walletpay-dashboard.json");

    /** What the service's metrics are named: its own, Vert.x's and the JVM's (Prometheus's own {@code up} aside). */
    private static final Pattern METRIC = Pattern.compile("\\b(?:walletpay|vertx|jvm|process|system)_[a-z0-9_]+\\b");

    private static final List<String> ALERTS = List.of(
            "WalletpayWebhookBacklogOld",
            "WalletpayProviderErrors",
            "WalletpayDatabaseUnavailable",
            "WalletpayTransfersInReview",
            "WalletpayBooksDrift");

    @Test
    void theAlertRulesAreValidAndTheirTestsPassUnderPromtool() throws Exception {
        ChildProcess.Result check = ChildProcess.run(
                List.of("promtool", "check", "rules", RULES.toString()), Path.of("."), Map.of(), null, 60);
        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output()).contains("SUCCESS: " + ALERTS.size() + " rules found");

        ChildProcess.Result tests = ChildProcess.run(
                List.of("promtool", "test", "rules", RULE_TESTS.toString()), Path.of("."), Map.of(), null, 120);
        assertThat(tests.exitCode()).as(tests.output()).isZero();
        assertThat(tests.output()).contains("SUCCESS");

        String ruleTests = Files.readString(RULE_TESTS);
        assertThat(alertNames()).containsExactlyInAnyOrderElementsOf(ALERTS);
        for (String alert : ALERTS) {
            // each alert is tested firing (expected alerts listed) and quiet (none expected)
            assertThat(ruleTests).as(alert).contains("alertname: " + alert);
        }
    }

    @Test
    void everyMetricTheRulesAndTheDashboardReadIsOneTheServiceExposes() throws Exception {
        Set<String> used = new TreeSet<>();
        for (String expr : ruleExpressions()) {
            assertThat(metricsIn(expr)).as("a metric named in " + expr).isNotEmpty();
            used.addAll(metricsIn(expr));
        }
        for (String expr : dashboardExpressions()) {
            assertThat(metricsIn(expr)).as("a metric named in " + expr).isNotEmpty();
            used.addAll(metricsIn(expr));
        }
        used.addAll(metricsIn(Files.readString(RULES))); // the annotations name metrics too
        assertThat(used)
                .contains(
                        "walletpay_webhook_backlog_oldest_age_seconds",
                        "walletpay_provider_calls_total",
                        "walletpay_database_up",
                        "walletpay_transfers_in_review",
                        "walletpay_books_drift_htg");

        Vertx providerVertx = Vertx.vertx();
        FakeWalletProvider fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        try (WebhookReceiver receiver = new WebhookReceiver();
                RunningService service = RunningService.startLive(fake.liveModeEnvironment(), Map.of())) {
            String token = service.tokenFor(service.createMerchant(
                    new JsonObject().put("name", "Boutik Metrik").put("webhook_url", receiver.url("/hooks"))));
            LivePayments.paidAtProvider(service.http, fake, token, 250, "50938111111");
            receiver.await("/hooks", 1);
            Http.Response reconciled = service.http.post(
                    "/api/admin/reconciliation", io.walletpay.support.TestConfig.ADMIN_TOKEN, new JsonObject());
            assertThat(reconciled.status()).as(reconciled.body()).isLessThan(300);

            await("every metric the rules and the dashboard read is exposed")
                    .atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(exposed(service)).containsAll(used));
        } finally {
            RunningService.await(fake.close());
            RunningService.await(providerVertx.close());
        }
    }

    /** The names of the samples on {@code /metrics} ({@code _bucket}, {@code _count} and {@code _total} as written). */
    private static Set<String> exposed(RunningService service) {
        Http.Response metrics = service.http.get("/metrics", null);
        assertThat(metrics.status()).isEqualTo(200);
        return metrics.body()
                .lines()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("[{ ]", 2)[0])
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> metricsIn(String text) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rules() throws Exception {
        Map<String, Object> file = new Yaml().load(Files.readString(RULES));
        List<Map<String, Object>> rules = new ArrayList<>();
        for (Map<String, Object> group : (List<Map<String, Object>>) file.get("groups")) {
            rules.addAll((List<Map<String, Object>>) group.get("rules"));
        }
        return rules;
    }

    private static List<String> alertNames() throws Exception {
        return rules().stream().map(rule -> String.valueOf(rule.get("alert"))).toList();
    }

    private static List<String> ruleExpressions() throws Exception {
        return rules().stream().map(rule -> String.valueOf(rule.get("expr"))).toList();
    }

    private static List<String> dashboardExpressions() throws Exception {
        JsonObject dashboard = new JsonObject(Files.readString(DASHBOARD));
        List<String> expressions = new ArrayList<>();
        JsonArray panels = dashboard.getJsonArray("panels");
        assertThat(panels).isNotEmpty();
        for (Object panel : panels) {
            JsonArray targets = ((JsonObject) panel).getJsonArray("targets", new JsonArray());
            for (Object target : targets) {
                expressions.add(((JsonObject) target).getString("expr"));
            }
        }
        return expressions;
    }
}
