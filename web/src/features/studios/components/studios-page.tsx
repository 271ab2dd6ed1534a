import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import GridViewIcon from '@mui/icons-material/GridView'
import MapIcon from '@mui/icons-material/Map'
import { lazy, Suspense, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useHideFooter } from '@/lib/footer-visibility'
import { useDebounced } from '@/lib/use-debounced'
import { useCreateStudioMutation, useListStudiosInfiniteQuery } from '../api/studios-api'
import { STUDIO_SEARCH_DEBOUNCE_MS, STUDIO_TEXTS, type StudiosView } from '../rules'
import type { StudioList } from '../types'
import { StudioSection } from './studio-chips'

// Leaflet and the country outlines load with the map view only
const StudiosMap = lazy(() => import('./studios-map'))

const items = (pages: (StudioList | null)[] | undefined) => (pages ?? []).flatMap((page) => page?.items ?? [])

function StudiosGrid({ keyword, meId }: { keyword: string; meId?: number }) {
  const mine = useListStudiosInfiniteQuery({ userId: meId }, { skip: !meId })
  const all = useListStudiosInfiniteQuery({ keyword })
  const myItems = items(mine.data?.pages)
  const allItems = items(all.data?.pages)
  const searching = all.isFetching && !all.isFetchingNextPage
  const loading = all.isLoading || (searching && !allItems.length)

  if (!loading && !all.isError && !allItems.length && !myItems.length) {
    return <EmptyState title={STUDIO_TEXTS.noStudios} text={keyword ? `No studio's name contains "${keyword}".` : 'Be the first: create the studio you train at.'} />
  }
  return (
    <>
      {myItems.length ? <StudioSection title={STUDIO_TEXTS.myStudios} items={myItems} footer={<ShowMore list={mine} spacing={3} />} /> : null}
      <StudioSection
        title={STUDIO_TEXTS.allStudios}
        items={allItems}
        placeholder={
          loading ? (
            <PageLoader label="Loading studios" />
          ) : all.isError ? (
            <ErrorState onRetry={() => void all.refetch()} retrying={all.isFetching} />
          ) : (
            <EmptyState title={STUDIO_TEXTS.noStudios} text={keyword ? `No studio's name contains "${keyword}".` : undefined} />
          )
        }
        footer={<ShowMore list={all} spacing={3} />}
      />
    </>
  )
}

/**
 * /studios (docs/product/studios.md): 'Studios', the plus button (a guest goes to Signup and comes back), the search
 * (500 ms), and the Grid / Map toggle (the query `view`; the footer is hidden on the map).
 */
export function StudiosPage() {
  useDocumentTitle(STUDIO_TEXTS.title)
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const view: StudiosView = params.get('view') === 'map' ? 'map' : 'grid'
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const [create, { isLoading: creating }] = useCreateStudioMutation()
  const [keyword, setKeyword] = useState('')
  const debounced = useDebounced(keyword.trim(), STUDIO_SEARCH_DEBOUNCE_MS)
  useHideFooter(view === 'map')

  const createStudio = async () => {
    if (!signedIn) {
      navigate(paths.signup.getHref({ redirect: paths.studios.getHref() }))
      return
    }
    try {
      const { id } = await create().unwrap()
      navigate(paths.createStudio.getHref(id))
    } catch {
      /* the failure was shown as a toast */
    }
  }

  const choose = (next: StudiosView) => {
    const query = new URLSearchParams(params)
    if (next === 'map') query.set('view', 'map')
    else query.delete('view')
    setParams(query)
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: view === 'map' ? { md: 'calc(100dvh - 64px)' } : undefined }}>
      <Box sx={{ width: '100%', maxWidth: view === 'map' ? undefined : 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, pt: { xs: 3, sm: 4 }, pb: view === 'map' ? 2 : 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.25rem' } }}>
            {STUDIO_TEXTS.title}
          </Typography>
          <Tooltip title="Create a studio">
            <span>
              <IconButton aria-label="Create a studio" onClick={createStudio} disabled={creating} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' }, width: 44, height: 44 }}>
                <AddIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', mb: view === 'map' ? 0 : 3 }}>
          <SearchField
            label={STUDIO_TEXTS.search}
            value={keyword}
            onChange={setKeyword}
            endAdornment={keyword.trim() !== debounced ? <CircularProgress size={18} aria-label="Searching" /> : undefined}
            sx={{ maxWidth: { sm: 420 }, flexGrow: 1 }}
          />
          <ToggleButtonGroup value={view} exclusive size="small" aria-label="Studios view" onChange={(_event, next: StudiosView | null) => next && choose(next)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            <ToggleButton value="grid" aria-label="Grid" sx={{ minHeight: 44, px: 2, gap: 1 }}>
              <GridViewIcon aria-hidden="true" /> Grid
            </ToggleButton>
            <ToggleButton value="map" aria-label="Map" sx={{ minHeight: 44, px: 2, gap: 1 }}>
              <MapIcon aria-hidden="true" /> Map
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Box>
      {view === 'map' ? (
        <Suspense fallback={<PageLoader label="Loading the map" />}>
          <StudiosMap keyword={keyword.trim()} />
        </Suspense>
      ) : (
        <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, pb: { xs: 3, sm: 5 } }}>
          <StudiosGrid keyword={debounced} meId={me?.id} />
        </Box>
      )}
    </Box>
  )
}
