package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProviderOrderTest {

    private static final UUID PAYMENT = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

    @Test
    void theFirstTryIsKnownByThePaymentIdAndLaterOnesByItWithTheirNumber() {
        assertThat(ProviderOrder.first(PAYMENT).id()).isEqualTo("0f8fad5b-d9cb-469f-a165-70867728950e");
        assertThat(ProviderOrder.after(PAYMENT, 1).id()).isEqualTo("0f8fad5b-d9cb-469f-a165-70867728950e-2");
        assertThat(ProviderOrder.after(PAYMENT, 10).id()).isEqualTo("0f8fad5b-d9cb-469f-a165-70867728950e-11");
    }

    @Test
    void everyIdItGivesReadsBackAsTheSameTry() {
        for (int attempt = 1; attempt <= 99; attempt++) {
            ProviderOrder order = new ProviderOrder(PAYMENT, attempt);
            assertThat(ProviderOrder.parse(order.id())).contains(order);
        }
    }

    @Test
    void anythingElseIsNoneOfOurs() {
        String id = PAYMENT.toString();
        for (String other : new String[] {
            null,
            "",
            "12345",
            id.toUpperCase(),
            id + "-1",
            id + "-0",
            id + "-02",
            id + "-100",
            id + "2",
            id + "-",
            id + "-2 ",
            " " + id,
            id + "-٢",
            id.substring(1)
        }) {
            assertThat(ProviderOrder.parse(other)).as(other).isEmpty();
        }
    }

    @Test
    void aTryIsNumberedFromOneToNinetyNine() {
        assertThatThrownBy(() -> new ProviderOrder(PAYMENT, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ProviderOrder(PAYMENT, 100)).isInstanceOf(IllegalArgumentException.class);
    }
}
