package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpResponseExpectation;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The merchants of a run and their credentials: creates them through the admin API or takes an existing one,
 * obtains their tokens and renews them at half their lifetime, and points the webhook URL at the receiver. On
 * {@link #close()} an existing merchant gets its own webhook URL back.
 */
final class MerchantSetup {

    private static final String ADMIN_MERCHANTS = "/api/admin/merchants";
    private static final String TOKEN = "/api/merchant/token/";
    private static final String SETTINGS = "/api/merchant/settings";
    // Never followed: it only makes the checkout answer 303, as it does for a real shop.
    private static final String RETURN_URL = "https://loadtest.example/return";
    private static final long MIN_RENEWAL_MS = 5_000;

    private final Vertx vertx;
    private final TargetClient client;
    private final List<LoadMerchant> merchants;
    private final boolean restoreWebhookUrl;
    private final String originalWebhookUrl;
    private long renewal = -1;

    private MerchantSetup(
            Vertx vertx,
            TargetClient client,
            List<LoadMerchant> merchants,
            boolean restoreWebhookUrl,
            String originalWebhookUrl) {
        this.vertx = vertx;
        this.client = client;
        this.merchants = merchants;
        this.restoreWebhookUrl = restoreWebhookUrl;
        this.originalWebhookUrl = originalWebhookUrl;
    }

    /**
     * @param receiverUrl the webhook receiver's base URL, or null when webhooks are not verified
     */
    static Future<MerchantSetup> open(
            Vertx vertx, TargetClient client, LoadTestOptions options, String runId, String receiverUrl) {
        if (options.noAuth()) {
            return Future.succeededFuture(
                    new MerchantSetup(vertx, client, List.of(LoadMerchant.anonymous()), false, null));
        }
        if (options.createsMerchants()) {
            List<Future<LoadMerchant>> created = new ArrayList<>();
            for (int i = 0; i < options.merchants(); i++) {
                created.add(create(client, options.adminToken(), runId, i, receiverUrl));
            }
            return Future.all(created)
                    .map(all -> new MerchantSetup(vertx, client, all.<LoadMerchant>list(), false, null))
                    .compose(setup -> setup.renewTokens().map(setup));
        }
        LoadMerchant merchant = new LoadMerchant(0, options.merchantId(), options.secretKey(), options.webhookSecret());
        return token(client, merchant).compose(expiresIn -> {
            if (receiverUrl == null) {
                return Future.succeededFuture(
                        new MerchantSetup(vertx, client, List.of(merchant), false, null).renewEvery(expiresIn));
            }
            return client.exchange(
                            HttpMethod.GET, SETTINGS, merchant.authorization(), null, HttpResponseExpectation.SC_OK)
                    .compose(settings -> {
                        String original =
                                settings.getJsonObject("data", new JsonObject()).getString("webhook_url");
                        return client.exchange(
                                        HttpMethod.PATCH,
                                        SETTINGS,
                                        merchant.authorization(),
                                        new JsonObject().put("webhook_url", WebhookVerifier.url(receiverUrl, 0)),
                                        HttpResponseExpectation.SC_OK)
                                .map(changed -> new MerchantSetup(vertx, client, List.of(merchant), true, original)
                                        .renewEvery(expiresIn));
                    });
        });
    }

    List<LoadMerchant> merchants() {
        return merchants;
    }

    /** Stops renewing tokens; an existing merchant's webhook URL is put back as it was. */
    Future<Void> close() {
        if (renewal >= 0) {
            vertx.cancelTimer(renewal);
            renewal = -1;
        }
        if (!restoreWebhookUrl) {
            return Future.succeededFuture();
        }
        LoadMerchant merchant = merchants.get(0);
        return client.exchange(
                        HttpMethod.PATCH,
                        SETTINGS,
                        merchant.authorization(),
                        new JsonObject().put("webhook_url", originalWebhookUrl),
                        HttpResponseExpectation.SC_OK)
                .<Void>mapEmpty()
                .recover(failure -> {
                    System.err.println(
                            "loadtest: could not restore the merchant's webhook_url: " + failure.getMessage());
                    return Future.succeededFuture();
                });
    }

    private static Future<LoadMerchant> create(
            TargetClient client, String adminToken, String runId, int index, String receiverUrl) {
        JsonObject body =
                new JsonObject().put("name", "loadtest " + runId + " #" + index).put("return_url", RETURN_URL);
        if (receiverUrl != null) {
            body.put("webhook_url", WebhookVerifier.url(receiverUrl, index));
        }
        return client.exchange(
                        HttpMethod.POST,
                        ADMIN_MERCHANTS,
                        "Bearer " + adminToken,
                        body,
                        HttpResponseExpectation.SC_CREATED)
                .map(answer -> {
                    JsonObject data = answer.getJsonObject("data", new JsonObject());
                    return new LoadMerchant(
                            index,
                            data.getString("merchant_id"),
                            data.getString("secret_key"),
                            data.getString("webhook_secret"));
                });
    }

    /** Obtains a token for {@code merchant}; the answer is its lifetime in seconds. */
    private static Future<Long> token(TargetClient client, LoadMerchant merchant) {
        return client.exchange(
                        HttpMethod.POST,
                        TOKEN,
                        null,
                        new JsonObject()
                                .put("merchant_id", merchant.merchantId())
                                .put("secret_key", merchant.secretKey()),
                        HttpResponseExpectation.SC_OK)
                .map(answer -> {
                    JsonObject data = answer.getJsonObject("data", new JsonObject());
                    String token = data.getString("token");
                    if (token == null) {
                        throw new SetupException("POST " + TOKEN + " answered without a token");
                    }
                    merchant.useToken(token);
                    return data.getLong("expires_in", 0L);
                });
    }

    private Future<Void> renewTokens() {
        return Future.all(merchants.stream()
                        .map(merchant -> token(client, merchant))
                        .toList())
                .map(all -> {
                    long shortest = all.<Long>list().stream()
                            .mapToLong(Long::longValue)
                            .min()
                            .orElse(0);
                    renewEvery(shortest);
                    return null;
                });
    }

    /** Tokens are renewed at half their lifetime, so a long run never sends an expired one. */
    private MerchantSetup renewEvery(long lifetimeSeconds) {
        if (lifetimeSeconds <= 0 || renewal >= 0) {
            return this;
        }
        long every = Math.max(MIN_RENEWAL_MS, lifetimeSeconds * 500);
        renewal = vertx.setPeriodic(
                every,
                id -> merchants.forEach(merchant -> token(client, merchant)
                        .onFailure(failure ->
                                System.err.println("loadtest: token renewal failed: " + failure.getMessage()))));
        return this;
    }
}
