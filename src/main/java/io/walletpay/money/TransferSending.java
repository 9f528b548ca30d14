package io.walletpay.money;

import java.time.OffsetDateTime;

/**
 * How far paying a transfer at the provider has come: how often a worker claimed it ({@code attempts}); when a
 * Transfert carrying its reference first left ({@code sentAt}, null while none has) and how many have
 * ({@code sends}: more than one only after an operator said to send it again); whether it is held for an operator
 * ({@code needsReview}); the last thing that kept it pending ({@code lastError}); and the operator's last decision
 * ({@code resolution}, null when none was asked for).
 */
public record TransferSending(
        int attempts,
        OffsetDateTime sentAt,
        int sends,
        boolean needsReview,
        String lastError,
        TransferResolution resolution) {

    /** A transfer no worker has taken up yet. */
    public static final TransferSending NEW = new TransferSending(0, null, 0, false, null, null);

    /** Whether a Transfert with its reference may have reached the provider: it is then asked about, never resent. */
    public boolean sent() {
        return sentAt != null;
    }
}
