package io.walletpay.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.TestConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The deployment files parse, and say what the service reads: every {@code WALLETPAY_*} variable they set is a
 * configuration key of {@code config/application.json} (or one of the cluster keys), probes
 * point at the health routes, and secrets are referenced, never written into a Deployment.
 */
class DeploymentFilesTest {

    private static final Path DEPLOY = Path.of("deploy");

    @Test
    void everyManifestIsValidYamlWithAKindAndAName() throws IOException {
        List<Map<String, Object>> documents = k8sDocuments();
        assertThat(documents).isNotEmpty();
        for (Map<String, Object> document : documents) {
            assertThat(document).containsKeys("apiVersion", "kind", "metadata");
            assertThat(map(document, "metadata")).containsKey("name");
        }
        assertThat(documents.stream().map(d -> (String) d.get("kind")))
                .contains(
                        "Deployment",
                        "Service",
                        "PodDisruptionBudget",
                        "HorizontalPodAutoscaler",
                        "ConfigMap",
                        "Secret");
    }

    @Test
    void deploymentsProbeTheHealthRoutesAndTakeSecretsByReference() throws IOException {
        List<Map<String, Object>> deployments = k8sDocuments().stream()
                .filter(d -> "Deployment".equals(d.get("kind")))
                .toList();
        assertThat(deployments).hasSize(2);
        for (Map<String, Object> deployment : deployments) {
            Map<String, Object> container = container(deployment);
            assertThat(path(container, "readinessProbe", "httpGet", "path")).isEqualTo("/health/ready");
            // the probe waits longer than the readiness check's own bound on the database
            long dbBoundMs = TestConfig.defaults().getJsonObject("db").getLong("timeout_ms");
            assertThat(((Number) path(container, "readinessProbe", "timeoutSeconds")).longValue() * 1000)
                    .isGreaterThan(dbBoundMs);
            assertThat(path(container, "livenessProbe", "httpGet", "path")).isEqualTo("/health/live");
            assertThat(map(container, "resources")).containsKeys("requests", "limits");
            for (Object variable : (List<?>) container.get("env")) {
                Map<?, ?> env = (Map<?, ?>) variable;
                String name = (String) env.get("name");
                if (name.contains("SECRET") || name.contains("TOKEN") || name.endsWith("DB_URL")) {
                    assertThat(env.get("value"))
                            .as(name + " is never written in the manifest")
                            .isNull();
                    assertThat(env.containsKey("valueFrom")).as(name).isTrue();
                }
            }
        }
    }

    @Test
    void everyVariableTheFilesSetIsAConfigurationKey() throws IOException {
        List<String> known = new ArrayList<>(List.of(
                "WALLETPAY_ROLE",
                "WALLETPAY_CLUSTER_ENABLED",
                "WALLETPAY_CLUSTER_MEMBERS",
                "WALLETPAY_CLUSTER_HOST",
                "WALLETPAY_CLUSTER_PORT"));
        collectKeys(TestConfig.defaults().getMap(), "", known);
        List<String> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(DEPLOY)) {
            all.filter(Files::isRegularFile).forEach(file -> files.add(read(file)));
        }
        files.add(read(Path.of("Dockerfile")));
        for (String text : files) {
            var matcher =
                    java.util.regex.Pattern.compile("WALLETPAY_[A-Z0-9_]+").matcher(text);
            while (matcher.find()) {
                assertThat(known).as("a variable the service reads").contains(matcher.group());
            }
        }
    }

    @Test
    void theComposeFileParsesAndRunsThreeNodesBehindALoadBalancer() {
        Map<String, Object> compose = new Yaml(new LoaderOptions()).load(read(DEPLOY.resolve("docker-compose.yml")));
        Map<String, Object> services = map(compose, "services");
        assertThat(services).containsKeys("postgres", "node1", "node2", "node3", "nginx");
        assertThat(path(services, "postgres", "image")).isEqualTo("postgres:17");
        // the nodes believe X-Forwarded-For from nginx, and from nothing else
        assertThat(path(services, "node1", "environment", "WALLETPAY_HTTP_TRUSTED_PROXIES"))
                .isEqualTo(path(services, "nginx", "networks", "default", "ipv4_address"));
    }

    private static void collectKeys(Map<String, Object> node, String prefix, List<String> into) {
        node.forEach((name, value) -> {
            String path = prefix.isEmpty() ? name : prefix + "." + name;
            if (value instanceof Map<?, ?> child) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) child;
                collectKeys(typed, path, into);
            } else {
                into.add(io.walletpay.config.EnvOverrides.variableFor(path));
            }
        });
    }

    private static List<Map<String, Object>> k8sDocuments() throws IOException {
        List<Map<String, Object>> documents = new ArrayList<>();
        try (Stream<Path> files = Files.list(DEPLOY.resolve("k8s"))) {
            for (Path file : files.sorted().toList()) {
                for (Object document : new Yaml(new LoaderOptions()).loadAll(read(file))) {
                    if (document != null) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> typed = (Map<String, Object>) document;
                        documents.add(typed);
                    }
                }
            }
        }
        return documents;
    }

    private static Map<String, Object> container(Map<String, Object> deployment) {
        List<?> containers = (List<?>) path(deployment, "spec", "template", "spec", "containers");
        @SuppressWarnings("unchecked")
        Map<String, Object> first = (Map<String, Object>) containers.get(0);
        return first;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.get(key);
    }

    private static Object path(Map<String, Object> root, String... keys) {
        Object node = root;
        for (String key : keys) {
            node = ((Map<?, ?>) node).get(key);
        }
        return node;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
