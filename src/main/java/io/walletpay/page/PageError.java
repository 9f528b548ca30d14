package io.walletpay.page;

/** A refused submit of the payment form, shown next to the field it is about, saying what is wrong with it. */
public enum PageError {
    PHONE_MISSING("pay.error.phone.missing"),
    PHONE_NOT_DIGITS("pay.error.phone.not_digits"),
    PHONE_TOO_SHORT("pay.error.phone.too_short"),
    PHONE_TOO_LONG("pay.error.phone.too_long"),
    PHONE_NOT_HAITIAN("pay.error.phone.not_haitian"),
    PHONE_LANDLINE("pay.error.phone.landline"),
    PHONE_NOT_MOBILE("pay.error.phone.not_mobile"),
    ACTION("pay.error.action");

    private final String key;

    PageError(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
