import 'leaflet/dist/leaflet.css'
import '@/components/map/map.css'
import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { paths } from '@/config/paths'
import { toastShown } from '@/lib/toast'
import { useDebounced } from '@/lib/use-debounced'
import { useEventsMapQuery } from '../../api/events-api'
import { formatOrgIds, keywordParam } from '../../rules'
import type { EventPeriod, MapEvent } from '../../types'
import { useBrowseFilters } from '../events-page/use-browse-filters'
import { MapListPanel } from './map-list-panel'
import { boundsQuery, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM } from '@/components/map/rules'
import { useClusterLayer, type ClusterPoint } from '@/components/map/use-cluster-layer'
import { useLeafletMap } from '@/components/map/use-leaflet-map'
import { readSavedCentre, useMapView } from '@/components/map/use-map-view'
import { useUserCentre } from '@/components/map/use-user-centre'
import { imageUrl } from '@/lib/api/images'
import { geolocationToast, MAP_DEBOUNCE_MS, mapSort, mapTabStep, type MapTabState } from './rules'

const NO_EVENTS: MapEvent[] = []

/**
 * EventsMap (/events/map): the list panel (tabs with counts, the events in view) and the map with clustered
 * markers. It starts at the centre saved in this tab's session, else at the browser's location, else New York
 * (zoom 5); every move is saved and, 750 ms after the last one, asks GET /api/events-map for the new view.
 */
export default function EventsMap() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true })
  const { keyword, orgIds } = useBrowseFilters()
  const [saved] = useState(readSavedCentre)
  const [panel, setPanel] = useState<HTMLDivElement | null>(null)
  const [mapRef, map] = useLeafletMap(saved ?? MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM)
  const [tab, setTab] = useState<MapTabState>({ period: 'now', autoChosen: false })
  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set())

  // where the user is, unless this session already has a centre; a refusal or failure is a toast
  const userCentre = useUserCentre(map, Boolean(saved), (code) => dispatch(toastShown(geolocationToast(code))))

  // every move: the centre saved, the view read (the call waits for the moves to settle)
  const view = useMapView(map)

  const settled = useDebounced(view, MAP_DEBOUNCE_MS)
  const answer = useEventsMapQuery(
    settled
      ? {
          t: tab.period,
          s: mapSort(tab.period),
          k: keywordParam(keyword),
          o: formatOrgIds(orgIds),
          uc: userCentre,
          ...boundsQuery(settled),
        }
      : skipToken,
  )
  const data = answer.data
  // map data missing: the list is emptied
  const events = answer.isError ? NO_EVENTS : (data?.events ?? NO_EVENTS)
  const stats = answer.isError ? null : (data?.stats ?? null)

  // the first tab with events is chosen once (as each answer comes in); a tab without events in view zooms
  // the map out to the world
  const [seen, setSeen] = useState(data)
  if (data !== seen) {
    setSeen(data)
    const step = data ? mapTabStep(tab, data.stats, MAP_DEFAULT_ZOOM) : null
    if (step && (step.period !== tab.period || step.autoChosen !== tab.autoChosen)) setTab({ period: step.period, autoChosen: step.autoChosen })
  }
  useEffect(() => {
    if (!data || !map) return
    const { zoomTo } = mapTabStep(tab, data.stats, map.getZoom())
    if (zoomTo !== null) map.setZoom(zoomTo)
  }, [data]) // eslint-disable-line react-hooks/exhaustive-deps -- each answer once, with the tab it was asked for

  const points = useMemo(
    (): ClusterPoint[] =>
      events.map((event) => ({
        id: event.id,
        lat: event.coordinates.lat,
        lng: event.coordinates.lng,
        label: event.locationAddress ? `Event at ${event.locationAddress}` : `Event ${event.id}`,
        imageSrc: imageUrl(event.image, 100, 'event'),
      })),
    [events],
  )
  useClusterLayer(map, points, { idAttribute: 'data-event-id', noun: 'events', activeIds: visible, onOpen: (id) => navigate(paths.event.getHref(id)) })

  // the user's choice stands from now on (an empty tab zooms out once its answer says so)
  const choose = (period: EventPeriod) => setTab({ period, autoChosen: true })

  return (
    <Box
      component="section"
      aria-label="Events map"
      sx={{ flex: '1 1 auto', display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: { md: 480 }, height: { md: 0 } }}
    >
      <Box
        ref={setPanel}
        sx={{ order: { xs: 2, md: 1 }, width: { md: 360 }, flex: 'none', overflowY: { md: 'auto' }, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}
      >
        <MapListPanel
          period={tab.period}
          stats={stats}
          events={events}
          loading={!settled || answer.isFetching}
          scrollBox={wide ? panel : null}
          onPeriod={choose}
          onVisible={setVisible}
        />
      </Box>
      <Box sx={{ order: { xs: 1, md: 2 }, flex: { md: '1 1 auto' }, height: { xs: '60dvh', md: 'auto' }, minHeight: 320, position: 'relative' }}>
        <div ref={mapRef} className="cypher-map" role="region" aria-label="Map" data-testid="events-map" />
      </Box>
    </Box>
  )
}
