import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import { useTheme } from '@mui/material/styles'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import AddIcon from '@mui/icons-material/Add'
import FilterListIcon from '@mui/icons-material/FilterList'
import SearchIcon from '@mui/icons-material/Search'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, Outlet, useLocation } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ModalDialog } from '@/components/ui/dialogs'
import { SearchField } from '@/components/ui/search-field'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useHideFooter } from '@/lib/footer-visibility'
import { useDebounced } from '@/lib/use-debounced'
import { BROWSE_TEXTS, browseFooterHidden, browseView, KEYWORD_DELAY_MS, type BrowseView } from '../../rules'
import { OrgFilterChip, OrgFilterDialog } from './org-filter-dialog'
import { browseSearch, useBrowseFilters } from './use-browse-filters'

const VIEWS: { key: BrowseView; label: string; href: string }[] = [
  { key: 'grid', label: 'Grid', href: paths.events.getHref() },
  { key: 'map', label: 'Map', href: paths.eventsMap.getHref() },
  { key: 'calendar', label: 'Calendar', href: paths.eventsCalendar.getHref() },
]

function useWindowWidth() {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth))
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize, { passive: true })
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

/**
 * The search box: what is typed reaches the URL's k (and so every view) 1,200 ms after the last key. The
 * URL changing by itself (a link, Back) shows its keyword in the box.
 */
function useKeywordInput(keyword: string, setKeyword: (value: string) => void) {
  const [text, setText] = useState(keyword)
  const typed = useRef(false)
  const debounced = useDebounced(text, KEYWORD_DELAY_MS)
  useEffect(() => {
    if (typed.current && debounced.trim() !== keyword) setKeyword(debounced)
    typed.current = false
  }, [debounced]) // eslint-disable-line react-hooks/exhaustive-deps -- only a settled keystroke writes the URL
  const [seen, setSeen] = useState(keyword)
  if (seen !== keyword) {
    setSeen(keyword)
    if (keyword !== text.trim()) setText(keyword)
  }
  const change = (value: string) => {
    typed.current = true
    setText(value)
  }
  return [text, change] as const
}

/**
 * /events: Grid, Map and Calendar as tabs over their child routes, with what they share: the search, the
 * organization filter and the create-event button. The footer is hidden on the map and on a narrow calendar.
 */
export function EventsPage() {
  useDocumentTitle('Events')
  const theme = useTheme()
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const { pathname } = useLocation()
  const view = browseView(pathname)
  const width = useWindowWidth()
  useHideFooter(browseFooterHidden(view, width))

  const { keyword, orgIds, setKeyword, setOrgIds } = useBrowseFilters()
  const [text, setText] = useKeywordInput(keyword, setKeyword)
  const [searchOpen, setSearchOpen] = useState(false)
  const [filterOpen, setFilterOpen] = useState(false)
  const signedIn = useAppSelector(selectIsSignedIn)
  const createHref = signedIn ? paths.createEvent.getHref() : paths.signup.getHref({ redirect: paths.createEvent.getHref() })
  const query = browseSearch(keyword, orgIds)

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: view === 'map' ? 'calc(100dvh - 64px)' : undefined }}>
      <Box sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 1.5, sm: 3 }, pt: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 36 }, mr: 'auto' }}>
            Events
          </Typography>
          {small ? (
            <IconButton aria-label={BROWSE_TEXTS.search} onClick={() => setSearchOpen(true)}>
              <Badge color="primary" variant="dot" invisible={!keyword}>
                <SearchIcon />
              </Badge>
            </IconButton>
          ) : (
            <SearchField label={BROWSE_TEXTS.search} value={text} onChange={setText} sx={{ width: { sm: 240, md: 320 } }} />
          )}
          <Tooltip title="Filter by organization">
            <IconButton aria-label={`Filter by organization${orgIds.length ? ` (${orgIds.length} chosen)` : ''}`} onClick={() => setFilterOpen(true)}>
              <Badge color="primary" badgeContent={orgIds.length}>
                <FilterListIcon />
              </Badge>
            </IconButton>
          </Tooltip>
          <Tooltip title="Create event">
            <IconButton component={RouterLink} to={createHref} aria-label="Create event" color="primary" sx={{ border: '2px solid', borderColor: 'primary.main' }}>
              <AddIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {orgIds.length ? (
          <Stack direction="row" role="list" aria-label="Organization filter" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {orgIds.map((id) => (
              <Box role="listitem" key={id}>
                <OrgFilterChip id={id} onRemove={(gone) => setOrgIds(orgIds.filter((other) => other !== gone))} />
              </Box>
            ))}
          </Stack>
        ) : null}
        <Tabs value={view} aria-label="Events views" sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}>
          {VIEWS.map((item) => (
            <Tab key={item.key} value={item.key} label={item.label} component={RouterLink} to={`${item.href}${query}`} />
          ))}
        </Tabs>
      </Box>
      <Outlet />
      {searchOpen ? (
        <ModalDialog
          open
          title={BROWSE_TEXTS.search}
          onClose={() => setSearchOpen(false)}
          actions={
            <Button variant="contained" onClick={() => {
              setKeyword(text)
              setSearchOpen(false)
            }}>
              Show events
            </Button>
          }
        >
          <Box
            component="form"
            onSubmit={(submit) => {
              submit.preventDefault()
              setKeyword(text)
              setSearchOpen(false)
            }}
            sx={{ pt: 1 }}
          >
            <SearchField label={BROWSE_TEXTS.search} value={text} onChange={setText} sx={{ width: '100%' }} autoFocus />
          </Box>
        </ModalDialog>
      ) : null}
      {filterOpen ? (
        <OrgFilterDialog
          open
          selected={orgIds}
          onClose={() => setFilterOpen(false)}
          onApply={(ids) => {
            setOrgIds(ids)
            setFilterOpen(false)
          }}
        />
      ) : null}
    </Box>
  )
}
