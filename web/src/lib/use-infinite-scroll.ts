import { useEffect, useRef, useState } from 'react'
import { INFINITE_SCROLL_DISTANCE } from './lists'

interface InfiniteScroll {
  hasMore: boolean
  loading: boolean
  onMore: () => void
  /** px before the end of the list at which the next page is asked for */
  distance?: number
}

/**
 * A sentinel at the end of a list: when it comes within `distance` px of the viewport the next page is asked
 * for. Returns the sentinel's ref callback. The observer is made again after each page, so a page that
 * leaves the sentinel in view asks for the next one. Without IntersectionObserver (jsdom) nothing happens
 * and the list's 'Show more' button does the job.
 */
export function useInfiniteScroll({ hasMore, loading, onMore, distance = INFINITE_SCROLL_DISTANCE }: InfiniteScroll) {
  const [node, setNode] = useState<HTMLElement | null>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })

  useEffect(() => {
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current()
      },
      { rootMargin: `0px 0px ${distance}px 0px` },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [node, hasMore, loading, distance])

  return setNode
}
