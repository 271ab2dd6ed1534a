import { renderHook, waitFor } from '@testing-library/react'
import type L from 'leaflet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAP_DEFAULT_ZOOM } from './rules'
import { useUserCentre } from './use-user-centre'

// jsdom has no geolocation: each test lends the browser one, or none
afterEach(() => {
  delete (navigator as { geolocation?: Geolocation }).geolocation
})

type Answer = { at: [number, number] } | { refused: number }

/** A browser whose geolocation answers `answer` and counts the questions. */
function stubGeolocation(answer: Answer | null) {
  const asked = vi.fn((found: PositionCallback, failed: PositionErrorCallback) => {
    if (answer && 'at' in answer) found({ coords: { latitude: answer.at[0], longitude: answer.at[1] } } as GeolocationPosition)
    else if (answer) failed({ code: answer.refused } as GeolocationPositionError)
  })
  if (answer === null) delete (navigator as { geolocation?: Geolocation }).geolocation
  else Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: asked }, configurable: true })
  return asked
}

const fakeMap = () => ({ setView: vi.fn() }) as unknown as L.Map & { setView: ReturnType<typeof vi.fn> }

describe('the user centre of a map', () => {
  it('moves the map to where the user is and answers it as lat,lng, once', async () => {
    const asked = stubGeolocation({ at: [40.65, -73.95] })
    const map = fakeMap()
    const { result, rerender } = renderHook(({ onFailure }) => useUserCentre(map, false, onFailure), { initialProps: { onFailure: vi.fn() } })
    await waitFor(() => expect(result.current).toBe('40.65,-73.95'))
    expect(map.setView).toHaveBeenCalledWith([40.65, -73.95], MAP_DEFAULT_ZOOM)
    // a new callback (an inline one, every render) does not ask again
    rerender({ onFailure: vi.fn() })
    expect(asked).toHaveBeenCalledTimes(1)
  })

  it('reports a refusal with its code, and a browser without geolocation with null', () => {
    stubGeolocation({ refused: 1 })
    const onFailure = vi.fn()
    renderHook(() => useUserCentre(fakeMap(), false, onFailure))
    expect(onFailure).toHaveBeenCalledWith(1)

    stubGeolocation(null)
    const without = vi.fn()
    const { result } = renderHook(() => useUserCentre(fakeMap(), false, without))
    expect(without).toHaveBeenCalledWith(null)
    expect(result.current).toBeUndefined()
  })

  it('asks nothing while the session has a centre or the map is not up', () => {
    const asked = stubGeolocation({ at: [1, 2] })
    renderHook(() => useUserCentre(fakeMap(), true))
    renderHook(() => useUserCentre(null, false))
    expect(asked).not.toHaveBeenCalled()
  })
})
