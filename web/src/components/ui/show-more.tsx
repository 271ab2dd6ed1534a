import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useInfiniteScroll } from '@/lib/use-infinite-scroll'

/** What ShowMore reads of an RTK Query infinite query. */
interface PagedList {
  hasNextPage: boolean
  isFetching: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/**
 * The end of an infinite list while it has more pages: a sentinel that asks for the next one as it comes
 * near, and a visible 'Show more' for keyboards and browsers without the observer.
 */
export function ShowMore({ list, spacing = 2 }: { list: PagedList; spacing?: number }) {
  const more = () => void list.fetchNextPage()
  const sentinel = useInfiniteScroll({ hasMore: list.hasNextPage, loading: list.isFetching, onMore: more })
  if (!list.hasNextPage) return null
  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', mt: spacing }}>
      <Button onClick={more} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
      </Button>
    </Box>
  )
}
