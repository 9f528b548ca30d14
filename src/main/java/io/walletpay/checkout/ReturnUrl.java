package io.walletpay.checkout;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * Where the customer lands after checkout: the merchant's Return URL with {@code transaction_id} (the payment
 * id), {@code reference_id} (left out when the payment has none) and {@code status} appended. The merchant's own
 * query parameters are kept, except ones with these three names: they would make the result ambiguous.
 */
public final class ReturnUrl {

    public static final String TRANSACTION_ID = "transaction_id";
    public static final String REFERENCE_ID = "reference_id";
    public static final String STATUS = "status";

    private static final Set<String> OURS = Set.of(TRANSACTION_ID, REFERENCE_ID, STATUS);

    private ReturnUrl() {}

    public static String withResult(String returnUrl, UUID transactionId, String referenceId, String status) {
        Objects.requireNonNull(returnUrl, "returnUrl");
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(status, "status");
        String fragment = "";
        String rest = returnUrl;
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            fragment = rest.substring(hash);
            rest = rest.substring(0, hash);
        }
        List<String> pairs = new ArrayList<>();
        int question = rest.indexOf('?');
        if (question >= 0) {
            for (String pair : rest.substring(question + 1).split("&")) {
                if (!pair.isEmpty() && !OURS.contains(name(pair))) {
                    pairs.add(pair);
                }
            }
            rest = rest.substring(0, question);
        }
        pairs.add(TRANSACTION_ID + "=" + encode(transactionId.toString()));
        if (referenceId != null) {
            pairs.add(REFERENCE_ID + "=" + encode(referenceId));
        }
        pairs.add(STATUS + "=" + encode(status));
        return rest + "?" + String.join("&", pairs) + fragment;
    }

    private static String name(String pair) {
        int equals = pair.indexOf('=');
        String raw = equals < 0 ? pair : pair.substring(0, equals);
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw;
        }
    }

    /** Percent-encoding in which a space is {@code %20}: unambiguous for form and non-form query parsers alike. */
    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
