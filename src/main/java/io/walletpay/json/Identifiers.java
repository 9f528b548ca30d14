package io.walletpay.json;

import java.util.UUID;

/**
 * The one reading of an identifier that arrives from outside (a path, a query, a form, a JSON field, a token's
 * subject): the canonical form the service writes, 36 characters of lowercase hex and hyphens. Anything else is
 * no identifier at all, never another spelling of a real one: {@link UUID#fromString} also reads upper case,
 * missing leading zeros and, through {@link Character#digit}, full-width and other Unicode digits, so one merchant
 * would have many names and every check keyed on the text would see strangers.
 */
public final class Identifiers {

    private Identifiers() {}

    /** The identifier {@code text} names in canonical form, or null when it is not one. */
    public static UUID parse(String text) {
        if (text == null || text.length() != 36) {
            return null;
        }
        // read by hand, not by a regular expression: every authenticated request reads its token's subject here
        long high = 0;
        long low = 0;
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    return null;
                }
                continue;
            }
            int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) {
                return null;
            }
            if (i < 18) {
                high = high << 4 | digit;
            } else {
                low = low << 4 | digit;
            }
        }
        return new UUID(high, low);
    }
}
