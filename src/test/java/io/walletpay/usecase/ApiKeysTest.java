package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.KeyScope;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.RestrictedKeys;
import io.walletpay.merchant.Secrets;
import io.walletpay.support.TestMerchants;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Restricted API keys over in-memory stores: a key is shown once and kept only as its hash, verified for its own
 * merchant only while active, revoked for good, and making or revoking one is audited by id, never by key.
 */
class ApiKeysTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();
    private final ApiKeys keys = new ApiKeys(store, audit);
    private final Merchant merchant = audit.add(TestMerchants.active());
    private final Actor actor = Actor.merchant(merchant.id(), "198.51.100.7");

    @Test
    void aNewKeyIsShownOnceVerifiedByItsHashAndListedByItsPrefixOnly() {
        ApiKeys.Created created = done(keys.create(merchant, "payments", "Till 2", actor));

        assertThat(created.secret()).startsWith("rk_live_").hasSizeGreaterThan(40);
        assertThat(created.key().scope()).isEqualTo(KeyScope.PAYMENTS);
        assertThat(created.key().prefix()).isEqualTo(created.secret().substring(0, 12));
        assertThat(done(keys.verify(merchant.id(), created.secret())).id())
                .isEqualTo(created.key().id());
        assertThat(done(keys.verify(merchant.id(), created.secret() + "x"))).isNull();
        assertThat(done(keys.verify(UUID.randomUUID(), created.secret())))
                .as("another merchant's id with this key")
                .isNull();
        assertThat(done(keys.list(merchant.id())))
                .singleElement()
                .extracting(ApiKey::description)
                .isEqualTo("Till 2");
        assertThat(done(keys.verify(merchant.id(), Secrets.newSecretKey()))).isNull();
    }

    @Test
    void onlyTheTwoRestrictedScopesCanBeAskedFor() {
        for (String scope : new String[] {"full", "FULL", "admin", "", "read-only"}) {
            Throwable refused = failure(keys.create(merchant, scope, null, actor));
            assertThat(((ServiceException) refused).code()).isEqualTo("invalid_scope");
        }
        assertThat(done(keys.create(merchant, "read_only", null, actor)).key().scope())
                .isEqualTo(KeyScope.READ_ONLY);
        assertThat(done(keys.list(merchant.id()))).hasSize(1);
    }

    @Test
    void aRevokedKeyIsVerifiedNoMoreAndARevocationIsAuditedOnce() {
        ApiKeys.Created created = done(keys.create(merchant, "read_only", null, actor));

        ApiKey revoked = done(keys.revoke(merchant.id(), created.key().id(), actor));
        done(keys.revoke(merchant.id(), created.key().id(), actor));

        assertThat(revoked.active()).isFalse();
        assertThat(done(keys.verify(merchant.id(), created.secret()))).isNull();
        assertThat(done(keys.active(merchant.id(), created.key().id()))).isFalse();
        assertThat(audit.entries)
                .extracting(entry -> entry.action() + " " + entry.what())
                .containsExactly(
                        Audited.API_KEY_CREATE + " " + created.key().id() + ": read_only",
                        Audited.API_KEY_REVOKE + " " + created.key().id());
        assertThat(audit.entries).noneSatisfy(entry -> assertThat(entry.what()).contains(created.secret()));
    }

    @Test
    void aKeyMadeInTestModeSaysSo() {
        assertThat(done(keys.create(merchant, "read_only", null, actor)).secret())
                .startsWith("rk_live_");
        Merchant twin = TestMerchants.twinOf(merchant);

        ApiKeys.Created test = done(keys.create(twin, "read_only", null, actor));

        assertThat(test.secret()).startsWith("rk_test_");
        assertThat(RestrictedKeys.isRestricted(test.secret())).isTrue();
        assertThat(RestrictedKeys.isTestKey(test.secret())).isTrue();
    }

    @Test
    void anotherMerchantsKeyCannotBeRevoked() {
        ApiKeys.Created theirs = done(keys.create(TestMerchants.active(), "payments", null, actor));

        Throwable refused = failure(keys.revoke(merchant.id(), theirs.key().id(), actor));

        assertThat(((ServiceException) refused).kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(done(keys.active(theirs.key().merchantId(), theirs.key().id())))
                .isTrue();
        assertThat(done(keys.active(merchant.id(), theirs.key().id()))).isFalse();
    }

    @Test
    void aMerchantHasAtMostFiftyActiveKeys() {
        for (int i = 0; i < ApiKeys.MAX_ACTIVE; i++) {
            done(keys.create(merchant, "read_only", null, actor));
        }
        Throwable refused = failure(keys.create(merchant, "read_only", null, actor));
        assertThat(((ServiceException) refused).code()).isEqualTo("key_limit_reached");

        done(keys.revoke(merchant.id(), done(keys.list(merchant.id())).get(0).id(), actor));
        assertThat(done(keys.create(merchant, "payments", null, actor)).key().active())
                .isTrue();
    }
}
