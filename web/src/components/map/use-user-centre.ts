import type L from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { MAP_DEFAULT_ZOOM } from './rules'

/** how long the browser may take to say where the user is */
export const GEOLOCATION_TIMEOUT_MS = 10_000

/**
 * Where the user is, asked once the map is up unless `skip` (the session already has a centre): the map moves
 * there, and the answer is 'lat,lng' for the list's nearest-first order. A refusal or a failure goes to
 * `onFailure` with its code (null: the browser has no geolocation).
 */
export function useUserCentre(map: L.Map | null, skip: boolean, onFailure?: (code: number | null) => void): string | undefined {
  const [centre, setCentre] = useState<string | undefined>()
  // the latest callback, without asking again when it changes
  const failure = useRef(onFailure)
  useEffect(() => {
    failure.current = onFailure
  })

  useEffect(() => {
    if (!map || skip || typeof navigator === 'undefined') return
    if (!navigator.geolocation) {
      failure.current?.(null)
      return
    }
    let current = true
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!current) return
        const { latitude, longitude } = position.coords
        setCentre(`${latitude},${longitude}`)
        map.setView([latitude, longitude], MAP_DEFAULT_ZOOM)
      },
      (error) => {
        if (current) failure.current?.(error.code)
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 600_000 },
    )
    return () => {
      current = false
    }
  }, [map, skip])

  return centre
}
