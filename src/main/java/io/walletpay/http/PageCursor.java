package io.walletpay.http;

import java.util.UUID;

/**
 * A list's cursor as a request sent it: {@code starting_after} pages on (the page after that row), {@code ending_before}
 * back (the page just before it); at most one is set, both null is the first page.
 */
record PageCursor(UUID startingAfter, UUID endingBefore) {}
