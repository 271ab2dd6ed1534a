import { useEffect, useRef } from 'react'
import { nextVisibleIds, VISIBLE_RATIO } from './rules'

/** The attribute a map list's item carries its id in (`data-map-item="12"`). */
export const MAP_ITEM_ATTRIBUTE = 'data-map-item'

/**
 * Which list items are in view (IntersectionObserver, 60 percent of an item) within the panel's scroll box on
 * wide screens, the window on narrow ones (`root` null). With `throttleMs`, reports come at most that often
 * (the last one always arrives).
 */
export function useVisibleItems(root: HTMLElement | null, list: HTMLElement | null, items: unknown, onChange: (ids: Set<number>) => void, throttleMs = 0) {
  const visible = useRef<Set<number>>(new Set())
  const report = useRef(onChange)
  useEffect(() => {
    report.current = onChange
  })
  useEffect(() => {
    if (!list || typeof IntersectionObserver === 'undefined') return
    visible.current = new Set()
    let timer: ReturnType<typeof setTimeout> | undefined
    let last = 0
    const send = () => {
      timer = undefined
      last = Date.now()
      report.current(new Set(visible.current))
    }
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = nextVisibleIds(
          visible.current,
          entries.map((entry) => ({ id: Number((entry.target as HTMLElement).getAttribute(MAP_ITEM_ATTRIBUTE)), ratio: entry.isIntersecting ? entry.intersectionRatio : 0 })),
        )
        if (!throttleMs) return send()
        if (timer) return
        timer = setTimeout(send, Math.max(0, last + throttleMs - Date.now()))
      },
      { root, threshold: [0, VISIBLE_RATIO, 1] },
    )
    list.querySelectorAll<HTMLElement>(`[${MAP_ITEM_ATTRIBUTE}]`).forEach((item) => observer.observe(item))
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [root, list, items, throttleMs])
}
