import L from 'leaflet'
import { useEffect, useRef } from 'react'
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster'
import { imageUrl } from '@/lib/api/images'
import type { MapEvent } from '../../types'
import { CLUSTER_EXTENT, CLUSTER_GRID_SIZE, clusterIcon } from './rules'

const MARKER_SIZE: [number, number] = [48, 48]
const ACTIVE = 'map-marker--active'

type Point = PointFeature<{ event: MapEvent }>

function markerIcon(event: MapEvent): L.DivIcon {
  // built as elements, never as an HTML string: the address and the image id are user input
  const root = document.createElement('span')
  root.className = 'map-marker__image'
  const src = imageUrl(event.image, 100, 'event')
  if (src) root.style.backgroundImage = `url("${src.replace(/"/g, '%22')}")`
  return L.divIcon({ html: root, className: 'map-marker', iconSize: MARKER_SIZE, iconAnchor: [MARKER_SIZE[0] / 2, MARKER_SIZE[1]] })
}

function clusterMarkerIcon(count: number): L.DivIcon {
  const icon = clusterIcon(count)
  const label = document.createElement('span')
  label.className = 'map-cluster__count'
  label.textContent = String(count)
  return L.divIcon({ html: label, className: icon.className, iconSize: icon.size, iconAnchor: [icon.size[0] / 2, icon.size[1]] })
}

/**
 * The events on the map, clustered by supercluster (grid size 20 on 256 px tiles) and drawn again after
 * every move: a cluster zooms in to where it splits; an event opens its page. Markers of `activeIds` (the
 * list items in view) are highlighted.
 */
export function useClusterLayer(map: L.Map | null, events: MapEvent[], activeIds: ReadonlySet<number>, onOpen: (id: number) => void) {
  const markers = useRef(new Map<number, L.Marker>())
  const active = useRef(activeIds)
  const open = useRef(onOpen)
  useEffect(() => {
    active.current = activeIds
    open.current = onOpen
  })

  useEffect(() => {
    if (!map) return
    const index = new Supercluster<{ event: MapEvent }>({ radius: CLUSTER_GRID_SIZE, extent: CLUSTER_EXTENT, maxZoom: 16 })
    index.load(
      events.map((event): Point => ({
        type: 'Feature',
        properties: { event },
        geometry: { type: 'Point', coordinates: [event.coordinates.lng, event.coordinates.lat] },
      })),
    )
    const layer = L.layerGroup().addTo(map)
    const drawn = markers.current
    const draw = () => {
      layer.clearLayers()
      drawn.clear()
      const bounds = map.getBounds()
      const wide = bounds.getEast() - bounds.getWest() >= 360
      const bbox: [number, number, number, number] = wide
        ? [-180, -85, 180, 85]
        : [bounds.getWest(), Math.max(-85, bounds.getSouth()), bounds.getEast(), Math.min(85, bounds.getNorth())]
      for (const feature of index.getClusters(bbox, Math.round(map.getZoom()))) {
        const [lng, lat] = feature.geometry.coordinates
        const properties = feature.properties as Partial<ClusterProperties> & { event?: MapEvent }
        if (properties.cluster && properties.cluster_id !== undefined) {
          const id = properties.cluster_id
          const count = properties.point_count ?? 0
          const cluster = L.marker([lat, lng], { icon: clusterMarkerIcon(count), title: `${count} events: zoom in`, keyboard: true })
            .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom())))
            .addTo(layer)
          // the icon's text (the count) would otherwise be the button's whole name
          cluster.getElement()?.setAttribute('aria-label', `${count} events: zoom in`)
        } else if (properties.event) {
          const event = properties.event
          const marker = L.marker([lat, lng], { icon: markerIcon(event), title: event.locationAddress || `Event ${event.id}`, keyboard: true })
            .on('click', () => open.current(event.id))
            .addTo(layer)
          const element = marker.getElement()
          element?.setAttribute('data-event-id', String(event.id))
          element?.setAttribute('role', 'link')
          element?.setAttribute('aria-label', event.locationAddress ? `Event at ${event.locationAddress}` : `Event ${event.id}`)
          if (active.current.has(event.id)) element?.classList.add(ACTIVE)
          drawn.set(event.id, marker)
        }
      }
    }
    draw()
    map.on('moveend', draw)
    return () => {
      map.off('moveend', draw)
      layer.remove()
      drawn.clear()
    }
  }, [map, events])

  useEffect(() => {
    for (const [id, marker] of markers.current) marker.getElement()?.classList.toggle(ACTIVE, activeIds.has(id))
  }, [activeIds])
}
