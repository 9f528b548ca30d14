package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.TestConfig;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real process on the embedded default: durable data, SIGTERM exits 0, a kill -9 does not stop the next start. */
class ProcessLifecycleTest {

  @TempDir
  Path dataDir;
  Process process;
  final int httpPort = TestConfig.freePort();
  final int dbPort = TestConfig.freePort();

  @AfterEach
  void stop() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroy();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void embeddedDataSurvivesAGracefulStopAndAKill() throws Exception {
    process = start();
    awaitReady();
    try (Connection db = connect(); Statement sql = db.createStatement()) {
      assertThat(scalar(sql, "SHOW fsync")).isEqualTo("on");
      assertThat(scalar(sql, "SHOW synchronous_commit")).isEqualTo("on");
      sql.execute("CREATE TABLE survivor (note text)");
      sql.execute("INSERT INTO survivor VALUES ('written before the restart')");
    }

    process.destroy(); // SIGTERM
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("stopped within 30 s").isTrue();
    assertThat(process.exitValue()).isZero();

    process = start();
    awaitReady();
    assertThat(survivorNote()).isEqualTo("written before the restart");

    process.destroyForcibly(); // SIGKILL: the embedded PostgreSQL is left behind, holding the directory
    process.waitFor(10, TimeUnit.SECONDS);

    process = start();
    awaitReady();
    assertThat(survivorNote()).isEqualTo("written before the restart");
  }

  @Test
  void aBadConfigurationValueStopsStartUpWithOneLineNamingTheKey() throws Exception {
    ProcessBuilder builder = builder();
    builder.environment().put("WALLETPAY_HTTP_PORT", "not-a-port");
    builder.redirectErrorStream(true);
    Process failed = builder.start();
    String output = new String(failed.getInputStream().readAllBytes());
    assertThat(failed.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(failed.exitValue()).isEqualTo(2);
    assertThat(output).contains("configuration key 'http.port'");
  }

  private Process start() throws Exception {
    return builder().redirectErrorStream(true)
        .redirectOutput(dataDir.resolve("service.log").toFile())
        .start();
  }

  private ProcessBuilder builder() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp",
        System.getProperty("java.class.path"), Main.class.getName()));
    builder.directory(new File("."));
    builder.environment().put("WALLETPAY_HTTP_PORT", Integer.toString(httpPort));
    builder.environment().put("WALLETPAY_DATA_DIR", dataDir.toString());
    builder.environment().put("WALLETPAY_DB_EMBEDDED_PORT", Integer.toString(dbPort));
    builder.environment().remove("WALLETPAY_DB_URL");
    return builder;
  }

  private void awaitReady() throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      assertThat(process.isAlive()).as("service process is running").isTrue();
      try {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(
            URI.create("http://localhost:" + httpPort + "/health/ready")).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // still starting
      }
      Thread.sleep(200);
    }
    throw new AssertionError("service did not become ready");
  }

  private Connection connect() throws Exception {
    return DriverManager.getConnection("jdbc:postgresql://localhost:" + dbPort + "/postgres", "postgres", "");
  }

  private String survivorNote() throws Exception {
    try (Connection db = connect(); Statement sql = db.createStatement()) {
      return scalar(sql, "SELECT note FROM survivor");
    }
  }

  private static String scalar(Statement sql, String query) throws Exception {
    try (ResultSet rows = sql.executeQuery(query)) {
      rows.next();
      return rows.getString(1);
    }
  }
}
