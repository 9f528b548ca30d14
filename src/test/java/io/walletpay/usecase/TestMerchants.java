package io.walletpay.usecase;

import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The one merchant the use cases' tests start from: active, fees 2.50 % plus 5.00 HTG, pages in Kreyòl. */
final class TestMerchants {

    static Merchant active() {
        return withStatus(MerchantStatus.ACTIVE);
    }

    /** A new merchant of that status. */
    static Merchant withStatus(MerchantStatus status) {
        OffsetDateTime now = OffsetDateTime.now();
        return new Merchant(
                UUID.randomUUID(),
                "Boutik Lakay",
                status,
                "whsec_x",
                null,
                null,
                "ht",
                new BigDecimal("2.50"),
                new BigDecimal("5.00"),
                now,
                now,
                1);
    }

    private TestMerchants() {}
}
