package io.walletpay.login;

import io.vertx.core.Future;
import io.walletpay.error.ThrottleWait;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.MerchantStore;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * A merchant logging in with its id and secret key at the token endpoint (the portal signs in people instead): refused while
 * {@link LoginThrottle} says so (before the secret is checked), and otherwise one credentials lookup whatever the
 * id, so an unknown or malformed id costs what a wrong secret does (it is looked up as an id no merchant has, and
 * checked against a dummy hash). A wrong id or secret counts as a failure; what a disabled merchant gets is the
 * caller's to say. The id is always the live merchant's; a test secret key verifies its test twin.
 */
public final class MerchantLogin {

    /** What an attempt came to. */
    public sealed interface Outcome permits Throttled, WrongCredentials, Verified {}

    /** Too many failures lately from this address or for this account: try again after {@code retryAfter}. */
    public record Throttled(Duration retryAfter) implements Outcome {

        /** Whole seconds to wait, as {@code Retry-After} and the pages say it. */
        public long retryAfterSeconds() {
            return ThrottleWait.seconds(retryAfter);
        }
    }

    /** No merchant with this id and secret key; counted as a failure. */
    public record WrongCredentials() implements Outcome {}

    /** The secret key is this merchant's (which may be disabled). */
    public record Verified(Merchant merchant) implements Outcome {}

    /** Never the id of a merchant: their ids are random version-4 UUIDs, this one is all zeros. */
    private static final UUID NO_MERCHANT = new UUID(0L, 0L);

    private final MerchantStore merchants;
    private final LoginThrottle throttle;

    public MerchantLogin(MerchantStore merchants, LoginThrottle throttle) {
        this.merchants = merchants;
        this.throttle = throttle;
    }

    /**
     * @param merchantIdText the id as typed: the throttle's account key
     * @param merchantId that id parsed by the caller's rules, or null when it is none
     */
    public Future<Outcome> attempt(String sourceAddress, String merchantIdText, UUID merchantId, String secretKey) {
        Optional<Duration> wait = throttle.blocked(sourceAddress, merchantIdText);
        if (wait.isPresent()) {
            return Future.succeededFuture(new Throttled(wait.get()));
        }
        // a test key (sk_test_…) is the merchant's test twin's: the token or session then acts in test mode only
        return merchants
                .credentials(merchantId == null ? NO_MERCHANT : merchantId, !Secrets.isTestKey(secretKey))
                .map(credentials -> {
                    if (!Secrets.matches(secretKey, credentials.secretHash())) {
                        throttle.failed(sourceAddress, merchantIdText);
                        return new WrongCredentials();
                    }
                    return new Verified(credentials.merchant());
                });
    }

    /** Counts a refusal the caller decided on after a verified attempt (the portal refuses a disabled merchant). */
    public void failed(String sourceAddress, String merchantIdText) {
        throttle.failed(sourceAddress, merchantIdText);
    }
}
