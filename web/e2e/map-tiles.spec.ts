import { acceptCookies, expect, test } from './helpers'

/**
 * The map's tiles are the deployment's (GATEWAY_MAP_TILE_URL, written into the page by the gateway): here a stand-in
 * tile server on this machine (deploy/local/e2e.py starts it and names its origin in E2E_TILE_ORIGIN).
 */
test.describe('map tiles', () => {
  test('the events map shows tiles with attribution', async ({ page, consoleErrors }) => {
    const origin = process.env.E2E_TILE_ORIGIN
    test.skip(!origin, 'no stand-in tile server: run through deploy/local/e2e.py')
    await acceptCookies(page)
    await page.goto('/events/map')
    // a tile from the stand-in drawn (loaded: the page's img-src allows its origin), with the tiles' credit
    const tile = page.locator(`.leaflet-tile-pane img.leaflet-tile-loaded[src^="${origin}/"]`).first()
    await expect(tile).toBeVisible()
    expect(await tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)
    await expect(page.locator('.leaflet-control-attribution')).toContainText('Stand-in tiles')
    // the tiles loaded: the outlines that stand in for failing ones were never needed
    await expect(page.locator('.leaflet-outlinesUnderTiles-pane path')).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })
})
