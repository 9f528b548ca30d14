package io.walletpay.login;

import io.vertx.core.Future;
import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.RestrictedKeys;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.ApiKeyStore;
import io.walletpay.store.MerchantStore;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * A merchant asking for a token with a restricted API key instead of its secret key: the same throttle as
 * {@link MerchantLogin} (refused before the key is checked; an unknown id, a wrong, revoked or another merchant's key
 * counts as a failure), and the merchant looked up as it does, so a made-up id costs what a wrong key does.
 */
public final class RestrictedKeyLogin {

    /** An active key of this merchant (which may be disabled: the caller says what that gets). */
    public record Verified(Merchant merchant, ApiKey key) {}

    private static final UUID NO_MERCHANT = new UUID(0L, 0L);

    private final MerchantStore merchants;
    private final ApiKeyStore keys;
    private final LoginThrottle throttle;

    public RestrictedKeyLogin(MerchantStore merchants, ApiKeyStore keys, LoginThrottle throttle) {
        this.merchants = merchants;
        this.keys = keys;
        this.throttle = throttle;
    }

    /**
     * The outcome as {@link MerchantLogin}'s: {@link MerchantLogin.Throttled}, {@link MerchantLogin.WrongCredentials}
     * or, for a verified key, this class's {@link Verified} wrapped in {@link Attempt}.
     */
    public record Attempt(MerchantLogin.Outcome refused, Verified verified) {}

    public Future<Attempt> attempt(String sourceAddress, String merchantIdText, UUID merchantId, String key) {
        Optional<Duration> wait = throttle.blocked(sourceAddress, merchantIdText);
        if (wait.isPresent()) {
            return Future.succeededFuture(new Attempt(new MerchantLogin.Throttled(wait.get()), null));
        }
        UUID id = merchantId == null ? NO_MERCHANT : merchantId;
        // a test key (rk_test_…) belongs to the merchant's test twin, as a test secret key does
        return merchants.credentials(id, !RestrictedKeys.isTestKey(key)).compose(credentials -> keys.activeByHash(
                        credentials.merchant() == null
                                ? NO_MERCHANT
                                : credentials.merchant().id(),
                        Secrets.hash(key))
                .map(found -> {
                    if (found == null || credentials.merchant() == null) {
                        throttle.failed(sourceAddress, merchantIdText);
                        return new Attempt(new MerchantLogin.WrongCredentials(), null);
                    }
                    return new Attempt(null, new Verified(credentials.merchant(), found));
                }));
    }
}
