package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo merchant a development start prints is one the database has, so its credentials always work. */
@BehaviourTest
class DemoMerchantTest {

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theSavedMerchantIsKeptWhileTheDatabaseHasIt() throws Exception {
        Path file = service.config.dataDir().resolve(DemoMerchant.FILE);
        Files.deleteIfExists(file);
        JsonObject made = ensure();
        assertThat(Files.readString(file)).contains(made.getString("merchant_id"));

        assertThat(ensure()).isEqualTo(made);
    }

    @Test
    void aSavedMerchantTheDatabaseDoesNotHaveIsMadeAgain() throws Exception {
        Path file = service.config.dataDir().resolve(DemoMerchant.FILE);
        String gone = UUID.randomUUID().toString();
        Files.writeString(
                file,
                new JsonObject()
                        .put("merchant_id", gone)
                        .put("name", "Demo Merchant")
                        .put("secret_key", "sk_of_a_database_that_was_replaced")
                        .encode());

        JsonObject made = ensure();

        assertThat(made.getString("merchant_id")).isNotEqualTo(gone);
        assertThat(service.tokenFor(made)).isNotBlank();
        assertThat(Files.readString(file)).contains(made.getString("merchant_id"));
    }

    private static JsonObject ensure() {
        return RunningService.await(DemoMerchant.ensure(
                service.vertx,
                service.config,
                service.stores().merchants(),
                service.stores().people(),
                service.useCases().team()));
    }
}
