import './index.css'

/**
 * The page's only start-up script. The browser paints the static shell of index.html first; then the
 * chunks of the app and of the screen being opened are preloaded together (their list is in the page) and
 * the app starts. A background tab paints nothing, hence the timer.
 */
declare global {
  interface Window {
    __cypherPreload?: string[]
  }
}

let started = false
const start = () => {
  if (started) return
  started = true
  for (const href of window.__cypherPreload ?? []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.appendChild(link)
  }
  void import('./main')
}

try {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect()
      setTimeout(start, 0)
    }
  })
  observer.observe({ type: 'paint', buffered: true })
} catch {
  requestAnimationFrame(() => setTimeout(start, 0))
}
setTimeout(start, 300)

export {}
