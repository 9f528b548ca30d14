package io.walletpay.portal;

import io.walletpay.payment.ListPayments;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.UUID;

/**
 * The payments page's filters, as the merchant typed them: a status, a reference or short code (one box: a payment
 * matching either), a date range in Haiti's time ({@code from} and {@code to} both included), and the payment link
 * the payments came through ({@code link}, its id). The same filter lists the page and exports the CSV.
 */
public record PaymentFilter(String status, String reference, String from, String to, String link) {

    static final int MAX_REFERENCE = 128;

    /** The filter, or empty when a value cannot be one (an unknown status, a date that is not a date). */
    static Optional<PaymentFilter> of(String status, String reference, String from, String to, String link) {
        PaymentFilter filter = new PaymentFilter(status, reference, from, to, link);
        if (!link.isEmpty() && PortalPages.parseUuid(link) == null) {
            return Optional.empty();
        }
        try {
            filter.statusValue();
            filter.createdGte();
            filter.createdLt();
        } catch (IllegalArgumentException | DateTimeParseException e) {
            return Optional.empty();
        }
        return Optional.of(filter);
    }

    /** Whether the merchant asked for anything the search form holds: then the page shows that form unfolded. */
    public boolean active() {
        return !(status.isEmpty() && reference.isEmpty() && from.isEmpty() && to.isEmpty());
    }

    ListPayments query(UUID merchantId, int limit, UUID startingAfter) {
        return query(merchantId, limit, startingAfter, null);
    }

    /** The page after {@code startingAfter} or the one just before {@code endingBefore} (at most one set). */
    ListPayments query(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {
        return new ListPayments(
                merchantId,
                reference.isEmpty() ? null : reference,
                statusValue(),
                createdGte(),
                createdLt(),
                limit,
                startingAfter,
                link.isEmpty() ? null : PortalPages.parseUuid(link),
                ShortCode.read(reference).orElse(null),
                endingBefore);
    }

    /** The filter as a query string (without {@code ?}), for the next page's link and the export link. */
    String queryString() {
        return "status=" + encode(status) + "&reference=" + encode(reference) + "&from=" + encode(from) + "&to="
                + encode(to) + "&link=" + encode(link);
    }

    private PaymentStatus statusValue() {
        if (status.isEmpty()) {
            return null;
        }
        return PaymentStatus.fromWire(status).orElseThrow(() -> new IllegalArgumentException("status " + status));
    }

    private OffsetDateTime createdGte() {
        return from.isEmpty() ? null : PortalPages.dayStart(from);
    }

    private OffsetDateTime createdLt() {
        return to.isEmpty() ? null : PortalPages.dayEnd(to);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
