package io.walletpay.json;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The one reading of an identifier that arrives from outside (a path, a query, a form, a JSON field, a token's
 * subject): the canonical form the service writes, 36 characters of lowercase hex and hyphens. Anything else is
 * no identifier at all, never another spelling of a real one: {@link UUID#fromString} also reads upper case,
 * missing leading zeros and, through {@link Character#digit}, full-width and other Unicode digits, so one merchant
 * would have many names and every check keyed on the text would see strangers.
 */
public final class Identifiers {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private Identifiers() {}

    /** The identifier {@code text} names in canonical form, or null when it is not one. */
    public static UUID parse(String text) {
        if (text == null || text.length() != 36 || !CANONICAL.matcher(text).matches()) {
            return null;
        }
        return UUID.fromString(text);
    }
}
