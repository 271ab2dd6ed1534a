import L from 'leaflet'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { addGround } from './use-leaflet-map'

const TILES = { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© <a href="https://example.org/copyright">Example tiles</a>' }
let map: L.Map | null = null

function world() {
  const container = document.createElement('div')
  document.body.append(container)
  map = L.map(container, { center: [20, 0], zoom: 2 })
  return map
}

afterEach(() => {
  map?.getContainer().remove()
  map?.remove()
  map = null
})

const waitForPath = async (pane: HTMLElement) => {
  for (let i = 0; i < 100 && !pane.querySelector('path'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20))
  return pane.querySelector('path')
}

describe("the map's ground", () => {
  it('is the configured tiles with their credit, and no outlines while the tiles load', () => {
    const map = world()
    addGround(map, TILES)
    expect(map.getContainer().querySelector('.leaflet-tile-pane img')?.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:9\/2\/\d+\/\d+\.png$/)
    expect(map.getContainer().querySelector('.leaflet-control-attribution')).toHaveTextContent('© Example tiles')
    expect(map.getPane('outlinesUnderTiles')).toBeUndefined()
  })

  it('falls back to the bundled outlines, under the tiles, when a tile fails to load', async () => {
    const map = world()
    addGround(map, TILES)
    const layer = Object.values((map as unknown as { _layers: Record<string, L.Layer> })._layers).find((l) => l instanceof L.TileLayer)!
    layer.fire('tileerror', { tile: document.createElement('img'), coords: L.point(0, 0) })
    layer.fire('tileerror', { tile: document.createElement('img'), coords: L.point(1, 0) })
    // the outlines' chunk loads once, then they are drawn in their own pane
    const pane = await waitFor(
      () => {
        const made = map.getPane('outlinesUnderTiles')
        expect(made).toBeDefined()
        return made!
      },
      { timeout: 3000 },
    )
    expect(Number(pane.style.zIndex)).toBeLessThan(200) // the tiles' pane is 200: a loaded tile covers the outlines
    expect(await waitForPath(pane)).not.toBeNull()
    expect(map.getContainer().querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(0)
  })

  it('without tiles is the outlines alone', async () => {
    const map = world()
    addGround(map, null)
    expect(map.getContainer().querySelector('.leaflet-tile-pane img')).toBeNull()
    expect(await waitForPath(map.getPane('overlayPane')!)).not.toBeNull()
  })
})
