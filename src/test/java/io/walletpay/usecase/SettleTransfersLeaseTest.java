package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.money.TransferOutcome;
import io.walletpay.money.TransferProvider;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A claimed transfer stays its worker's for longer than an attempt can last (a status look-up and a send, each as
 * long as the provider's calls can take), so no other worker sends it beside a send still under way; at least a
 * minute with a provider that answers at once.
 */
class SettleTransfersLeaseTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 29, 30, 80, 484})
    void theLeaseOutlastsAStatusLookUpAndASend(long longestCallSeconds) {
        Duration longestCall = Duration.ofSeconds(longestCallSeconds);

        Duration lease = SettleTransfers.lease(answeringWithin(longestCall).longestCall());

        assertThat(lease).isGreaterThan(longestCall.multipliedBy(2)).isGreaterThanOrEqualTo(Duration.ofMinutes(1));
    }

    private static TransferProvider answeringWithin(Duration longestCall) {
        return new TransferProvider() {
            @Override
            public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String desc) {
                return Future.succeededFuture(TransferOutcome.succeeded("t"));
            }

            @Override
            public Future<TransferOutcome> transferStatus(UUID reference) {
                return Future.succeededFuture(TransferOutcome.NOT_FOUND);
            }

            @Override
            public Future<BigDecimal> balance() {
                return Future.succeededFuture(null);
            }

            @Override
            public Duration longestCall() {
                return longestCall;
            }
        };
    }
}
