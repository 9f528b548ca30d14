package io.walletpay.merchant;

import java.util.Locale;
import java.util.Optional;

/** Whether a merchant may use the API. */
public enum MerchantStatus {
    ACTIVE,
    DISABLED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<MerchantStatus> fromWire(String value) {
        for (MerchantStatus status : values()) {
            if (status.wireName().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
