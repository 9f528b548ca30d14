package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput;
import io.walletpay.merchant.Secrets;
import io.walletpay.net.ClientAddress;
import io.walletpay.store.Stores;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.UpdateMerchantSettings;
import io.walletpay.wiring.UseCases;
import java.util.UUID;

/** {@code /api/admin/merchants}: create (secrets shown once), list, get, update (including disable). */
final class AdminMerchantRoutes {

    private final Stores stores;
    private final AppConfig.Fees defaultFees;
    private final io.walletpay.usecase.SetPayoutPhone payoutPhone;
    private final UpdateMerchantSettings settingsChange;
    private final RotateSecretKey secretKeyRotation;

    AdminMerchantRoutes(Stores stores, AppConfig.Fees defaultFees, UseCases useCases) {
        this.stores = stores;
        this.defaultFees = defaultFees;
        this.settingsChange = useCases.updateMerchantSettings();
        this.payoutPhone = useCases.setPayoutPhone();
        this.secretKeyRotation = useCases.rotateSecretKey();
    }

    void mount(Router router, AdminGuard guard) {
        router.route("/api/admin/*").handler(guard::handle);
        router.post("/api/admin/merchants").handler(this::create);
        router.get("/api/admin/merchants").handler(this::list);
        router.get("/api/admin/merchants/:id").handler(this::get);
        router.patch("/api/admin/merchants/:id").handler(this::update);
        router.post("/api/admin/merchants/:id/test-secret-key/rotate").handler(this::rotateTestKey);
        router.post("/api/admin/merchants/:id/secret-key/rotate")
                .handler(ctx ->
                        SecretKeyRotation.rotate(ctx, secretKeyRotation, Queries.pathId(ctx, "Merchant"), actor(ctx)));
    }

    /** The admin, from the address of this request. */
    private static Actor actor(RoutingContext ctx) {
        return Actor.admin(ClientAddress.of(ctx));
    }

    private void create(RoutingContext ctx) {
        var input = MerchantInput.newMerchant(Bodies.json(ctx), defaultFees.percent(), defaultFees.fixed());
        Secrets.Issued secrets = Secrets.forNewMerchant();
        Secrets.Issued test = Secrets.forTestMode();
        settingsChange
                .checkUrls(input.webhookUrl(), input.returnUrl())
                .compose(checked -> stores.merchants()
                        .create(
                                NewIdentifiers.next(),
                                input,
                                secrets.secretHash(),
                                secrets.webhookSecret(),
                                test.secretHash(),
                                test.webhookSecret()))
                .onSuccess(merchant -> Responses.success(
                        ctx,
                        201,
                        MerchantViews.admin(merchant)
                                .put("secret_key", secrets.secretKey())
                                .put("webhook_secret", secrets.webhookSecret())
                                .put("test_secret_key", test.secretKey())
                                .put("test_webhook_secret", test.webhookSecret())))
                .onFailure(ctx::fail);
    }

    /** {@code POST /api/admin/merchants/{id}/test-secret-key/rotate}: the test twin's new key, shown this once. */
    private void rotateTestKey(RoutingContext ctx) {
        secretKeyRotation
                .rotateTest(Queries.pathId(ctx, "Merchant"), actor(ctx))
                .onSuccess(rotated -> Responses.success(
                        ctx,
                        200,
                        new io.vertx.core.json.JsonObject()
                                .put(
                                        "merchant_id",
                                        rotated.merchant().publicId().toString())
                                .put("test_secret_key", rotated.secretKey())))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        PageCursor cursor = Queries.cursor(ctx);
        stores.merchants()
                .list(Queries.limit(ctx), cursor.startingAfter(), cursor.endingBefore())
                .onSuccess(page -> Responses.page(ctx, page.merchants(), MerchantViews::admin, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        stores.merchants()
                .get(Queries.pathId(ctx, "Merchant"))
                .map(AdminMerchantRoutes::liveOnly)
                .onSuccess(merchant -> Responses.success(ctx, 200, MerchantViews.admin(merchant)))
                .onFailure(ctx::fail);
    }

    /**
     * The operator manages merchants by their live rows: a test twin is no merchant of its own (what the operator
     * sets on the live row carries into it), so its id is not found here.
     */
    static Merchant liveOnly(Merchant merchant) {
        if (!merchant.livemode()) {
            throw ServiceException.notFound("Merchant");
        }
        return merchant;
    }

    private void update(RoutingContext ctx) {
        UUID id = Queries.pathId(ctx, "Merchant");
        byte[] body = Bodies.json(ctx);
        var changes = MerchantInput.adminChanges(body);
        var payout = MerchantInput.payoutPhone(body, true);
        stores.merchants()
                .get(id)
                .map(AdminMerchantRoutes::liveOnly)
                .compose(live -> settingsChange.update(
                        id,
                        changes,
                        actor(ctx),
                        () -> payout == null
                                ? io.vertx.core.Future.succeededFuture()
                                : payoutPhone.set(id, payout.payoutPhone(), actor(ctx))))
                .onSuccess(merchant -> Responses.success(ctx, 200, MerchantViews.admin(merchant)))
                .onFailure(ctx::fail);
    }
}
