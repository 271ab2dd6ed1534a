import L from 'leaflet'
import type { GeometryCollection, Topology } from 'topojson-specification'

/**
 * The map without tiles (tests, offline, no tiles configured: config/site.ts) or with tiles that fail to load: the
 * countries' outlines of world-atlas (countries-110m, ISC), bundled and loaded only here, turned into GeoJSON by
 * topojson-client. Markers, clusters and the bounds queries work the same on them. `underPane`: drawn in a pane of
 * that name made under the tiles' (zIndex 150) rather than the overlay pane above them.
 */
export async function addCountryOutlines(map: L.Map, underPane?: string): Promise<L.Layer | null> {
  const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('world-atlas/countries-110m.json')])
  const topology = atlas.default as unknown as Topology<{ countries: GeometryCollection }>
  const countries = feature(topology, topology.objects.countries)
  // the map may have been left while the outlines loaded
  if (!(map as unknown as { _loaded?: boolean })._loaded) return null
  if (underPane && !map.getPane(underPane)) map.createPane(underPane).style.zIndex = '150'
  return L.geoJSON(countries, {
    interactive: false,
    ...(underPane ? { pane: underPane } : {}),
    style: { color: '#8d8d8d', weight: 1, fillColor: '#f4f1ea', fillOpacity: 1 },
  }).addTo(map)
}
