package io.walletpay.money;

/**
 * What the provider says about one transfer: paid ({@code SUCCEEDED}, with its transaction id), refused
 * ({@code FAILED}, with the reason), or, from the status look-up, that it knows no transfer with that reference
 * ({@code NOT_FOUND}). Not found is not "never arrived": MonCash's look-up cannot see a transfer it is still
 * processing, so a reference not found is asked about again, never sent again on its own.
 */
public record TransferOutcome(State state, String providerTransactionId, String reason) {

    public enum State {
        SUCCEEDED,
        FAILED,
        NOT_FOUND
    }

    public static TransferOutcome succeeded(String providerTransactionId) {
        return new TransferOutcome(State.SUCCEEDED, providerTransactionId, null);
    }

    public static TransferOutcome failed(String reason) {
        return new TransferOutcome(State.FAILED, null, reason);
    }

    public static final TransferOutcome NOT_FOUND = new TransferOutcome(State.NOT_FOUND, null, null);
}
