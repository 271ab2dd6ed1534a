import { startTransition, useEffect, useState, type ReactNode } from 'react'

/**
 * Renders its children only after the first screen has painted and the browser is idle: what is below the
 * fold, or not needed to start (footer, cookie banner), stays out of the first, blocking render.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let cancelled = false
    const show = () => {
      if (!cancelled) startTransition(() => setReady(true))
    }
    const idle = 'requestIdleCallback' in window
    const handle = idle ? window.requestIdleCallback(show, { timeout: 1500 }) : window.setTimeout(show, 200)
    return () => {
      cancelled = true
      if (idle) window.cancelIdleCallback(handle)
      else window.clearTimeout(handle)
    }
  }, [])
  return <>{ready ? children : fallback}</>
}
