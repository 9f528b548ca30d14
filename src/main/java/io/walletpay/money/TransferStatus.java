package io.walletpay.money;

/** A transfer is pending until the provider has paid it (succeeded) or will not (failed); both are final. */
public enum TransferStatus {
    PENDING("pending"),
    SUCCEEDED("succeeded"),
    FAILED("failed");

    private final String wireName;

    TransferStatus(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static TransferStatus fromWire(String value) {
        for (TransferStatus status : values()) {
            if (status.wireName.equals(value)) {
                return status;
            }
        }
        throw new IllegalArgumentException("unknown transfer status: " + value);
    }
}
