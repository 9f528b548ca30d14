package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.store.AuditStore;
import io.walletpay.store.MerchantStore;
import io.walletpay.store.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Changing a merchant's settings (the merchant's webhook URL, Return URL and locale; the admin's name, status and
 * fees too), whoever asks: in production a URL delivery would refuse is a 400 naming its field,
 * and the change commits together with its audit entry naming the fields changed (never their values).
 */
public final class UpdateMerchantSettings {

    /**
     * The save-time check of one URL as delivery would send to it (the delivery's {@code WebhookTargets}): succeeds,
     * or fails with a 400 naming {@code field}; a null URL (unchanged or cleared) passes.
     */
    @FunctionalInterface
    public interface UrlCheck {
        Future<Void> check(String field, String url);
    }

    private final MerchantStore merchants;
    private final AuditStore audit;
    private final UrlCheck targets;

    public UpdateMerchantSettings(Stores stores, UrlCheck targets) {
        this.merchants = stores.merchants();
        this.audit = stores.audit();
        this.targets = targets;
    }

    public Future<Merchant> update(UUID merchantId, MerchantChanges changes, Actor actor) {
        return update(merchantId, changes, actor, () -> Future.succeededFuture());
    }

    /**
     * The same, with {@code alongside} (a change asked for in the same request that is saved with an audit entry of
     * its own, such as the payout number) made once the URLs have passed and before the settings are saved: a
     * refused URL saves nothing at all, and a refused {@code alongside} saves no setting.
     */
    public Future<Merchant> update(
            UUID merchantId, MerchantChanges changes, Actor actor, Supplier<Future<?>> alongside) {
        List<String> fields = changedFields(changes);
        return checkUrls(changes.webhookUrl(), changes.returnUrl())
                .compose(checked -> alongside.get())
                .compose(done -> fields.isEmpty()
                        // nothing asked for: nothing to record
                        ? merchants.update(merchantId, changes)
                        : audit.update(
                                merchantId,
                                changes,
                                Audited.entry(merchantId, actor, Audited.SETTINGS_UPDATE, String.join(",", fields))));
    }

    /**
     * Succeeds when both URLs (null = unchanged or cleared) are ones delivery would use; in production otherwise the
     * 400 of the first refused, naming its field. Development keeps the URL rule of the input alone.
     */
    public Future<Void> checkUrls(String webhookUrl, String returnUrl) {
        return targets.check("webhook_url", webhookUrl).compose(checked -> targets.check("return_url", returnUrl));
    }

    /** The wire names of the fields {@code changes} sets or clears, in a fixed order. */
    static List<String> changedFields(MerchantChanges changes) {
        List<String> fields = new ArrayList<>();
        if (changes.name() != null) {
            fields.add("name");
        }
        if (changes.status() != null) {
            fields.add("status");
        }
        if (changes.webhookUrl() != null || changes.clearWebhookUrl()) {
            fields.add("webhook_url");
        }
        if (changes.returnUrl() != null || changes.clearReturnUrl()) {
            fields.add("return_url");
        }
        if (changes.locale() != null || changes.clearLocale()) {
            fields.add("locale");
        }
        if (changes.feePercent() != null) {
            fields.add("fee_percent");
        }
        if (changes.feeFixed() != null) {
            fields.add("fee_fixed");
        }
        if (changes.approvalThreshold() != null || changes.clearApprovalThreshold()) {
            fields.add("approval_threshold");
        }
        return fields;
    }
}
