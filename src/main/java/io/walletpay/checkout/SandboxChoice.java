package io.walletpay.checkout;

import io.walletpay.payment.PaymentStatus;
import java.util.Optional;

/**
 * What the sandbox checkout form asks for, the one rule: Cancel cancels; Pay with a valid Haitian mobile number
 * completes, or fails for the sandbox's declining numbers; anything else is refused with the field it is about.
 */
public record SandboxChoice(PaymentStatus target, Invalid invalid) {

    /** Which field made the form unusable. */
    public enum Invalid {
        PHONE,
        ACTION
    }

    public static SandboxChoice of(String action, String phone) {
        if ("cancel".equals(action)) {
            return new SandboxChoice(PaymentStatus.CANCELLED, null);
        }
        if ("pay".equals(action)) {
            Optional<PhoneNumber> number = PhoneNumber.from(phone);
            return number.map(n -> new SandboxChoice(
                            n.declinedInSandbox() ? PaymentStatus.FAILED : PaymentStatus.COMPLETED, null))
                    .orElseGet(() -> new SandboxChoice(null, Invalid.PHONE));
        }
        return new SandboxChoice(null, Invalid.ACTION);
    }

    public boolean valid() {
        return target != null;
    }
}
