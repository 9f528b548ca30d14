package io.walletpay.portal;

import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Which page of a portal list is asked for: {@code ?after=} names the last row of the page before (newest first),
 * absent on the first page. The lists of payments, links, webhook deliveries and payouts page alike.
 */
record ListPage(UUID startingAfter) {

    /** The page asked for, or empty when {@code ?after=} is not an id (the caller answers 400). */
    static Optional<ListPage> asked(RoutingContext ctx) {
        String after = PortalPages.param(ctx, "after", 64);
        if (after.isEmpty()) {
            return Optional.of(new ListPage(null));
        }
        UUID id = PortalPages.parseUuid(after);
        return id == null ? Optional.empty() : Optional.of(new ListPage(id));
    }

    /**
     * The link to the next older page: {@code prefix} (ending in {@code after=}) and the last row's id, or null when
     * nothing is older.
     */
    static <T> String next(String prefix, boolean hasMore, List<T> rows, Function<T, UUID> id) {
        return hasMore && !rows.isEmpty() ? prefix + id.apply(rows.get(rows.size() - 1)) : null;
    }
}
