import type L from 'leaflet'
import { useEffect, useState } from 'react'
import { CENTRE_KEYS, savedCentre, type ViewBounds } from './rules'

/** The centre this tab's session saved, if any (storage may be disabled). */
export function readSavedCentre() {
  try {
    return savedCentre(sessionStorage.getItem(CENTRE_KEYS.lat), sessionStorage.getItem(CENTRE_KEYS.lng))
  } catch {
    return null
  }
}

export function saveCentre(centre: { lat: number; lng: number }) {
  try {
    sessionStorage.setItem(CENTRE_KEYS.lat, String(centre.lat))
    sessionStorage.setItem(CENTRE_KEYS.lng, String(centre.lng))
  } catch {
    /* storage disabled: the next visit starts from New York or the location again */
  }
}

function boundsOf(map: L.Map): ViewBounds {
  const bounds = map.getBounds()
  // the corners as the product names them; north/south/east/west are read from them
  const nw = bounds.getNorthWest()
  const se = bounds.getSouthEast()
  return { north: nw.lat, west: nw.lng, south: se.lat, east: se.lng }
}

/** The map's bounds after every move (null until there is a map), each move's centre saved in the session. */
export function useMapView(map: L.Map | null): ViewBounds | null {
  const [view, setView] = useState<ViewBounds | null>(null)
  useEffect(() => {
    if (!map) return
    const moved = () => {
      saveCentre(map.getCenter())
      setView(boundsOf(map))
    }
    moved()
    map.on('moveend', moved)
    return () => {
      map.off('moveend', moved)
    }
  }, [map])
  return view
}
