package io.walletpay.money;

/** Which way money goes out: back to a customer, or to the merchant. */
public enum TransferKind {
    REFUND("refund"),
    PAYOUT("payout");

    private final String wireName;

    TransferKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static TransferKind fromWire(String value) {
        for (TransferKind kind : values()) {
            if (kind.wireName.equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown transfer kind: " + value);
    }
}
