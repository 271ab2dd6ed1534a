import { render, waitFor } from '@testing-library/react'
import L from 'leaflet'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useClusterLayer, type ClusterPoint } from './use-cluster-layer'

afterEach(() => vi.restoreAllMocks())

// jsdom lays nothing out: the map's view is set to the world so every point is drawn
function worldMap(container: HTMLElement, zoom: number) {
  const map = L.map(container, { center: [40.7, -74], zoom })
  vi.spyOn(map, 'getBounds').mockReturnValue(L.latLngBounds([-80, -170], [80, 170]))
  return map
}

function Probe({ points, zoom, highlightId, onOpen }: { points: ClusterPoint[]; zoom: number; highlightId: number | null; onOpen: (id: number) => void }) {
  const [map, setMap] = useState<L.Map | null>(null)
  useClusterLayer(map, points, { idAttribute: 'data-studio-id', noun: 'studios', activeIds: new Set(), highlightId, onOpen })
  return <div ref={(node) => { if (node && !map) setMap(worldMap(node, zoom)) }} />
}

const near = (id: number, lat: number, lng: number): ClusterPoint => ({ id, lat, lng, label: `Studio ${id}` })

describe('the shared cluster layer', () => {
  it('draws a marker per point, named and carrying its id, and highlights the hovered one', async () => {
    const points = [near(1, 40.7, -74), near(2, 51.5, -0.1)]
    const onOpen = vi.fn()
    const { rerender } = render(<Probe points={points} zoom={10} highlightId={null} onOpen={onOpen} />)
    const marker = await waitFor(() => {
      const found = document.querySelector('[data-studio-id="1"]')
      expect(found).not.toBeNull()
      return found as HTMLElement
    })
    expect(marker).toHaveAttribute('aria-label', 'Studio 1')
    expect(marker).not.toHaveClass('map-marker--active')
    rerender(<Probe points={points} zoom={10} highlightId={1} onOpen={onOpen} />)
    expect(marker).toHaveClass('map-marker--active')
    expect(document.querySelector('[data-studio-id="2"]')).not.toHaveClass('map-marker--active')
    marker.click()
    expect(onOpen).toHaveBeenCalledWith(1)
  })

  it('clusters close points (grid size 20), names the cluster, and highlights the cluster holding the hovered point', async () => {
    const points = [near(1, 40.7, -74), near(2, 40.71, -74.01), near(3, 40.72, -74.02), near(9, -33.9, 151.2)]
    const { rerender } = render(<Probe points={points} zoom={2} highlightId={null} onOpen={() => undefined} />)
    const cluster = await waitFor(() => {
      const found = document.querySelector('[aria-label="3 studios: zoom in"]')
      expect(found).not.toBeNull()
      return found as HTMLElement
    })
    expect(cluster).toHaveClass('map-cluster--small')
    expect(cluster).not.toHaveClass('map-cluster--active')
    rerender(<Probe points={points} zoom={2} highlightId={2} onOpen={() => undefined} />)
    expect(cluster).toHaveClass('map-cluster--active')
    rerender(<Probe points={points} zoom={2} highlightId={9} onOpen={() => undefined} />)
    expect(cluster).not.toHaveClass('map-cluster--active')
    expect(document.querySelector('[data-studio-id="9"]')).toHaveClass('map-marker--active')
  })
})
