package io.walletpay.portal;

import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Which page of a portal list is asked for, newest first: {@code ?after=} names the last row of the page before it
 * (paging on to older rows), {@code ?before=} the first row of the page after it (paging back to newer rows), as the
 * API's {@code starting_after} and {@code ending_before}; neither is the first page, both is a 400. The lists of
 * payments, links, webhook deliveries and payouts page alike.
 */
record ListPage(UUID startingAfter, UUID endingBefore) {

    /** The page asked for, or empty when a cursor is not an id or both are sent (the caller answers 400). */
    static Optional<ListPage> asked(RoutingContext ctx) {
        String after = PortalPages.param(ctx, "after", 64);
        String before = PortalPages.param(ctx, "before", 64);
        if (!after.isEmpty() && !before.isEmpty()) {
            return Optional.empty();
        }
        if (after.isEmpty() && before.isEmpty()) {
            return Optional.of(new ListPage(null, null));
        }
        UUID id = PortalPages.parseUuid(after.isEmpty() ? before : after);
        if (id == null) {
            return Optional.empty();
        }
        return Optional.of(after.isEmpty() ? new ListPage(null, id) : new ListPage(id, null));
    }

    /**
     * The link to the next older page: {@code prefix} (a query string ready for one more parameter, ending in
     * {@code ?} or {@code &}) and {@code after=} the last row's id, or null when nothing is older. A page reached
     * back has older rows by construction: the row it was asked before.
     */
    <T> String next(String prefix, boolean hasMore, List<T> rows, Function<T, UUID> id) {
        boolean older = endingBefore != null || hasMore;
        return older && !rows.isEmpty() ? prefix + "after=" + id.apply(rows.get(rows.size() - 1)) : null;
    }

    /**
     * The link to the next newer page: {@code prefix} and {@code before=} the first row's id, or null on the first
     * page. A page reached on has newer rows by construction (the row it was asked after); a page reached back has
     * them when the store said more follow that way.
     */
    <T> String previous(String prefix, boolean hasMore, List<T> rows, Function<T, UUID> id) {
        boolean newer = startingAfter != null || (endingBefore != null && hasMore);
        return newer && !rows.isEmpty() ? prefix + "before=" + id.apply(rows.get(0)) : null;
    }
}
