import '@/components/map/map.css'
import 'leaflet/dist/leaflet.css'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import StoreIcon from '@mui/icons-material/Store'
import { skipToken } from '@reduxjs/toolkit/query'
import { useMemo, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { boundsQuery, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM, sameIds } from '@/components/map/rules'
import { useClusterLayer, type ClusterPoint } from '@/components/map/use-cluster-layer'
import { useLeafletMap } from '@/components/map/use-leaflet-map'
import { readSavedCentre, useMapView } from '@/components/map/use-map-view'
import { useUserCentre } from '@/components/map/use-user-centre'
import { MAP_ITEM_ATTRIBUTE, useVisibleItems } from '@/components/map/use-visible-items'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import { useDebounced } from '@/lib/use-debounced'
import { useStudiosMapQuery } from '../api/studios-api'
import { onMap, STUDIO_CHIP_IMAGE_SIZE, STUDIO_MAP_DEBOUNCE_MS, STUDIO_TEXTS, STUDIO_VIEWPORT_THROTTLE_MS } from '../rules'
import type { StudioItem } from '../types'
import { StudioImage } from './studio-image'

const NO_STUDIOS: StudioItem[] = []

interface PanelProps {
  studios: StudioItem[]
  loading: boolean
  failed: boolean
  retrying: boolean
  onRetry: () => void
  scrollBox: HTMLElement | null
  hovered: number | null
  onHover: (id: number | null) => void
  onVisible: (ids: Set<number>) => void
}

/** The side panel: loading, the failure with Retry, 'No studios in this area', or the studios of the view. */
function StudiosPanel({ studios, loading, failed, retrying, onRetry, scrollBox, hovered, onHover, onVisible }: PanelProps) {
  const [list, setList] = useState<HTMLElement | null>(null)
  useVisibleItems(scrollBox, list, studios, onVisible, STUDIO_VIEWPORT_THROTTLE_MS)
  if (failed) {
    return (
      <Alert severity="error" sx={{ m: 1.5 }} action={<Button color="inherit" onClick={onRetry} disabled={retrying}>Retry</Button>}>
        {STUDIO_TEXTS.mapError}
      </Alert>
    )
  }
  if (loading && !studios.length) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{STUDIO_TEXTS.mapLoading}</Typography>
      </Box>
    )
  }
  if (!studios.length) {
    return (
      <Box sx={{ textAlign: 'center', py: 4, px: 2, color: 'text.secondary' }}>
        <StoreIcon aria-hidden="true" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>{STUDIO_TEXTS.noneInArea}</Typography>
      </Box>
    )
  }
  return (
    <Box component="ul" ref={setList} aria-label="Studios in this area" aria-busy={loading} sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}>
      {studios.map((studio) => (
        <li key={studio.id} {...{ [MAP_ITEM_ATTRIBUTE]: studio.id }}>
          <Box
            component={RouterLink}
            to={paths.studio.getHref(studio.id)}
            onMouseEnter={() => onHover(studio.id)}
            onMouseLeave={() => onHover(null)}
            onFocus={() => onHover(studio.id)}
            onBlur={() => onHover(null)}
            data-hovered={hovered === studio.id || undefined}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              p: 1,
              borderRadius: 2,
              color: 'inherit',
              textDecoration: 'none',
              border: '1px solid',
              borderColor: hovered === studio.id ? 'primary.main' : 'divider',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            <StudioImage image={studio.image} size={STUDIO_CHIP_IMAGE_SIZE} sx={{ width: 64, height: 64, flex: 'none', borderRadius: 1.5 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{studio.name || 'Untitled studio'}</Typography>
              {studio.locationAddress ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {studio.locationAddress}
                </Typography>
              ) : null}
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  )
}

/**
 * The studios map (docs/product/studios.md): the side panel and the map with clustered markers. It starts at
 * the centre saved in this tab's session, else at the browser's location, else New York (zoom 5); every move
 * is saved and, 1 s after the last move or keyword, asks GET /api/studios-map for the view (never without
 * bounds). Hovering a studio highlights its marker and the cluster holding it.
 */
export default function StudiosMap({ keyword }: { keyword: string }) {
  const navigate = useNavigate()
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true })
  const [saved] = useState(readSavedCentre)
  const [panel, setPanel] = useState<HTMLDivElement | null>(null)
  const [mapRef, map] = useLeafletMap(saved ?? MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM)
  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set())
  const [hovered, setHovered] = useState<number | null>(null)

  // where the user is, unless this session already has a centre; a refusal or failure is only reported
  const userCentre = useUserCentre(map, Boolean(saved))

  const view = useMapView(map)
  // the view and the keyword settle together: one call 1 s after the last change of either
  const settled = useDebounced(useMemo(() => (view ? { bounds: view, keyword } : null), [view, keyword]), STUDIO_MAP_DEBOUNCE_MS)
  const answer = useStudiosMapQuery(settled ? { keyword: settled.keyword, uc: userCentre, ...boundsQuery(settled.bounds) } : skipToken)
  const studios = answer.isError ? NO_STUDIOS : (answer.data ?? NO_STUDIOS)

  const points = useMemo(
    (): ClusterPoint[] =>
      studios.filter(onMap).map((studio) => ({
        id: studio.id,
        lat: studio.locationLat,
        lng: studio.locationLng,
        label: studio.name || `Studio ${studio.id}`,
        imageSrc: imageUrl(studio.image, STUDIO_CHIP_IMAGE_SIZE, 'studio'),
      })),
    [studios],
  )
  useClusterLayer(map, points, { idAttribute: 'data-studio-id', noun: 'studios', activeIds: visible, highlightId: hovered, onOpen: (id) => navigate(paths.studio.getHref(id)) })

  return (
    <Box component="section" aria-label="Studios map" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: { md: 480 }, height: { md: 0 }, borderTop: 1, borderColor: 'divider' }}>
      <Box ref={setPanel} sx={{ order: { xs: 2, md: 1 }, width: { md: 360 }, flex: 'none', overflowY: { md: 'auto' }, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
        <StudiosPanel
          studios={studios}
          loading={!settled || answer.isFetching}
          failed={answer.isError}
          retrying={answer.isFetching}
          onRetry={() => void answer.refetch()}
          scrollBox={wide ? panel : null}
          hovered={hovered}
          onHover={setHovered}
          onVisible={(ids) => setVisible((current) => (sameIds(current, ids) ? current : ids))}
        />
      </Box>
      <Box sx={{ order: { xs: 1, md: 2 }, flex: { md: '1 1 auto' }, height: { xs: '60dvh', md: 'auto' }, minHeight: 320, position: 'relative' }}>
        <div ref={mapRef} className="cypher-map" role="region" aria-label="Map" data-testid="studios-map" />
      </Box>
    </Box>
  )
}
