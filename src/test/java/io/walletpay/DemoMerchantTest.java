package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.people.Totp;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo merchant a development start prints is one the database has, so its credentials always work: its secret
 * key at the API, its owner's e-mail and password at the portal (the owner then sets up the second factor).
 */
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
        assertThat(made.getString("owner_password")).isNotBlank();
        signsIn(made);
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
        signsIn(made);
    }

    /** The printed owner signs in to the portal and, once the second factor is set up, is in. */
    private static void signsIn(JsonObject demo) throws Exception {
        PortalClient browser =
                new PortalClient("http://localhost:" + service.config.http().port());
        HttpResponse<String> answer = browser.submit(
                browser.get("/portal/login?lang=en"),
                "/portal/login",
                Map.of("email", demo.getString("owner_email"), "password", demo.getString("owner_password")));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/portal/enrol");
        HttpResponse<String> enrol = browser.get("/portal/enrol");
        byte[] secret = Totp.secretFromBase32(PortalClient.secretFrom(enrol));
        HttpResponse<String> codes = browser.submit(
                enrol, "/portal/enrol", Map.of("code", PortalClient.codeOf(secret, Totp.stepOf(Instant.now()))));
        assertThat(codes.statusCode()).as(codes.body()).isEqualTo(200);
        HttpResponse<String> overview = browser.get("/portal/");
        assertThat(overview.statusCode()).isEqualTo(200);
        assertThat(overview.body()).contains("Demo");
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
