package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Changing a merchant's settings: the change is saved with an entry naming the fields (never their values), and a
 * URL delivery would refuse saves nothing at all.
 */
class UpdateMerchantSettingsTest {

    private final InMemoryAuditStore merchants = new InMemoryAuditStore();
    private final Merchant merchant = merchants.add(TestMerchants.active());
    private final List<String> checked = new ArrayList<>();

    @Test
    void aChangeIsSavedWithAnEntryNamingItsFieldsButNotTheirValues() {
        UpdateMerchantSettings settings = new UpdateMerchantSettings(StoresOver.merchants(merchants), this::allow);

        Merchant changed = done(settings.update(
                merchant.id(),
                changes("https://shop.example/hooks", null, "fr", new BigDecimal("1.75")),
                Actor.admin("203.0.113.9")));

        assertThat(changed.webhookUrl()).isEqualTo("https://shop.example/hooks");
        assertThat(changed.locale()).isEqualTo("fr");
        assertThat(changed.feePercent()).isEqualByComparingTo("1.75");
        assertThat(merchants.merchants.get(merchant.id()).webhookUrl()).isEqualTo("https://shop.example/hooks");
        assertThat(checked).containsExactly("webhook_url=https://shop.example/hooks", "return_url=null");
        assertThat(merchants.entries).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("settings.update");
            assertThat(entry.what()).isEqualTo("webhook_url,locale,fee_percent");
            assertThat(entry.actor()).isEqualTo("admin");
            assertThat(entry.sourceAddress()).isEqualTo("203.0.113.9");
        });
    }

    @Test
    void aRefusedUrlSavesNothingAndRunsNothingAlongside() {
        UpdateMerchantSettings settings = new UpdateMerchantSettings(
                StoresOver.merchants(merchants),
                (field, url) -> url != null && url.contains("10.0.0.1")
                        ? Future.failedFuture(ServiceException.invalid(field, field + " is a private address"))
                        : Future.succeededFuture());
        List<String> alongside = new ArrayList<>();

        Throwable refused = failure(settings.update(
                merchant.id(),
                changes(null, "http://10.0.0.1/back", "fr", null),
                Actor.merchant(merchant.id(), "::1"),
                () -> {
                    alongside.add("payout phone");
                    return Future.succeededFuture();
                }));

        assertThat(((ServiceException) refused).code()).isEqualTo("invalid_return_url");
        assertThat(alongside).isEmpty();
        assertThat(merchants.merchants.get(merchant.id())).isEqualTo(merchant);
        assertThat(merchants.entries).isEmpty();
    }

    @Test
    void nothingAskedForChangesNothingAndWritesNoEntry() {
        UpdateMerchantSettings settings = new UpdateMerchantSettings(StoresOver.merchants(merchants), this::allow);

        Merchant same = done(settings.update(merchant.id(), changes(null, null, null, null), Actor.admin("::1")));

        assertThat(same.name()).isEqualTo(merchant.name());
        assertThat(merchants.entries).isEmpty();
    }

    @Test
    void anAdminsStatusAndNameChangeNamesBothFields() {
        UpdateMerchantSettings settings = new UpdateMerchantSettings(StoresOver.merchants(merchants), this::allow);

        Merchant changed = done(settings.update(
                merchant.id(),
                new MerchantChanges(
                        "Boutik Nouvo", MerchantStatus.DISABLED, null, false, null, false, null, false, null, null),
                Actor.admin("::1")));

        assertThat(changed.status()).isEqualTo(MerchantStatus.DISABLED);
        assertThat(merchants.entries).singleElement().satisfies(entry -> assertThat(entry.what())
                .isEqualTo("name,status"));
    }

    private Future<Void> allow(String field, String url) {
        checked.add(field + "=" + url);
        return Future.succeededFuture();
    }

    private static MerchantChanges changes(String webhookUrl, String returnUrl, String locale, BigDecimal feePercent) {
        return new MerchantChanges(null, null, webhookUrl, false, returnUrl, false, locale, false, feePercent, null);
    }
}
