package io.walletpay.login;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.walletpay.login.MerchantLogin.WrongCredentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.MerchantStore;
import io.walletpay.support.TestConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token request costs the same database work whether the id is known, unknown or no id at all, and guesses are
 * held to the limit of failures however many are in flight at once.
 */
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
    void guessesSentAllAtOnceAreHeldToTheLimitOfFailures() {
        UUID known = UUID.randomUUID();
        Secrets.Issued secret = Secrets.forNewMerchant();
        HeldMerchants merchants = new HeldMerchants(known, secret.secretHash());
        // ten failures per account from one address (the default)
        MerchantLogin login = new MerchantLogin(
                merchants,
                new LoginThrottle(TestConfig.forTest(dataDir, Map.of()).logins()));

        // forty guesses before the database has answered any of them
        List<Future<MerchantLogin.Outcome>> guesses = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            guesses.add(login.attempt("192.0.2.8", known.toString(), known, "sk_wrong" + i));
        }
        merchants.answerAll();

        long checked = guesses.stream()
                .filter(guess -> guess.result() instanceof WrongCredentials)
                .count();
        assertThat(checked).isEqualTo(10);
        assertThat(guesses).allSatisfy(guess -> assertThat(guess.result())
                .isInstanceOfAny(WrongCredentials.class, MerchantLogin.Throttled.class));
    }

    @Test
    void loginsThatProveTheSecretCountNothingEvenWhenSentAllAtOnce() {
        UUID known = UUID.randomUUID();
        Secrets.Issued secret = Secrets.forNewMerchant();
        HeldMerchants merchants = new HeldMerchants(known, secret.secretHash());
        MerchantLogin login = new MerchantLogin(
                merchants,
                new LoginThrottle(TestConfig.forTest(dataDir, Map.of()).logins()));

        for (int round = 0; round < 3; round++) {
            List<Future<MerchantLogin.Outcome>> logins = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                logins.add(login.attempt("192.0.2.9", known.toString(), known, secret.secretKey()));
            }
            merchants.answerAll();
            assertThat(logins).allSatisfy(each -> assertThat(each.result()).isInstanceOf(MerchantLogin.Verified.class));
        }
        // nothing was left counted: ten wrong guesses are still checked before the limit
        List<Future<MerchantLogin.Outcome>> guesses = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            guesses.add(login.attempt("192.0.2.9", known.toString(), known, "sk_wrong"));
            merchants.answerAll();
        }
        assertThat(guesses.subList(0, 10))
                .allSatisfy(guess -> assertThat(guess.result()).isInstanceOf(WrongCredentials.class));
        assertThat(guesses.get(10).result()).isInstanceOf(MerchantLogin.Throttled.class);
    }

    /** A merchant store whose credential look-ups wait until the test answers them, as a database in flight does. */
    private static final class HeldMerchants extends CountingMerchants {

        private final List<Runnable> held = new ArrayList<>();

        HeldMerchants(UUID known, byte[] secretHash) {
            super(known, secretHash);
        }

        @Override
        public Future<Credentials> credentials(UUID id) {
            Promise<Credentials> answer = Promise.promise();
            held.add(() -> super.credentials(id).onComplete(answer));
            return answer.future();
        }

        void answerAll() {
            List<Runnable> now = new ArrayList<>(held);
            held.clear();
            now.forEach(Runnable::run);
        }
    }

    /** A merchant store that knows one merchant's secret hash and counts credential lookups. */
    private static class CountingMerchants implements MerchantStore {

        final List<UUID> lookups = new ArrayList<>();
        private final UUID known;
        private final byte[] secretHash;

        CountingMerchants(UUID known, byte[] secretHash) {
            this.known = known;
            this.secretHash = secretHash;
        }

        @Override
        public Future<Credentials> credentials(UUID id) {
            lookups.add(id);
            return Future.succeededFuture(
                    id.equals(known) ? new Credentials(null, secretHash) : new Credentials(null, null));
        }

        @Override
        public Future<Merchant> create(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<Merchant> get(UUID id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<MerchantPage> list(int limit, UUID startingAfter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<Merchant> update(UUID id, MerchantChanges changes) {
            throw new UnsupportedOperationException();
        }
    }
}
