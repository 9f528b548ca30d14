package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A second start on a data directory in use exits with one line naming the directory and the running process, and
 * never touches the running one's database; start-up errors are one line; --help and --version just print.
 */
@BehaviourTest
class OneServicePerDataDirectoryTest {

    @TempDir
    Path dataDir;

    ServiceProcess service;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
    }

    @Test
    void aSecondStartOnTheSameDataDirectoryLeavesTheRunningServiceAlone() throws Exception {
        service = new ServiceProcess(dataDir, Map.of()).start();
        Http http = service.awaitReady();
        String adminToken = new JsonObject(Files.readString(dataDir.resolve("secrets.json"))).getString("admin_token");
        ServiceCalls shop = ServiceCalls.newMerchant(http, adminToken);
        String before = shop.createPayment();

        ServiceProcess.Finished second = service.run(Map.of());

        assertThat(second.exitCode()).as(second.output()).isEqualTo(2);
        List<String> refusals = second.lines().stream()
                .filter(line -> line.startsWith("walletpay: "))
                .toList();
        assertThat(refusals).as(second.output()).hasSize(1);
        assertThat(refusals.get(0))
                .contains(dataDir.toAbsolutePath().normalize().toString())
                .contains("pid " + service.pid());
        assertThat(second.output()).doesNotContain("Exception").doesNotContain("\tat ");

        assertThat(service.alive()).isTrue();
        assertThat(shop.paymentStatus(before)).isEqualTo(200);
        assertThat(shop.paymentStatus(shop.createPayment())).isEqualTo(200);
        try (var db = service.database();
                var sql = db.createStatement();
                var rows = sql.executeQuery("SELECT count(*) FROM payments")) {
            rows.next();
            assertThat(rows.getInt(1)).isEqualTo(2);
        }
    }

    @Test
    void helpAndVersionPrintAndExitWithoutTouchingARunningServicesData() throws Exception {
        service = new ServiceProcess(dataDir, Map.of()).start();
        Http http = service.awaitReady();

        ServiceProcess.Finished help = service.run(Map.of(), "--help");
        ServiceProcess.Finished version = service.run(Map.of(), "--version");

        assertThat(help.exitCode()).isZero();
        assertThat(help.output()).contains("Usage: java -jar walletpay.jar").contains("WALLETPAY_HTTP_PORT");
        assertThat(version.exitCode()).isZero();
        assertThat(version.output()).startsWith("walletpay ");
        assertThat(http.get("/health/ready", null).status()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "http.port, WALLETPAY_HTTP_PORT",
        "management.port, WALLETPAY_MANAGEMENT_PORT",
        "db.embedded_port, WALLETPAY_DB_EMBEDDED_PORT"
    })
    void aBusyPortIsOneLineNamingThePortAndItsKey(String key, String variable) throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            ServiceProcess.Finished run =
                    new ServiceProcess(dataDir, Map.of()).run(Map.of(variable, Integer.toString(taken.getLocalPort())));

            assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
            List<String> refusals = run.lines().stream()
                    .filter(line -> line.startsWith("walletpay: "))
                    .toList();
            assertThat(refusals).as(run.output()).hasSize(1);
            assertThat(refusals.get(0))
                    .contains("'" + key + "' (" + variable + ")")
                    .contains("port " + taken.getLocalPort());
            assertThat(run.output()).doesNotContain("\tat ").doesNotContain("BindException");
        }
    }

    @Test
    void aDataDirectoryThatIsAFileIsOneLineSayingSo() throws Exception {
        Path file = Files.writeString(dataDir.resolve("not-a-directory"), "x");
        ServiceProcess.Finished run =
                new ServiceProcess(dataDir, Map.of()).run(Map.of("WALLETPAY_DATA_DIR", file.toString()));

        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        assertThat(run.lines())
                .as(run.output())
                .filteredOn(line -> line.startsWith("walletpay: "))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("(data_dir, WALLETPAY_DATA_DIR)")
                .endsWith(file + ": not a directory");
    }
}
