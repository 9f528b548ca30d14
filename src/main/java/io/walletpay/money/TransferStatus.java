package io.walletpay.money;

/**
 * A transfer is pending until the provider has paid it (succeeded) or will not (failed); both are final. One at or
 * above its merchant's approval threshold first awaits another person's approval: approved, it becomes pending;
 * rejected, it fails. Its debit is taken while it awaits, as while it is pending.
 */
public enum TransferStatus {
    AWAITING_APPROVAL("awaiting_approval"),
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
