package io.walletpay.checkout;

import io.walletpay.payment.PaymentStatus;

/**
 * What the sandbox checkout form asks for, the one rule: Cancel cancels; Pay with a Haitian mobile number completes,
 * and with the sandbox's declining test number is declined ({@code FAILED} here: the wallet's answer, which the
 * checkout counts as one attempt); anything else is refused with the field it is about and, for the phone, what is
 * wrong with it. {@code payer} is the paying number as stored ({@code 509XXXXXXXX}) when the choice completes.
 */
public record SandboxChoice(PaymentStatus target, Invalid invalid, PhoneNumber.Problem phoneProblem, String payer) {

    /** Which field made the form unusable. */
    public enum Invalid {
        PHONE,
        ACTION
    }

    public static SandboxChoice of(String action, String phone) {
        if ("cancel".equals(action)) {
            return new SandboxChoice(PaymentStatus.CANCELLED, null, null, null);
        }
        if (!"pay".equals(action)) {
            return new SandboxChoice(null, Invalid.ACTION, null, null);
        }
        if (PhoneNumber.sandboxDeclined(phone)) {
            return new SandboxChoice(PaymentStatus.FAILED, null, null, null);
        }
        PhoneNumber.Reading number = PhoneNumber.read(phone);
        return number.valid().isPresent()
                ? new SandboxChoice(
                        PaymentStatus.COMPLETED,
                        null,
                        null,
                        number.valid().get().digits())
                : new SandboxChoice(null, Invalid.PHONE, number.problem(), null);
    }

    public boolean valid() {
        return target != null;
    }
}
