package io.walletpay.checkout;

import io.walletpay.merchant.Secrets;
import java.util.HexFormat;

/**
 * The token of a sandbox checkout ({@code {public_base_url}/checkout/{token}}): the millisecond it was made in
 * twelve lowercase hexadecimal digits, then 24 random bytes in URL-safe base64. The random part makes it
 * unguessable; the time in front makes a later token sort after an earlier one in the orders databases use for text
 * (bytes, and the libc and ICU locales' default orders, which keep digits and lowercase letters in sequence), so
 * PostgreSQL adds each new token at the edge of the token index. A token random from its first character would land
 * on a random page of that index, one the table's growth soon pushes out of memory: a page read and, after each
 * checkpoint, a whole page written to the log for every payment created or completed. The time a token shows is
 * its payment's creation, which its customer knows anyway.
 */
public final class CheckoutToken {

    private static final int RANDOM_BYTES = 24;
    private static final int TIME_DIGITS = 12;
    private static final HexFormat HEX = HexFormat.of();

    private CheckoutToken() {}

    /** A new token, sorting after every one made in an earlier millisecond. */
    public static String next() {
        return at(System.currentTimeMillis());
    }

    static String at(long epochMillis) {
        String time = HEX.toHexDigits(epochMillis).substring(16 - TIME_DIGITS);
        return time + Secrets.randomToken(RANDOM_BYTES);
    }
}
