package io.walletpay.bus;

import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import java.util.List;
import java.util.UUID;

/** Requests to the merchant store and their replies. */
public final class MerchantMessages {

    public record CreateMerchant(UUID id, NewMerchant merchant, byte[] secretHash, String webhookSecret) {}

    public record GetMerchant(UUID id) {}

    public record ListMerchants(int limit, UUID startingAfter) {}

    public record MerchantPage(List<Merchant> merchants, boolean hasMore) {}

    public record UpdateMerchant(UUID id, MerchantChanges changes) {}

    /** {@code previousActiveUntil}: until when the secret being replaced still signs deliveries. */
    public record RotateWebhookSecret(UUID id, String webhookSecret, java.time.OffsetDateTime previousActiveUntil) {}

    /** Asks for what a token request is checked against; an unknown id answers {@code Credentials(null, null)}. */
    public record GetCredentials(UUID id) {}

    /** Stores a new secret key's hash; tokens issued under the old key stop working. */
    public record RotateSecretKey(UUID id, byte[] secretHash) {}

    public record Credentials(Merchant merchant, byte[] secretHash) {}

    /** Published after any change, so caches of merchants drop their copy. */
    public record MerchantChanged(UUID id) {}

    private MerchantMessages() {}
}
