package io.walletpay.money;

/**
 * What the provider says about one transfer: paid ({@code SUCCEEDED}, with its transaction id), refused
 * ({@code FAILED}, with the reason), or that it knows no transfer with that reference ({@code UNKNOWN}: it never
 * arrived, so it may be sent).
 */
public record TransferOutcome(State state, String providerTransactionId, String reason) {

    public enum State {
        SUCCEEDED,
        FAILED,
        UNKNOWN
    }

    public static TransferOutcome succeeded(String providerTransactionId) {
        return new TransferOutcome(State.SUCCEEDED, providerTransactionId, null);
    }

    public static TransferOutcome failed(String reason) {
        return new TransferOutcome(State.FAILED, null, reason);
    }

    public static final TransferOutcome UNKNOWN = new TransferOutcome(State.UNKNOWN, null, null);
}
