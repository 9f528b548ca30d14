package io.walletpay.sdk;

import io.walletpay.client.ApiException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every item of a list (newest first), page after page, following {@code starting_after} while the service says
 * {@code has_more}; a page is asked for only when the items before it are used.
 *
 * <pre>{@code
 * for (Payment payment : Pages.iterate(
 *         after -> payments.listPayments(APIlistPaymentsRequest.newBuilder().limit(100).startingAfter(after).build()),
 *         PaymentList::getData, PaymentList::getHasMore, Payment::getId)) { … }
 * }</pre>
 */
public final class Pages {

    /** One list call: the page after {@code startingAfter} (null for the first page). */
    @FunctionalInterface
    public interface Fetch<C, P> {
        P page(C startingAfter) throws ApiException;
    }

    /** A page that could not be fetched while iterating; its cause is the generated client's exception. */
    public static final class PageFailedException extends RuntimeException {
        PageFailedException(ApiException cause) {
            super(cause.getMessage(), cause);
        }

        @Override
        public synchronized ApiException getCause() {
            return (ApiException) super.getCause();
        }
    }

    private Pages() {}

    public static <C, P, T> Iterable<T> iterate(
            Fetch<C, P> fetch, Function<P, List<T>> data, Predicate<P> hasMore, Function<T, C> id) {
        return () -> new Iterator<>() {
            private Iterator<T> page = null;
            private boolean more = true;
            private C after = null;

            @Override
            public boolean hasNext() {
                while ((page == null || !page.hasNext()) && more) {
                    P answer;
                    try {
                        answer = fetch.page(after);
                    } catch (ApiException e) {
                        throw new PageFailedException(e);
                    }
                    List<T> items = data.apply(answer);
                    more = Boolean.TRUE.equals(hasMore.test(answer)) && !items.isEmpty();
                    if (!items.isEmpty()) {
                        after = id.apply(items.get(items.size() - 1));
                    }
                    page = items.iterator();
                }
                return page != null && page.hasNext();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.next();
            }
        };
    }
}
