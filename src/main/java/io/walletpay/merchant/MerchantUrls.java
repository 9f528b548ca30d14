package io.walletpay.merchant;

import io.walletpay.error.ServiceException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** The rule for a merchant's Webhook and Return URLs: absolute http(s), a host, no credentials, bounded length. */
public final class MerchantUrls {

    public static final int MAX_LENGTH = 2048;

    private MerchantUrls() {}

    /** Returns {@code value} when it is acceptable for {@code field}; null stays null (the URL is cleared). */
    public static String validate(String field, String value) {
        if (value == null) {
            return null;
        }
        if (value.length() > MAX_LENGTH) {
            throw ServiceException.invalid(field, field + " must be at most " + MAX_LENGTH + " characters");
        }
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
        if (uri.getRawUserInfo() != null) {
            throw ServiceException.invalid(field, field + " must not contain credentials");
        }
        if (uri.getRawFragment() != null) {
            throw ServiceException.invalid(field, field + " must not contain a fragment");
        }
        return value;
    }
}
