package io.walletpay.merchant;

import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Reads and validates what admins and merchants send about a merchant. */
public final class MerchantInput {

    static final int MAX_NAME = 200;
    private static final BigDecimal MAX_PERCENT = new BigDecimal("100");
    private static final BigDecimal MAX_FIXED = new BigDecimal("1000000");

    /** A new merchant before it has an id or secrets; fees already defaulted. */
    public record NewMerchant(
            String name,
            String webhookUrl,
            String returnUrl,
            String locale,
            BigDecimal feePercent,
            BigDecimal feeFixed) {}

    /**
     * Changes to a merchant; a null field is left as it is unless its {@code clear…} flag is set. The approval
     * threshold is the operator's and the portal's, never the API's: an API key cannot switch four eyes off.
     */
    public record MerchantChanges(
            String name,
            MerchantStatus status,
            String webhookUrl,
            boolean clearWebhookUrl,
            String returnUrl,
            boolean clearReturnUrl,
            String locale,
            boolean clearLocale,
            BigDecimal feePercent,
            BigDecimal feeFixed,
            BigDecimal approvalThreshold,
            boolean clearApprovalThreshold) {

        /** Changes that leave the approval threshold as it is. */
        public MerchantChanges(
                String name,
                MerchantStatus status,
                String webhookUrl,
                boolean clearWebhookUrl,
                String returnUrl,
                boolean clearReturnUrl,
                String locale,
                boolean clearLocale,
                BigDecimal feePercent,
                BigDecimal feeFixed) {
            this(
                    name,
                    status,
                    webhookUrl,
                    clearWebhookUrl,
                    returnUrl,
                    clearReturnUrl,
                    locale,
                    clearLocale,
                    feePercent,
                    feeFixed,
                    null,
                    false);
        }
    }

    private static final BigDecimal MIN_THRESHOLD = new BigDecimal("0.01");
    private static final BigDecimal MAX_THRESHOLD = new BigDecimal("1000000000");

    private static final Set<String> CREATE_FIELDS =
            Set.of("name", "webhook_url", "return_url", "locale", "fee_percent", "fee_fixed");
    private static final Set<String> ADMIN_UPDATE_FIELDS = Set.of(
            "name",
            "status",
            "webhook_url",
            "return_url",
            "locale",
            "fee_percent",
            "fee_fixed",
            "payout_phone",
            "approval_threshold");
    // payout_phone redirects money: only with the secret key typed again (secret_key), read by payoutPhone()
    private static final Set<String> SETTINGS_FIELDS =
            Set.of("webhook_url", "return_url", "locale", "payout_phone", "secret_key");
    // the languages of the customer pages (page.Language)
    private static final Set<String> LOCALES = Set.of("ht", "fr", "en");

    // named in the 400 of a fee sent as an object or a list, as for any other wrong value
    private static final Map<String, String> MONEY = Map.of(
            "fee_percent",
            "a decimal number",
            "fee_fixed",
            "a decimal number",
            "approval_threshold",
            "a decimal number");

    private MerchantInput() {}

    public static NewMerchant newMerchant(byte[] body, BigDecimal defaultPercent, BigDecimal defaultFixed) {
        JsonInput input = JsonInput.parseObject(body, CREATE_FIELDS, MONEY);
        BigDecimal percent = input.optionalMoney("fee_percent", BigDecimal.ZERO, MAX_PERCENT);
        BigDecimal fixed = input.optionalMoney("fee_fixed", BigDecimal.ZERO, MAX_FIXED);
        return new NewMerchant(
                input.requiredText("name", MAX_NAME),
                MerchantUrls.validate("webhook_url", input.optionalText("webhook_url", MerchantUrls.MAX_LENGTH)),
                MerchantUrls.validate("return_url", input.optionalText("return_url", MerchantUrls.MAX_LENGTH)),
                locale(input),
                percent == null ? defaultPercent : percent,
                fixed == null ? defaultFixed : fixed);
    }

    public static MerchantChanges adminChanges(byte[] body) {
        JsonInput input = JsonInput.parseObject(body, ADMIN_UPDATE_FIELDS, MONEY);
        MerchantStatus status = null;
        String statusText = input.optionalText("status", 20);
        if (statusText != null) {
            status = MerchantStatus.fromWire(statusText)
                    .orElseThrow(() -> ServiceException.invalid("status", "status must be active or disabled"));
        }
        MerchantChanges changes = changes(
                input,
                input.optionalText("name", MAX_NAME),
                status,
                input.optionalMoney("fee_percent", BigDecimal.ZERO, MAX_PERCENT),
                input.optionalMoney("fee_fixed", BigDecimal.ZERO, MAX_FIXED));
        if (!input.has("approval_threshold")) {
            return changes;
        }
        BigDecimal threshold = input.optionalMoney("approval_threshold", MIN_THRESHOLD, MAX_THRESHOLD);
        return withThreshold(changes, threshold, threshold == null);
    }

    /** The smallest and largest approval thresholds there may be (HTG). */
    public static final BigDecimal MIN_APPROVAL_THRESHOLD = MIN_THRESHOLD;

    public static final BigDecimal MAX_APPROVAL_THRESHOLD = MAX_THRESHOLD;

    /**
     * The portal's settings form with the approval threshold it carries ({@code threshold}, null: off): a change
     * only when it differs from {@code current}'s, so saving the form untouched records nothing.
     */
    public static MerchantChanges withThreshold(MerchantChanges changes, Merchant current, BigDecimal threshold) {
        BigDecimal was = current.approvalThreshold();
        boolean same = threshold == null ? was == null : was != null && threshold.compareTo(was) == 0;
        return same ? changes : withThreshold(changes, threshold, threshold == null);
    }

    private static MerchantChanges withThreshold(MerchantChanges changes, BigDecimal threshold, boolean clear) {
        return new MerchantChanges(
                changes.name(),
                changes.status(),
                changes.webhookUrl(),
                changes.clearWebhookUrl(),
                changes.returnUrl(),
                changes.clearReturnUrl(),
                changes.locale(),
                changes.clearLocale(),
                changes.feePercent(),
                changes.feeFixed(),
                threshold,
                clear);
    }

    /** A payout number asked for (empty: clear it) and the secret key sent with it; null when none was. */
    public record PayoutPhoneChange(String payoutPhone, String secretKey) {}

    /** The {@code payout_phone} of a settings or admin body, with its {@code secret_key}; null when absent. */
    public static PayoutPhoneChange payoutPhone(byte[] body, boolean admin) {
        JsonInput input = JsonInput.parseObject(body, admin ? ADMIN_UPDATE_FIELDS : SETTINGS_FIELDS, MONEY);
        if (!input.has("payout_phone")) {
            if (!admin && input.has("secret_key")) {
                throw ServiceException.invalid("secret_key", "secret_key is only sent with payout_phone");
            }
            return null;
        }
        String phone = input.optionalText("payout_phone", 40);
        String secretKey = admin ? null : input.optionalText("secret_key", 256);
        if (!admin && secretKey == null) {
            throw ServiceException.invalid(
                    "secret_key", "Changing payout_phone needs the current secret_key in the same request");
        }
        return new PayoutPhoneChange(phone == null ? "" : phone, secretKey);
    }

    public static MerchantChanges settingsChanges(byte[] body) {
        return changes(JsonInput.parseObject(body, SETTINGS_FIELDS), null, null, null, null);
    }

    /**
     * The portal's settings form: each field as typed (empty clears it). Only what differs from {@code current} is
     * a change, so saving the form untouched changes and records nothing. Invalid values are the API's 400s.
     */
    public static MerchantChanges settingsForm(Merchant current, String webhookUrl, String returnUrl, String locale) {
        String webhook = MerchantUrls.validate("webhook_url", webhookUrl.isEmpty() ? null : webhookUrl);
        String returnTo = MerchantUrls.validate("return_url", returnUrl.isEmpty() ? null : returnUrl);
        String language = checkedLocale(locale.isEmpty() ? null : locale);
        boolean webhookChanged = !Objects.equals(webhook, current.webhookUrl());
        boolean returnChanged = !Objects.equals(returnTo, current.returnUrl());
        boolean localeChanged = !Objects.equals(language, current.locale());
        return new MerchantChanges(
                null,
                null,
                webhookChanged ? webhook : null,
                webhookChanged && webhook == null,
                returnChanged ? returnTo : null,
                returnChanged && returnTo == null,
                localeChanged ? language : null,
                localeChanged && language == null,
                null,
                null);
    }

    /** {@code ht}, {@code fr} or {@code en}; null (absent, or JSON null to clear) means the service's default. */
    private static String locale(JsonInput input) {
        return checkedLocale(input.optionalText("locale", 10));
    }

    private static String checkedLocale(String locale) {
        if (locale != null && !LOCALES.contains(locale)) {
            throw ServiceException.invalid("locale", "locale must be ht, fr or en");
        }
        return locale;
    }

    private static MerchantChanges changes(
            JsonInput input, String name, MerchantStatus status, BigDecimal percent, BigDecimal fixed) {
        String webhookUrl =
                MerchantUrls.validate("webhook_url", input.optionalText("webhook_url", MerchantUrls.MAX_LENGTH));
        String returnUrl =
                MerchantUrls.validate("return_url", input.optionalText("return_url", MerchantUrls.MAX_LENGTH));
        String locale = locale(input);
        return new MerchantChanges(
                name,
                status,
                webhookUrl,
                input.has("webhook_url") && webhookUrl == null,
                returnUrl,
                input.has("return_url") && returnUrl == null,
                locale,
                input.has("locale") && locale == null,
                percent,
                fixed);
    }
}
