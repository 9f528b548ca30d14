package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The point-in-time restore drill on the embedded default, with the real process and pgBackRest: WAL archived as the
 * service runs, a backup taken beside it, and a restore to a moment between two batches brings back every payment
 * acknowledged before that moment and none after, including the last ones written before the stop.
 */
@BehaviourTest
class BackupRestoreTest {

    @TempDir
    Path dataDir;

    @TempDir
    Path repository;

    @Test
    void aRestoreToAMomentKeepsEveryPaymentAcknowledgedBeforeItAndNoneAfter() throws Exception {
        Map<String, String> env = Map.of(
                "WALLETPAY_ADMIN_TOKEN", TestConfig.ADMIN_TOKEN, "WALLETPAY_BACKUP_REPO_PATH", repository.toString());
        ServiceProcess service = new ServiceProcess(dataDir, env).start();
        Http http = service.awaitReady();
        String token = merchantToken(http);

        List<String> first = create(http, token, "first", 50);
        ServiceProcess.Finished backup = service.run(Map.of(), "backup");
        assertThat(backup.exitCode()).as(backup.output()).isZero();
        assertThat(backup.output()).contains("backup taken (full");
        // pgBackRest keeps when a backup ended in whole seconds and reads a target time to the second: a moment in
        // the second the backup ended is not after it. The moment below is taken in a later second.
        long backupEnded = Instant.now().getEpochSecond();
        await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().getEpochSecond() > backupEnded + 1);
        List<String> second = create(http, token, "second", 50);
        Instant target = Instant.now(); // every one of the second batch was acknowledged (201) before this
        List<String> third = create(http, token, "third", 50); // and every one of these after it
        ServiceProcess.Finished refusedWhileRunning =
                service.run(Map.of(), "restore", "--target-time", target.toString());
        assertThat(refusedWhileRunning.exitCode())
                .as(refusedWhileRunning.output())
                .isEqualTo(2);
        assertThat(refusedWhileRunning.output()).contains("in use by another walletpay process");
        assertThat(service.terminate()).isTrue();
        assertThat(service.exitValue()).isZero();

        ServiceProcess.Finished restore = service.run(Map.of(), "restore", "--target-time", target.toString());
        assertThat(restore.exitCode()).as(restore.output()).isZero();

        service.start();
        service.awaitReady();
        Set<String> kept = references(service);
        assertThat(kept).containsAll(first).containsAll(second).doesNotContainAnyElementsOf(third);

        // the restored service writes and archives again, and a second backup is incremental
        create(http, token, "after", 5);
        ServiceProcess.Finished incremental = service.run(Map.of(), "backup");
        assertThat(incremental.exitCode()).as(incremental.output()).isZero();
        assertThat(incremental.output()).contains("backup taken (incr");
        assertThat(service.terminate()).isTrue();
    }

    @Test
    void aBackupWithoutARepositoryOrAMomentThatIsNotOneIsRefusedInOneLine() throws Exception {
        ServiceProcess service = new ServiceProcess(dataDir, Map.of());
        ServiceProcess.Finished backup = service.run(Map.of(), "backup");
        assertThat(backup.exitCode()).isEqualTo(2);
        assertThat(backup.lines())
                .anySatisfy(line -> assertThat(line).contains("'backup.repo_path' (WALLETPAY_BACKUP_REPO_PATH)"));

        ServiceProcess.Finished restore = service.run(
                Map.of("WALLETPAY_BACKUP_REPO_PATH", repository.toString()), "restore", "--target-time", "yesterday");
        assertThat(restore.exitCode()).isEqualTo(2);
        assertThat(restore.output()).contains("ISO 8601").contains("'yesterday'");
    }

    private static String merchantToken(Http http) {
        Http.Response merchant = http.post(
                "/api/admin/merchants", TestConfig.ADMIN_TOKEN, new JsonObject().put("name", "Boutik Sovgad"));
        assertThat(merchant.status()).as(merchant.body()).isEqualTo(201);
        Http.Response token = http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.data().getString("merchant_id"))
                        .put("secret_key", merchant.data().getString("secret_key")));
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return token.data().getString("token");
    }

    /** {@code count} payments, each acknowledged (201) before the next is sent; their references. */
    private static List<String> create(Http http, String token, String batch, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> {
                    String reference = batch + "-" + i;
                    Http.Response created = http.post(
                            "/api/merchant/payments/wallet/",
                            token,
                            new JsonObject().put("amount", 100 + i).put("reference_id", reference));
                    assertThat(created.status()).as(created.body()).isEqualTo(201);
                    return reference;
                })
                .toList();
    }

    private static Set<String> references(ServiceProcess service) throws Exception {
        Set<String> references = new HashSet<>();
        try (Connection database = service.database();
                PreparedStatement query = database.prepareStatement("SELECT reference_id FROM payments");
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                references.add(rows.getString(1));
            }
        }
        return references;
    }
}
