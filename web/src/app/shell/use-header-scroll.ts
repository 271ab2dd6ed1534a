import { useEffect, useState } from 'react'

/** On Home the header is transparent for the first 151 px; elsewhere it hides after 50 px. */
export const HOME_TRANSPARENT_UNTIL = 151
export const HIDE_AFTER = 50

export interface HeaderScrollState {
  transparent: boolean
  hidden: boolean
}

/** Pure: the header's look for a scroll position and direction. */
export function headerScrollState(isHome: boolean, y: number, scrollingDown: boolean): HeaderScrollState {
  if (isHome) return { transparent: y < HOME_TRANSPARENT_UNTIL, hidden: false }
  return { transparent: false, hidden: y > HIDE_AFTER && scrollingDown }
}

export function useHeaderScroll(isHome: boolean): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>(() =>
    headerScrollState(isHome, typeof window === 'undefined' ? 0 : window.scrollY, false),
  )
  useEffect(() => {
    let last = window.scrollY
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      const next = headerScrollState(isHome, y, y > last)
      if (Math.abs(y - last) > 2 || y <= HIDE_AFTER) last = y
      setState((current) => (current.transparent === next.transparent && current.hidden === next.hidden ? current : next))
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [isHome])
  return state
}
