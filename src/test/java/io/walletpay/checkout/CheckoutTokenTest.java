package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CheckoutTokenTest {

    /** What the checkout route takes as a token. */
    private static final Pattern ROUTE_TOKEN = Pattern.compile("[A-Za-z0-9_-]{1,128}");

    @Test
    void aTokenMadeInALaterMillisecondSortsAfterEveryEarlierOne() {
        long start = 1_795_000_000_000L;
        String previous = CheckoutToken.at(start);
        for (long millis = start + 1; millis < start + 5_000; millis += 7) {
            String token = CheckoutToken.at(millis);
            assertThat(token).isGreaterThan(previous);
            previous = token;
        }
        // across a carry into a new hexadecimal digit, and decades ahead
        assertThat(CheckoutToken.at(0xFFFF_FFFFL + 1)).isGreaterThan(CheckoutToken.at(0xFFFF_FFFFL));
        assertThat(CheckoutToken.at(4_102_444_800_000L)).isGreaterThan(CheckoutToken.at(start));
    }

    @Test
    void itsTimeIsTwelveLowercaseHexDigitsWhichCollationsKeepInOrder() {
        String token = CheckoutToken.at(1_795_000_000_123L);
        assertThat(token.substring(0, 12)).isEqualTo(String.format("%012x", 1_795_000_000_123L));
        assertThat(token).hasSize(12 + 32);
    }

    @Test
    void tokensOfTheSameMillisecondDifferByTheir192RandomBits() {
        Set<String> tokens = new HashSet<>();
        Set<String> randomParts = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String token = CheckoutToken.at(1_795_000_000_000L);
            tokens.add(token);
            randomParts.add(token.substring(12));
        }
        assertThat(tokens).hasSize(10_000);
        assertThat(randomParts).hasSize(10_000);
    }

    @Test
    void theSandboxCheckoutHandsOutTheseTokens() {
        long before = System.currentTimeMillis();
        ProviderPayment opened = new SandboxWalletProvider("http://localhost:8080")
                .createPayment(ProviderOrder.first(UUID.randomUUID()), new BigDecimal("10.00"))
                .result();
        assertThat(opened.redirectUrl()).isEqualTo("http://localhost:8080/checkout/" + opened.paymentToken());
        assertThat(opened.paymentToken()).hasSize(44);
        assertThat(Long.parseLong(opened.paymentToken().substring(0, 12), 16))
                .isBetween(before, System.currentTimeMillis());
    }

    @Test
    void aNewTokenIsOneTheCheckoutRouteTakes() {
        String token = CheckoutToken.next();
        assertThat(ROUTE_TOKEN.matcher(token).matches()).isTrue();
        long now = System.currentTimeMillis();
        long made = Long.parseLong(token.substring(0, 12), 16);
        assertThat(made).isBetween(now - 60_000, now);
    }
}
