package io.walletpay.payment;

/**
 * Whether a string has the shape of an e-mail address: local@domain.tld with one @, a local part of at most 64
 * characters, dot-separated domain labels and nothing that cannot appear unquoted in an address. A shape check
 * only: whether the mailbox exists is not ours to know, and quoted local parts and IP literals are refused.
 */
public final class EmailAddressShape {

    static final int MAX_LENGTH = 254;
    private static final int MAX_LOCAL_LENGTH = 64;
    private static final int MAX_LABEL_LENGTH = 63;
    private static final String NOT_IN_LOCAL_PART = "\"(),:;<>@[\\]";

    private EmailAddressShape() {}

    public static boolean accepts(String address) {
        int at = address.indexOf('@');
        if (at < 0 || at != address.lastIndexOf('@') || address.codePointCount(0, address.length()) > MAX_LENGTH) {
            return false;
        }
        return localPart(address.substring(0, at)) && domain(address.substring(at + 1));
    }

    private static boolean localPart(String local) {
        if (local.isEmpty()
                || local.codePointCount(0, local.length()) > MAX_LOCAL_LENGTH
                || local.startsWith(".")
                || local.endsWith(".")
                || local.contains("..")) {
            return false;
        }
        return local.codePoints().noneMatch(c -> blank(c) || NOT_IN_LOCAL_PART.indexOf(c) >= 0);
    }

    private static boolean domain(String domain) {
        String[] labels = domain.split("\\.", -1);
        if (labels.length < 2) {
            return false;
        }
        for (String label : labels) {
            if (label.isEmpty()
                    || label.length() > MAX_LABEL_LENGTH
                    || label.startsWith("-")
                    || label.endsWith("-")
                    || !label.codePoints().allMatch(c -> Character.isLetterOrDigit(c) || c == '-')) {
                return false;
            }
        }
        String topLevel = labels[labels.length - 1];
        return topLevel.length() >= 2 && !topLevel.chars().allMatch(Character::isDigit);
    }

    private static boolean blank(int c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c);
    }
}
