// Every item of a list, page after page, following `starting_after` while the service says `has_more`.

/** What every list answers: a page of items with an `id`, and whether another page follows. */
export interface Page<T extends { id: string }> {
    data: Array<T>;
    hasMore: boolean;
}

/**
 * Yields every item (newest first), asking `fetchPage` for the page after the last id it received:
 * `iterate((startingAfter) => walletpay.payments.listPayments({ limit: 100, startingAfter }))`.
 */
export async function* iterate<T extends { id: string }>(
    fetchPage: (startingAfter: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
    let after: string | undefined = undefined;
    for (;;) {
        const page: Page<T> = await fetchPage(after);
        yield* page.data;
        if (!page.hasMore || page.data.length === 0) {
            return;
        }
        after = page.data[page.data.length - 1].id;
    }
}
