/** Facts about the platform shown in the shell and on the static pages. */

/** The footer's accounts, one per icon (web/src/app/shell/footer.tsx; the gateway's GATEWAY_SOCIAL_<KIND>). */
export const SOCIAL_KINDS = ['instagram', 'facebook', 'twitter', 'youtube'] as const
export type SocialKind = (typeof SOCIAL_KINDS)[number]

/** A Leaflet tile template ({z}/{x}/{y}, optional {s}) with the credit its licence asks for (HTML). */
export interface MapTiles {
  url: string
  attribution: string
}

/** What a deployment sets at run time, not at build time (docs/decisions.md, Site configuration at run time). */
export interface RuntimeSite {
  mapTiles: MapTiles | null
  socials: Partial<Record<SocialKind, string>>
}

export const SITE_META = 'cypher-site'

const isAddress = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(value.trim())

function fromJson(raw: unknown): RuntimeSite {
  const data = (raw && typeof raw === 'object' ? raw : {}) as { mapTiles?: Partial<MapTiles> | null; socials?: Record<string, unknown> }
  const tiles = data.mapTiles
  const mapTiles = tiles && isAddress(tiles.url) ? { url: tiles.url.trim(), attribution: typeof tiles.attribution === 'string' ? tiles.attribution : '' } : null
  const socials: RuntimeSite['socials'] = {}
  for (const kind of SOCIAL_KINDS) {
    const url = data.socials?.[kind]
    if (isAddress(url)) socials[kind] = url.trim()
  }
  return { mapTiles, socials }
}

/**
 * The deployment's settings: the `<meta name="cypher-site">` the gateway writes into the page (JSON), else the build's
 * VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION, else nothing (the map's bundled outlines, no social row).
 */
export function readRuntimeSite(doc: Document | undefined, env: Record<string, unknown> = {}): RuntimeSite {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${SITE_META}"]`)
  if (meta) {
    try {
      return fromJson(JSON.parse(meta.content))
    } catch {
      return { mapTiles: null, socials: {} }
    }
  }
  const url = typeof env.VITE_MAP_TILE_URL === 'string' ? env.VITE_MAP_TILE_URL.trim() : ''
  const attribution = typeof env.VITE_MAP_TILE_ATTRIBUTION === 'string' ? env.VITE_MAP_TILE_ATTRIBUTION.trim() : ''
  return fromJson({ mapTiles: url ? { url, attribution } : null })
}

const runtime = readRuntimeSite(typeof document === 'undefined' ? undefined : document, import.meta.env)

export const site = {
  name: 'Cypher',
  contactEmail: 'hello@cypher.dance',
  company: 'Cypher Dance, Inc.',
  companyLocation: 'Los Angeles, California, USA',
  credit: 'Built with the breaking community',
  patreonUrl: 'https://www.patreon.com/',
  /** The platform's own accounts, only those this deployment configured (GATEWAY_SOCIAL_*). */
  socials: runtime.socials,
  /** The map's tiles (GATEWAY_MAP_TILE_URL with its attribution); null: the bundled country outlines. */
  mapTiles: runtime.mapTiles,
  /**
   * The sponsor's tour video on Home (a YouTube video id, set per deployment with VITE_SPONSOR_VIDEO_ID at build
   * time); loaded only when its modal opens. Without one the modal says the video is on its way.
   */
  sponsorVideoId: (import.meta.env.VITE_SPONSOR_VIDEO_ID as string | undefined)?.trim() || null,
} as const
