package io.walletpay.cluster;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Every manifest under deploy/ parses, and the Kubernetes ones carry what a deployer relies on. */
class DeployManifestsTest {

    private static final Path DEPLOY = Path.of("deploy");

    @Test
    void everyYamlFileUnderDeployParses() throws IOException {
        List<Path> files = yamlFiles(DEPLOY);
        assertThat(files).extracting(Path::toString).contains("deploy/docker-compose.yml");
        for (Path file : files) {
            assertThat(documents(file)).as(file.toString()).isNotEmpty();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void kubernetesManifestsProbeHealthReferenceSecretsAndRequestResources() throws IOException {
        List<Map<String, Object>> all = new ArrayList<>();
        for (Path file : yamlFiles(DEPLOY.resolve("k8s"))) {
            all.addAll(documents(file));
        }
        assertThat(all).allSatisfy(doc -> assertThat(doc).containsKeys("apiVersion", "kind", "metadata"));
        List<String> kinds = all.stream().map(doc -> (String) doc.get("kind")).toList();
        assertThat(kinds)
                .contains("Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "ConfigMap");
        assertThat(kinds).doesNotContain("Secret"); // secrets by reference only

        List<Map<String, Object>> deployments =
                all.stream().filter(doc -> "Deployment".equals(doc.get("kind"))).toList();
        assertThat(deployments).hasSize(2);
        for (Map<String, Object> deployment : deployments) {
            Map<String, Object> pod = (Map<String, Object>)
                    ((Map<String, Object>) ((Map<String, Object>) deployment.get("spec")).get("template")).get("spec");
            Map<String, Object> container = ((List<Map<String, Object>>) pod.get("containers")).get(0);
            String text = new Yaml().dump(container);
            assertThat(text).contains("/health/ready", "/health/live", "secretKeyRef", "WALLETPAY_ROLE");
            assertThat(((Map<String, Object>) container.get("resources"))).containsKey("requests");
        }
    }

    @Test
    void theDockerfileRunsAsNonRootOnAJre17WithAHealthcheck() throws IOException {
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        assertThat(dockerfile).contains("AS build", "eclipse-temurin:17-jre", "USER 10001", "HEALTHCHECK");
    }

    private static List<Path> yamlFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(
                            p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(Path file) throws IOException {
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object doc : yaml.loadAll(Files.readString(file))) {
            if (doc != null) {
                docs.add((Map<String, Object>) doc);
            }
        }
        return docs;
    }
}
