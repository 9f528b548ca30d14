package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.payment.WalletNumberMask;
import io.walletpay.store.AuditStore;
import java.util.UUID;

/**
 * Where a merchant's payouts go: a Haitian mobile number (a MonCash wallet), kept as {@code 509XXXXXXXX}. Changing it
 * redirects money, so the merchant must type their secret key again for it (an API token alone is not enough; the
 * caller checks that), or an administrator sets it; every change is in the audit log, which shows only the last
 * four digits.
 */
public final class SetPayoutPhone {

    private final AuditStore audit;

    public SetPayoutPhone(AuditStore audit) {
        this.audit = audit;
    }

    /** Sets the number ({@code typed} in any spelling people use; empty clears it). 400 for a number that is not one. */
    public Future<String> set(UUID merchantId, String typed, Actor actor) {
        String phone;
        if (typed == null || typed.isBlank()) {
            phone = null;
        } else if (PhoneNumber.sandboxDeclined(typed)) {
            phone = PhoneNumber.SANDBOX_DECLINED; // the sandbox's failing number, to try a payout that fails
        } else {
            PhoneNumber.Reading reading = PhoneNumber.read(typed);
            phone = reading.valid()
                    .map(PhoneNumber::digits)
                    .orElseThrow(() -> ServiceException.invalid(
                            "payout_phone",
                            "payout_phone must be a Haitian mobile number: 8 digits starting with 3, 4 or 5"));
        }
        String shown = phone == null ? "cleared" : WalletNumberMask.mask(phone);
        return audit.setPayoutPhone(
                        merchantId, phone, Audited.entry(merchantId, actor, Audited.PAYOUT_PHONE_SET, shown))
                .map(phone);
    }
}
