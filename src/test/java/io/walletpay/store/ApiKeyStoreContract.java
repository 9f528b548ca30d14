package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.KeyScope;
import io.walletpay.merchant.RestrictedKeys;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link ApiKeyStore} must do, run against the in-memory store the use cases' tests use
 * and against PostgreSQL: a key is found by its hash only while active and only for its merchant; a revocation is
 * kept once.
 */
public abstract class ApiKeyStoreContract {

    protected abstract ApiKeyStore keys();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    private static ApiKey key(UUID merchant, KeyScope scope, String prefix) {
        return new ApiKey(UUID.randomUUID(), merchant, scope, "Till 2", prefix, null, null);
    }

    @Test
    void aKeyIsFoundByItsHashForItsMerchantOnlyAndListedWithoutIt() throws Exception {
        UUID merchant = newMerchant();
        RestrictedKeys.Made made = RestrictedKeys.make(true);
        ApiKey stored = await(keys().create(key(merchant, KeyScope.PAYMENTS, made.prefix()), made.hash()));

        assertThat(stored.active()).isTrue();
        assertThat(stored.createdAt()).isNotNull();
        assertThat(stored.scope()).isEqualTo(KeyScope.PAYMENTS);
        assertThat(await(keys().activeByHash(merchant, made.hash())).id()).isEqualTo(stored.id());
        assertThat(await(keys().activeByHash(newMerchant(), made.hash()))).isNull();
        assertThat(await(keys().activeByHash(merchant, RestrictedKeys.make(true).hash())))
                .isNull();
        assertThat(await(keys().list(merchant))).extracting(ApiKey::id).containsExactly(stored.id());
        assertThat(await(keys().get(merchant, stored.id())).prefix()).isEqualTo(made.prefix());
        assertThat(await(keys().get(newMerchant(), stored.id()))).isNull();
    }

    @Test
    void aRevokedKeyIsNotFoundByItsHashAndKeepsItsFirstRevocation() throws Exception {
        UUID merchant = newMerchant();
        RestrictedKeys.Made made = RestrictedKeys.make(true);
        ApiKey stored = await(keys().create(key(merchant, KeyScope.READ_ONLY, made.prefix()), made.hash()));

        assertThat(await(keys().revoke(newMerchant(), stored.id()))).isNull();
        assertThat(await(keys().activeByHash(merchant, made.hash()))).isNotNull();
        ApiKey revoked = await(keys().revoke(merchant, stored.id()));
        ApiKey again = await(keys().revoke(merchant, stored.id()));

        assertThat(revoked.active()).isFalse();
        assertThat(again.revokedAt()).isEqualTo(revoked.revokedAt());
        assertThat(await(keys().activeByHash(merchant, made.hash()))).isNull();
        assertThat(await(keys().list(merchant))).singleElement().satisfies(key -> assertThat(key.active())
                .isFalse());
        assertThat(await(keys().revoke(merchant, UUID.randomUUID()))).isNull();
    }
}
