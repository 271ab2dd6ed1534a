import L from 'leaflet'

export const FULLSCREEN_TEXTS = { enter: 'Full screen', exit: 'Exit full screen' } as const

/** The map filling the window where the browser has no Fullscreen API for an element (iPhone Safari). */
export const PSEUDO_FULLSCREEN_CLASS = 'cypher-map--fullscreen'

type FullscreenTarget = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }
type FullscreenDocument = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => Promise<void> | void }

const ENTER_ICON = '<path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />'
const EXIT_ICON = '<path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />'

function icon(paths: string): string {
  return `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`
}

/**
 * A full-screen button on the map (the spec's one control; no plugin): the map's own element goes full screen with
 * the Fullscreen API, or fills the window where an element cannot (the pseudo full screen, left with Escape or the
 * button). A real button, so Tab reaches it and Enter or Space presses it; its name says what it will do.
 * Returns the cleanup.
 */
export function addFullscreenControl(map: L.Map): () => void {
  const element = map.getContainer() as FullscreenTarget
  const doc = document as FullscreenDocument
  const canNative = typeof element.requestFullscreen === 'function' || typeof element.webkitRequestFullscreen === 'function'
  const nativeElement = () => doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null
  const isFull = () => nativeElement() === element || element.classList.contains(PSEUDO_FULLSCREEN_CLASS)

  const box = L.DomUtil.create('div', 'leaflet-bar leaflet-control cypher-map-fullscreen')
  const button = L.DomUtil.create('button', 'cypher-map-fullscreen__button', box)
  button.type = 'button'
  L.DomEvent.disableClickPropagation(box)
  L.DomEvent.disableScrollPropagation(box)

  const show = () => {
    const full = isFull()
    const text = full ? FULLSCREEN_TEXTS.exit : FULLSCREEN_TEXTS.enter
    button.setAttribute('aria-label', text)
    button.title = text
    button.innerHTML = icon(full ? EXIT_ICON : ENTER_ICON)
  }
  // the map's size changed: Leaflet draws for the new one
  const changed = () => {
    show()
    map.invalidateSize()
  }

  const pseudo = (on: boolean) => {
    element.classList.toggle(PSEUDO_FULLSCREEN_CLASS, on)
    changed()
  }

  const toggle = () => {
    if (element.classList.contains(PSEUDO_FULLSCREEN_CLASS)) return pseudo(false)
    if (nativeElement() === element) {
      void Promise.resolve((doc.exitFullscreen ?? doc.webkitExitFullscreen)?.call(doc)).catch(() => undefined)
      return
    }
    if (!canNative) return pseudo(true)
    const request = element.requestFullscreen ?? element.webkitRequestFullscreen
    // a refusal (an iframe without allowfullscreen, a browser setting) falls back to filling the window
    void Promise.resolve()
      .then(() => request?.call(element))
      .catch(() => pseudo(true))
  }

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && element.classList.contains(PSEUDO_FULLSCREEN_CLASS)) pseudo(false)
  }

  L.DomEvent.on(button, 'click', toggle)
  document.addEventListener('fullscreenchange', changed)
  document.addEventListener('webkitfullscreenchange', changed)
  document.addEventListener('keydown', onKey)

  const control = new L.Control({ position: 'topright' })
  control.onAdd = () => box
  control.addTo(map)
  show()

  return () => {
    document.removeEventListener('fullscreenchange', changed)
    document.removeEventListener('webkitfullscreenchange', changed)
    document.removeEventListener('keydown', onKey)
    element.classList.remove(PSEUDO_FULLSCREEN_CLASS)
    if (nativeElement() === element) void Promise.resolve(doc.exitFullscreen?.call(doc)).catch(() => undefined)
    control.remove()
  }
}
