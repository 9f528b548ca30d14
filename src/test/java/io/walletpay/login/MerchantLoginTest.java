package io.walletpay.login;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.login.MerchantLogin.WrongCredentials;
import io.walletpay.merchant.Credentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.MerchantPage;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.MerchantStore;
import io.walletpay.support.TestConfig;
import io.walletpay.support.TestMerchants;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A token request costs the same database work whether the id is known, unknown or no id at all. */
class MerchantLoginTest {

    @TempDir
    Path dataDir;

    @Test
    void wrongSecretUnknownAndMalformedIdsEachCostOneCredentialsLookup() {
        UUID known = UUID.randomUUID();
        CountingMerchants merchants =
                new CountingMerchants(known, Secrets.forNewMerchant().secretHash());
        MerchantLogin login = new MerchantLogin(
                merchants,
                new LoginThrottle(TestConfig.forTest(dataDir, Map.of()).logins()));

        for (String id : List.of(known.toString(), UUID.randomUUID().toString(), "not-a-uuid")) {
            int before = merchants.lookups.size();
            UUID parsed = id.equals("not-a-uuid") ? null : UUID.fromString(id);
            MerchantLogin.Outcome outcome = login.attempt("192.0.2.7", id, parsed, "sk_wrong")
                    .toCompletionStage()
                    .toCompletableFuture()
                    .join();

            assertThat(outcome).as(id).isInstanceOf(WrongCredentials.class);
            // the same database round trip (and the same hash comparison after it) whatever the id
            assertThat(merchants.lookups.size() - before).as(id).isEqualTo(1);
        }
    }

    @Test
    void aTestKeyVerifiesTheTestTwinAndALiveKeyTheLiveMerchant() {
        UUID known = UUID.randomUUID();
        Secrets.Issued live = Secrets.forNewMerchant();
        Secrets.Issued test = Secrets.forTestMode();
        CountingMerchants merchants = new CountingMerchants(known, live.secretHash(), test.secretHash());
        MerchantLogin login = new MerchantLogin(
                merchants,
                new LoginThrottle(TestConfig.forTest(dataDir, Map.of()).logins()));

        assertThat(test.secretKey()).startsWith("sk_test_");
        assertThat(Secrets.isTestKey(live.secretKey())).isFalse();
        MerchantLogin.Outcome asTest = login.attempt("192.0.2.8", known.toString(), known, test.secretKey())
                .toCompletionStage()
                .toCompletableFuture()
                .join();
        MerchantLogin.Outcome asLive = login.attempt("192.0.2.8", known.toString(), known, live.secretKey())
                .toCompletionStage()
                .toCompletableFuture()
                .join();

        assertThat(((MerchantLogin.Verified) asTest).merchant().livemode()).isFalse();
        assertThat(((MerchantLogin.Verified) asLive).merchant().livemode()).isTrue();
    }

    /** A merchant store that knows one merchant's secret hash and counts credential lookups. */
    private static final class CountingMerchants implements MerchantStore {

        final List<UUID> lookups = new ArrayList<>();
        private final UUID known;
        private final byte[] secretHash;

        private final byte[] testSecretHash;

        CountingMerchants(UUID known, byte[] secretHash) {
            this(known, secretHash, null);
        }

        CountingMerchants(UUID known, byte[] secretHash, byte[] testSecretHash) {
            this.known = known;
            this.secretHash = secretHash;
            this.testSecretHash = testSecretHash;
        }

        @Override
        public Future<Credentials> credentials(UUID id) {
            lookups.add(id);
            return Future.succeededFuture(
                    id.equals(known)
                            ? new Credentials(TestMerchants.merchant(id), secretHash)
                            : new Credentials(null, null));
        }

        @Override
        public Future<Credentials> testCredentials(UUID liveId) {
            lookups.add(liveId);
            return Future.succeededFuture(
                    liveId.equals(known) && testSecretHash != null
                            ? new Credentials(TestMerchants.twinOf(TestMerchants.merchant(liveId)), testSecretHash)
                            : new Credentials(null, null));
        }

        @Override
        public Future<Merchant> create(
                UUID id,
                NewMerchant merchant,
                byte[] secretHash,
                String webhookSecret,
                byte[] testSecretHash,
                String testWebhookSecret) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<Merchant> twin(UUID liveId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<Merchant> get(UUID id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<MerchantPage> list(int limit, UUID startingAfter, UUID endingBefore) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<Merchant> update(UUID id, MerchantChanges changes) {
            throw new UnsupportedOperationException();
        }
    }
}
