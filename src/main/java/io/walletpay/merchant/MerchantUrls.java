package io.walletpay.merchant;

import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The rule for a merchant's Webhook and Return URLs: absolute http(s), a host and a usable port, no credentials, bounded
 * length, and the text rules of every field.
 */
public final class MerchantUrls {

    public static final int MAX_LENGTH = 2048;

    private MerchantUrls() {}

    /** Returns {@code value} when it is acceptable for {@code field}; null stays null (the URL is cleared). */
    public static String validate(String field, String value) {
        if (value == null) {
            return null;
        }
        // the API's text rules, whichever way the URL came (a form too): no controls, no bidirectional marks
        JsonInput.checkedText(field, value, MAX_LENGTH);
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw ServiceException.invalid(field, field + " is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
            throw ServiceException.invalid(field, field + " must be an absolute http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw ServiceException.invalid(field, field + " must name a host");
        }
        // URI reads a port of any size; a socket takes 1 to 65535, and 0 or a port above it could never be reached
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw ServiceException.invalid(field, field + " must have a port from 1 to 65535");
        }
        if (uri.getRawUserInfo() != null) {
            throw ServiceException.invalid(field, field + " must not contain credentials");
        }
        if (uri.getRawFragment() != null) {
            throw ServiceException.invalid(field, field + " must not contain a fragment");
        }
        return value;
    }
}
