package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PaymentStatusTest {

    private static final EnumSet<PaymentStatus> TERMINAL =
            EnumSet.of(PaymentStatus.COMPLETED, PaymentStatus.FAILED, PaymentStatus.CANCELLED, PaymentStatus.EXPIRED);

    @Test
    void wireNamesAreTheLowerCaseNamesOfTheApi() {
        assertThat(EnumSet.allOf(PaymentStatus.class))
                .extracting(PaymentStatus::wireName)
                .containsExactly("pending", "completed", "failed", "cancelled", "expired");
    }

    @ParameterizedTest
    @EnumSource(PaymentStatus.class)
    void fromWireReadsBackEveryWireName(PaymentStatus status) {
        assertThat(PaymentStatus.fromWire(status.wireName())).contains(status);
    }

    @Test
    void fromWireRefusesUnknownOtherlyCasedAndNullNames() {
        assertThat(PaymentStatus.fromWire("paid")).isEmpty();
        assertThat(PaymentStatus.fromWire("PENDING")).isEmpty();
        assertThat(PaymentStatus.fromWire("")).isEmpty();
        assertThat(PaymentStatus.fromWire(null)).isEmpty();
    }

    @Test
    void onlyPendingIsNotTerminal() {
        assertThat(PaymentStatus.PENDING.terminal()).isFalse();
        assertThat(TERMINAL).allMatch(PaymentStatus::terminal);
    }

    @ParameterizedTest
    @EnumSource(value = PaymentStatus.class, names = "PENDING", mode = EnumSource.Mode.EXCLUDE)
    void pendingMayBecomeEachTerminalState(PaymentStatus next) {
        assertThat(PaymentStatus.PENDING.canMoveTo(next)).isTrue();
        assertThat(PaymentStatus.PENDING.transitionTo(next)).isEqualTo(next);
    }

    @Test
    void pendingCannotBecomePendingAgain() {
        assertThat(PaymentStatus.PENDING.canMoveTo(PaymentStatus.PENDING)).isFalse();
        assertThatThrownBy(() -> PaymentStatus.PENDING.transitionTo(PaymentStatus.PENDING))
                .isInstanceOf(ServiceException.class);
    }

    @ParameterizedTest
    @EnumSource(value = PaymentStatus.class, names = "PENDING", mode = EnumSource.Mode.EXCLUDE)
    void terminalStatesNeverChange(PaymentStatus terminal) {
        for (PaymentStatus next : PaymentStatus.values()) {
            assertThat(terminal.canMoveTo(next)).as("%s -> %s", terminal, next).isFalse();
            assertThatThrownBy(() -> terminal.transitionTo(next)).isInstanceOf(ServiceException.class);
        }
    }

    @Test
    void refusedTransitionIsAConflictNamingBothStates() {
        assertThatThrownBy(() -> PaymentStatus.COMPLETED.transitionTo(PaymentStatus.CANCELLED))
                .isInstanceOfSatisfying(ServiceException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
                    assertThat(e.code()).isEqualTo("invalid_state");
                    assertThat(e.getMessage()).isEqualTo("Payment is completed; it can no longer become cancelled");
                    assertThat(e.field()).isNull();
                });
    }
}
