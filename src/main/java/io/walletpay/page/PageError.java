package io.walletpay.page;

/** A refused submit of the payment form, shown next to the field it is about. */
public enum PageError {
    PHONE("pay.error.phone"),
    ACTION("pay.error.action");

    private final String key;

    PageError(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
