import { afterEach, describe, expect, it } from 'vitest'
import { readRuntimeSite, SITE_META } from './site'

function withMeta(content: string) {
  const meta = document.createElement('meta')
  meta.name = SITE_META
  meta.content = content
  document.head.append(meta)
}

afterEach(() => document.head.querySelectorAll(`meta[name="${SITE_META}"]`).forEach((meta) => meta.remove()))

describe("the site's run-time configuration", () => {
  it("reads the gateway's meta: the tiles with their credit and the configured accounts only", () => {
    withMeta(
      JSON.stringify({
        mapTiles: { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© <a href="https://example.org">Example</a>' },
        socials: { instagram: 'https://instagram.com/cypher.dance', facebook: 'javascript:alert(1)', tiktok: 'https://tiktok.com/@c' },
      }),
    )
    const env = { VITE_MAP_TILE_URL: 'https://build.example.org/{z}/{x}/{y}.png' }
    expect(readRuntimeSite(document, env)).toEqual({
      mapTiles: { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© <a href="https://example.org">Example</a>' },
      socials: { instagram: 'https://instagram.com/cypher.dance' },
    })
  })

  it("the meta's word is final: no tiles there means none, whatever the build says", () => {
    withMeta(JSON.stringify({ mapTiles: null, socials: { youtube: 'https://youtube.com/@cypher' } }))
    expect(readRuntimeSite(document, { VITE_MAP_TILE_URL: 'https://build.example.org/{z}/{x}/{y}.png' })).toEqual({
      mapTiles: null,
      socials: { youtube: 'https://youtube.com/@cypher' },
    })
  })

  it("without the meta the build's VITE_ values, then nothing", () => {
    const env = { VITE_MAP_TILE_URL: ' https://build.example.org/{z}/{x}/{y}.png ', VITE_MAP_TILE_ATTRIBUTION: 'Build' }
    expect(readRuntimeSite(document, env)).toEqual({ mapTiles: { url: 'https://build.example.org/{z}/{x}/{y}.png', attribution: 'Build' }, socials: {} })
    expect(readRuntimeSite(document, {})).toEqual({ mapTiles: null, socials: {} })
    expect(readRuntimeSite(undefined)).toEqual({ mapTiles: null, socials: {} })
  })

  it('a meta that is not JSON configures nothing', () => {
    withMeta('{not json')
    expect(readRuntimeSite(document, { VITE_MAP_TILE_URL: 'https://build.example.org/{z}/{x}/{y}.png' })).toEqual({ mapTiles: null, socials: {} })
  })
})
