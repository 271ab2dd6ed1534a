import L from 'leaflet'
import { useEffect, useRef } from 'react'
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster'
import { CLUSTER_EXTENT, CLUSTER_GRID_SIZE, clusterIcon } from './rules'

const MARKER_SIZE: [number, number] = [48, 48]
const ACTIVE = 'map-marker--active'
const CLUSTER_ACTIVE = 'map-cluster--active'

/** A point of a clustered map: its id, where it is, and how it is named and drawn. */
export interface ClusterPoint {
  id: number
  lat: number
  lng: number
  /** the marker's name for screen readers and its tooltip */
  label: string
  /** the marker's image, if any */
  imageSrc?: string
}

export interface ClusterLayerOptions {
  /** the attribute a marker carries its id in (`data-event-id`), for tests and the e2e specs */
  idAttribute: string
  /** what a cluster counts: '3 studios: zoom in' */
  noun: string
  /** points shown highlighted (the list items in view) */
  activeIds: ReadonlySet<number>
  /** the point hovered in the list: it and the cluster holding it are highlighted */
  highlightId?: number | null
  onOpen: (id: number) => void
}

/** A pin with the point's image: built as elements, never as an HTML string (the image id is user input). */
function markerIcon(point: ClusterPoint): L.DivIcon {
  const root = document.createElement('span')
  root.className = 'map-marker__image'
  if (point.imageSrc) root.style.backgroundImage = `url("${point.imageSrc.replace(/"/g, '%22')}")`
  return L.divIcon({ html: root, className: 'map-marker', iconSize: MARKER_SIZE, iconAnchor: [MARKER_SIZE[0] / 2, MARKER_SIZE[1]] })
}

function clusterMarkerIcon(count: number): L.DivIcon {
  const icon = clusterIcon(count)
  const label = document.createElement('span')
  label.className = 'map-cluster__count'
  label.textContent = String(count)
  return L.divIcon({ html: label, className: icon.className, iconSize: icon.size, iconAnchor: [icon.size[0] / 2, icon.size[1]] })
}

type Feature = PointFeature<{ point: ClusterPoint }>

/**
 * Points on a map, clustered by supercluster (grid size 20 on 256 px tiles) and drawn again after every move: a
 * cluster zooms in to where it splits; a point opens its page. Markers of `activeIds` are highlighted, and the
 * hovered point with the cluster it is in.
 */
export function useClusterLayer(map: L.Map | null, points: ClusterPoint[], options: ClusterLayerOptions) {
  const { idAttribute, noun, activeIds, highlightId = null } = options
  const markers = useRef(new Map<number, L.Marker>())
  const clusters = useRef(new Map<number, L.Marker>())
  const index = useRef<Supercluster<{ point: ClusterPoint }> | null>(null)
  const active = useRef(activeIds)
  const open = useRef(options.onOpen)
  const highlight = useRef(highlightId)
  useEffect(() => {
    active.current = activeIds
    open.current = options.onOpen
    highlight.current = highlightId
  })

  const paintHighlight = () => {
    const id = highlight.current
    for (const [pointId, marker] of markers.current) marker.getElement()?.classList.toggle(ACTIVE, active.current.has(pointId) || pointId === id)
    for (const [clusterId, marker] of clusters.current) {
      const holds = id !== null && Boolean(index.current?.getLeaves(clusterId, Infinity).some((leaf) => leaf.properties.point.id === id))
      marker.getElement()?.classList.toggle(CLUSTER_ACTIVE, holds)
    }
  }
  const paint = useRef(paintHighlight)
  useEffect(() => {
    paint.current = paintHighlight
  })

  useEffect(() => {
    if (!map) return
    const built = new Supercluster<{ point: ClusterPoint }>({ radius: CLUSTER_GRID_SIZE, extent: CLUSTER_EXTENT, maxZoom: 16 })
    built.load(
      points.map((point): Feature => ({
        type: 'Feature',
        properties: { point },
        geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      })),
    )
    index.current = built
    const layer = L.layerGroup().addTo(map)
    const drawn = markers.current
    const drawnClusters = clusters.current
    const draw = () => {
      layer.clearLayers()
      drawn.clear()
      drawnClusters.clear()
      const bounds = map.getBounds()
      const wide = bounds.getEast() - bounds.getWest() >= 360
      const bbox: [number, number, number, number] = wide
        ? [-180, -85, 180, 85]
        : [bounds.getWest(), Math.max(-85, bounds.getSouth()), bounds.getEast(), Math.min(85, bounds.getNorth())]
      for (const feature of built.getClusters(bbox, Math.round(map.getZoom()))) {
        const [lng, lat] = feature.geometry.coordinates
        const properties = feature.properties as Partial<ClusterProperties> & { point?: ClusterPoint }
        if (properties.cluster && properties.cluster_id !== undefined) {
          const id = properties.cluster_id
          const count = properties.point_count ?? 0
          const name = `${count} ${noun}: zoom in`
          const cluster = L.marker([lat, lng], { icon: clusterMarkerIcon(count), title: name, keyboard: true })
            .on('click', () => map.setView([lat, lng], Math.min(built.getClusterExpansionZoom(id), map.getMaxZoom())))
            .addTo(layer)
          // the icon's text (the count) would otherwise be the button's whole name
          cluster.getElement()?.setAttribute('aria-label', name)
          drawnClusters.set(id, cluster)
        } else if (properties.point) {
          const point = properties.point
          const marker = L.marker([lat, lng], { icon: markerIcon(point), title: point.label, keyboard: true })
            .on('click', () => open.current(point.id))
            .addTo(layer)
          const element = marker.getElement()
          element?.setAttribute(idAttribute, String(point.id))
          element?.setAttribute('role', 'link')
          element?.setAttribute('aria-label', point.label)
          drawn.set(point.id, marker)
        }
      }
      paint.current()
    }
    draw()
    map.on('moveend', draw)
    return () => {
      map.off('moveend', draw)
      layer.remove()
      drawn.clear()
      drawnClusters.clear()
      index.current = null
    }
  }, [map, points, idAttribute, noun])

  useEffect(() => {
    paint.current()
  }, [activeIds, highlightId])
}
