import L from 'leaflet'
import { useCallback, useRef, useState } from 'react'
import { addCountryOutlines } from './country-outlines'
import { addFullscreenControl } from './fullscreen-control'

const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined)?.trim() || null
const TILE_ATTRIBUTION = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined)?.trim() || ''
export const MAP_MAX_ZOOM = 18

/**
 * A Leaflet map in the element given the returned ref, made once it is in the page and removed with it (ours, not react-leaflet:
 * LIBRARIES.md). Its ground is the configured tiles (VITE_MAP_TILE_URL with VITE_MAP_TILE_ATTRIBUTION), else
 * the bundled country outlines; `centre` and `zoom` are the first view only. It follows its element's size (the list panel moves under it on phones).
 * Its one control is full screen (the spec: other controls off; zoom is the wheel, pinch, double click and the
 * focused map's + and - keys); the attribution stays, as the tiles' licence asks.
 */
export function useLeafletMap(centre: { lat: number; lng: number }, zoom: number) {
  const [map, setMap] = useState<L.Map | null>(null)
  const start = useRef({ centre, zoom })
  // a ref callback: the map is made when its element is in the page and removed with it
  const ref = useCallback((container: HTMLDivElement | null) => {
    if (!container) return
    const created = L.map(container, {
      center: [start.current.centre.lat, start.current.centre.lng],
      zoom: start.current.zoom,
      minZoom: 1,
      maxZoom: MAP_MAX_ZOOM,
      // a view panned past the date line comes back to the world the markers are drawn on
      worldCopyJump: true,
      zoomControl: false,
    })
    const removeFullscreen = addFullscreenControl(created)
    if (TILE_URL) L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: MAP_MAX_ZOOM }).addTo(created)
    else void addCountryOutlines(created).catch(() => undefined)
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize())
    resize?.observe(container)
    setMap(created)
    return () => {
      resize?.disconnect()
      removeFullscreen()
      created.remove()
      setMap(null)
    }
  }, [])
  return [ref, map] as const
}
