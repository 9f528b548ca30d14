package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.ext.auth.User;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.AuthenticationHandler;
import io.vertx.ext.web.handler.JWTAuthHandler;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import java.util.UUID;

/**
 * The bearer guard of {@code /api/merchant/**}: a valid token of an active merchant, or 401/403. vertx-web's
 * {@link JWTAuthHandler} reads the {@code Authorization} header and verifies the token; the merchant then reaches
 * handlers from the verified token only ({@link #merchant(RoutingContext)}).
 */
final class MerchantGuard {

    private static final String MERCHANT = "walletpay.merchant";
    /** Set once a request reaches the guard: its failures before a user is known are the bearer check's. */
    private static final String CHECKING = "walletpay.bearer-check";

    private final AuthenticationHandler bearer;
    private final MerchantTokens tokens;
    private final MerchantDirectory directory;

    MerchantGuard(MerchantTokens tokens, MerchantDirectory directory) {
        this.bearer = JWTAuthHandler.create(tokens.verifier());
        this.tokens = tokens;
        this.directory = directory;
    }

    /** Guards every request {@code route} matches. */
    void protect(Route route) {
        route.handler(this::check).handler(this::admit).failureHandler(this::refuse);
    }

    /** The bearer handler runs inside this one, so {@link #refuse} can tell its failures from any other. */
    private void check(RoutingContext ctx) {
        ctx.put(CHECKING, Boolean.TRUE);
        bearer.handle(ctx);
    }

    /** The token is verified: its merchant must exist and be active. */
    private void admit(RoutingContext ctx) {
        if (ctx.user() == null) { // a CORS preflight, which the bearer handler lets through unchecked
            ctx.fail(unauthorized("Send Authorization: Bearer <token>"));
            return;
        }
        UUID merchantId = merchantId(ctx.user());
        if (merchantId == null
                || !tokens.withinLifetime(ctx.user(), java.time.Instant.now().getEpochSecond())) {
            ctx.fail(invalidToken());
            return;
        }
        directory
                .find(merchantId)
                .recover(failure -> Future.failedFuture(
                        failure instanceof ServiceException e && e.kind() == ErrorKind.NOT_FOUND
                                ? invalidToken()
                                : failure))
                .onSuccess(merchant -> {
                    if (!MerchantTokens.issuedUnderCurrentKey(ctx.user().principal(), merchant)) {
                        ctx.fail(invalidToken()); // issued before the secret key was rotated
                        return;
                    }
                    if (!merchant.active()) {
                        ctx.fail(new ServiceException(
                                ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
                        return;
                    }
                    ctx.put(MERCHANT, merchant);
                    ctx.next();
                })
                .onFailure(ctx::fail);
    }

    /**
     * The bearer handler answers a missing or foreign scheme and a token it cannot read with 400 or 401 of its own
     * (and a token vertx-auth-jwt throws on with 500): here all of them become the one 401 of the API, so the error
     * responder adds {@code WWW-Authenticate}. A token that was ours but has expired is told apart from any other
     * bad token ({@code token_expired}, {@code invalid_token}), so a client knows to fetch a new one. Any other
     * failure goes on unchanged.
     */
    private void refuse(RoutingContext ctx) {
        if (ctx.get(CHECKING) == null || ctx.user() != null || ctx.failure() instanceof ServiceException) {
            ctx.next();
            return;
        }
        String token = bearerToken(ctx.request().getHeader("Authorization"));
        if (token == null) {
            ctx.fail(unauthorized("Send Authorization: Bearer <token>"));
            return;
        }
        tokens.expired(token, java.time.Instant.now().getEpochSecond())
                .onComplete(expired -> ctx.fail(expired.result() ? tokenExpired() : invalidToken()));
    }

    /** The token of an {@code Authorization: Bearer <token>} header (the scheme in any case), else null. */
    private static String bearerToken(String authorization) {
        String scheme = "Bearer ";
        if (authorization == null || !authorization.regionMatches(true, 0, scheme, 0, scheme.length())) {
            return null;
        }
        String token = authorization.substring(scheme.length()).trim();
        return token.isEmpty() || token.contains(" ") ? null : token;
    }

    /** The merchant id a verified token names as its subject, or null when it names none. */
    private static UUID merchantId(User user) {
        if (!(user.principal().getValue("sub") instanceof String subject)) {
            return null;
        }
        return io.walletpay.json.Identifiers.parse(subject);
    }

    static Merchant merchant(RoutingContext ctx) {
        return ctx.get(MERCHANT);
    }

    static ServiceException unauthorized(String message) {
        return new ServiceException(ErrorKind.UNAUTHORIZED, "unauthorized", message);
    }

    private static ServiceException invalidToken() {
        return new ServiceException(ErrorKind.UNAUTHORIZED, "invalid_token", "The access token is not valid");
    }

    private static ServiceException tokenExpired() {
        return new ServiceException(ErrorKind.UNAUTHORIZED, "token_expired", "The access token expired");
    }
}
