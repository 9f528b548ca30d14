package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import io.walletpay.error.ServiceException;
import io.walletpay.view.Timestamps;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.UUID;

/** Reads query and path parameters: a bad query value is a 400 naming it; a malformed path id is simply unknown. */
final class Queries {

    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;

    private Queries() {}

    /**
     * A query that does not decode (a "%" without two hex digits after it) is a 400 before anything reads the request:
     * left to the body handler, which merges a form's fields with the query's, it would fail after the body and leave
     * the request unanswered.
     */
    static void decodable(RoutingContext ctx) {
        try {
            ctx.queryParams();
        } catch (IllegalArgumentException | HttpException malformed) {
            // vertx-web wraps the decoder's IllegalArgumentException in a 400 HttpException
            ctx.fail(400, malformed);
            return;
        }
        ctx.next();
    }

    static int limit(RoutingContext ctx) {
        String value = single(ctx, "limit");
        if (value == null) {
            return DEFAULT_LIMIT;
        }
        if (!value.matches("\\d{1,3}") || Integer.parseInt(value) < 1 || Integer.parseInt(value) > MAX_LIMIT) {
            throw ServiceException.invalid("limit", "limit must be a whole number from 1 to " + MAX_LIMIT);
        }
        return Integer.parseInt(value);
    }

    /** An optional UUID query parameter. */
    /** A list's {@code starting_after} or {@code ending_before}; both is 400 {@code invalid_ending_before}. */
    static PageCursor cursor(RoutingContext ctx) {
        UUID startingAfter = uuid(ctx, "starting_after");
        UUID endingBefore = uuid(ctx, "ending_before");
        if (startingAfter != null && endingBefore != null) {
            throw ServiceException.invalid("ending_before", "page with starting_after or ending_before, not both");
        }
        return new PageCursor(startingAfter, endingBefore);
    }

    static UUID uuid(RoutingContext ctx, String name) {
        String value = single(ctx, name);
        if (value == null) {
            return null;
        }
        UUID id = parseUuid(value);
        if (id == null) {
            throw ServiceException.invalid(name, name + " must be an id returned by the API");
        }
        return id;
    }

    /**
     * An optional text query parameter of 1 to {@code maxLength} characters, counted as the body's text fields
     * count them (code points), so a value the API accepted when it was created can always be searched for. Sent
     * empty, it is a 400 rather than a filter that silently matches nothing.
     */
    static String text(RoutingContext ctx, String name, int maxLength) {
        return text(ctx, name, maxLength, name + " must not be empty; leave it out to not filter by it");
    }

    /** {@link #text} for a parameter that must be given: absent or empty, it is a 400 saying {@code required}. */
    static String requiredText(RoutingContext ctx, String name, int maxLength, String required) {
        String value = text(ctx, name, maxLength, required);
        if (value == null) {
            throw ServiceException.invalid(name, required);
        }
        return value;
    }

    private static String text(RoutingContext ctx, String name, int maxLength, String ifEmpty) {
        String value = single(ctx, name);
        if (value != null && value.isEmpty()) {
            throw ServiceException.invalid(name, ifEmpty);
        }
        if (value != null && (value.length() > 2L * maxLength || value.codePointCount(0, value.length()) > maxLength)) {
            throw ServiceException.invalid(name, name + " must be at most " + maxLength + " characters");
        }
        // %00 decodes to a NUL that PostgreSQL text cannot hold: the query would fail as a 500 instead of a 400
        if (value != null && value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw ServiceException.invalid(name, name + " must not contain control characters");
        }
        return value;
    }

    /** An optional RFC 3339 time query parameter, such as {@code created_gte=2026-11-21T00:00:00-05:00}. */
    static OffsetDateTime time(RoutingContext ctx, String name) {
        return time(name, text(ctx, name, 64));
    }

    /** {@code value} (from a query or a body) as an RFC 3339 time; null stays null; anything else is a 400. */
    static OffsetDateTime time(String name, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Timestamps.parse(value);
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid(name, name + " must be an RFC 3339 time such as 2026-11-21T07:30:12Z");
        }
    }

    /** The id in the path; anything that is not a UUID cannot name an object, so it is a 404 like an unknown id. */
    static UUID pathId(RoutingContext ctx, String what) {
        UUID id = parseUuid(ctx.pathParam("id"));
        if (id == null) {
            throw ServiceException.notFound(what);
        }
        return id;
    }

    private static String single(RoutingContext ctx, String name) {
        List<String> values = ctx.queryParam(name);
        if (values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw ServiceException.invalid(name, name + " may be given once");
        }
        return values.get(0);
    }

    static UUID parseUuid(String value) {
        return io.walletpay.json.Identifiers.parse(value);
    }
}
