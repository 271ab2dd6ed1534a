import L from 'leaflet'
import { useCallback, useRef, useState } from 'react'
import { type MapTiles, site } from '@/config/site'
import { addCountryOutlines } from './country-outlines'
import { addFullscreenControl } from './fullscreen-control'

export const MAP_MAX_ZOOM = 18
/** A pane under the tiles' (200) for the outlines when tiles fail: a tile that did load still covers them. */
const UNDER_TILES = 'outlinesUnderTiles'

/**
 * The map's ground: the deployment's tiles with their credit, and the bundled country outlines under them from the
 * first tile that fails to load (a tile server down or blocked; a broken tile shows nothing, so the outlines show
 * through where tiles are missing); without tiles, the outlines alone. Returns what undoes it.
 */
export function addGround(map: L.Map, tiles: MapTiles | null): () => void {
  if (!tiles) {
    void addCountryOutlines(map).catch(() => undefined)
    return () => undefined
  }
  const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAP_MAX_ZOOM }).addTo(map)
  const fallBack = () => {
    layer.off('tileerror', fallBack)
    void addCountryOutlines(map, UNDER_TILES).catch(() => undefined)
  }
  layer.on('tileerror', fallBack)
  return () => layer.off('tileerror', fallBack)
}

/**
 * A Leaflet map in the element given the returned ref, made once it is in the page and removed with it (ours, not react-leaflet:
 * docs/architecture.md, Libraries). Its ground is the deployment's tiles (config/site.ts), else the bundled country
 * outlines, which also stand in when tiles fail to load (addGround); `centre` and `zoom` are the first view only. It
 * follows its element's size (the list panel moves under it on phones).
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
    const removeGround = addGround(created, site.mapTiles)
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize())
    resize?.observe(container)
    setMap(created)
    return () => {
      resize?.disconnect()
      removeGround()
      removeFullscreen()
      created.remove()
      setMap(null)
    }
  }, [])
  return [ref, map] as const
}
