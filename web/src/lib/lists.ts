/** What every paged, sorted list of the app shares: RTK Query's next page, the infinite scroll, the direction. */

/** px before the end of a list at which the next page is asked for */
export const INFINITE_SCROLL_DISTANCE = 400

/**
 * `getNextPageParam` of an infinite query over `p`/`pp` (docs/architecture.md: a list ends when a page returns fewer
 * than `pp` items): the next page number while the last page came back full; pages are numbered from 0.
 */
export function nextPage(pageSize: number) {
  return (lastPage: unknown[] | null | undefined, _all: unknown, lastPageParam: number) =>
    lastPage && lastPage.length >= pageSize ? lastPageParam + 1 : undefined
}

export type SortDirection = 'asc' | 'desc'

export function flipDirection(direction: SortDirection): SortDirection {
  return direction === 'asc' ? 'desc' : 'asc'
}

/** The items of an infinite list's pages (a page the server answered empty counts as none). */
export function pageItems<T>(pages: (T[] | null | undefined)[] | undefined): T[] {
  return (pages ?? []).flatMap((page) => page ?? [])
}
