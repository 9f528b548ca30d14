package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.KeyScope;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.RestrictedKeys;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.ApiKeyStore;
import io.walletpay.store.AuditStore;
import java.util.List;
import java.util.UUID;

/**
 * A merchant's restricted API keys: made (the key shown once, only its hash kept), listed without the key, revoked
 * for good; a key checked when it asks for a token and while its tokens are used. Making and revoking are audited
 * (the key's id, never the key). At most {@link #MAX_ACTIVE} active keys per merchant.
 */
public final class ApiKeys {

    public static final int MAX_ACTIVE = 50;

    /** A new key and the key itself, shown this once. */
    public record Created(ApiKey key, String secret) {}

    private final ApiKeyStore keys;
    private final AuditStore audit;

    public ApiKeys(ApiKeyStore keys, AuditStore audit) {
        this.keys = keys;
        this.audit = audit;
    }

    /**
     * @param scope the wire name asked for ({@code read_only} or {@code payments}); anything else is a 400
     */
    public Future<Created> create(Merchant merchant, String scope, String description, Actor actor) {
        UUID merchantId = merchant.id();
        KeyScope restricted = KeyScope.restricted(scope);
        if (restricted == null) {
            return Future.failedFuture(ServiceException.invalid("scope", "scope must be one of: read_only, payments"));
        }
        return keys.list(merchantId).compose(existing -> {
            if (existing.stream().filter(ApiKey::active).count() >= MAX_ACTIVE) {
                return Future.failedFuture(new ServiceException(
                        ErrorKind.CONFLICT,
                        "key_limit_reached",
                        "A merchant has at most " + MAX_ACTIVE + " active keys; revoke one first"));
            }
            RestrictedKeys.Made made = RestrictedKeys.make(merchant.livemode());
            ApiKey key =
                    new ApiKey(NewIdentifiers.next(), merchantId, restricted, description, made.prefix(), null, null);
            return keys.create(key, made.hash()).compose(stored -> audit.record(Audited.entry(
                            merchantId, actor, Audited.API_KEY_CREATE, stored.id() + ": " + restricted.wireName()))
                    .map(recorded -> new Created(stored, made.key())));
        });
    }

    public Future<List<ApiKey>> list(UUID merchantId) {
        return keys.list(merchantId);
    }

    /** Revokes the key; its next token request is refused. A 404 for an unknown id or another merchant's. */
    public Future<ApiKey> revoke(UUID merchantId, UUID id, Actor actor) {
        return keys.get(merchantId, id).compose(current -> {
            if (current == null) {
                return Future.failedFuture(ServiceException.notFound("API key"));
            }
            if (!current.active()) {
                return Future.succeededFuture(current); // revoked once: asking again changes nothing
            }
            return keys.revoke(merchantId, id).compose(revoked -> audit.record(
                            Audited.entry(merchantId, actor, Audited.API_KEY_REVOKE, id.toString()))
                    .map(revoked));
        });
    }

    /** The merchant's active key that {@code offered} is, or null (unknown, revoked, another merchant's). */
    public Future<ApiKey> verify(UUID merchantId, String offered) {
        return keys.activeByHash(merchantId, Secrets.hash(offered == null ? "" : offered));
    }

    /** Whether the key a token was issued for is still active. */
    public Future<Boolean> active(UUID merchantId, UUID id) {
        return keys.get(merchantId, id).map(key -> key != null && key.active());
    }
}
