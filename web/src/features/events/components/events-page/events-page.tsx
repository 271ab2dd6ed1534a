import Box from '@mui/material/Box'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link as RouterLink, Outlet, useLocation } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { Glyph } from '@/components/ui/glyph'
import { SearchField } from '@/components/ui/search-field'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useHideFooter } from '@/lib/footer-visibility'
import { useDebounced } from '@/lib/use-debounced'
import { BROWSE_TEXTS, browseFooterHidden, browseView, KEYWORD_DELAY_MS, type BrowseView } from '../../rules'
import { OrgFilterChip } from './org-filter-chip'
import { browseSearch, useBrowseFilters } from './use-browse-filters'

// the dialogs load when first opened: the page opens without MUI's modal stack
const OrgFilterDialog = lazy(() => import('./org-filter-dialog'))
const SearchDialog = lazy(() => import('./search-dialog'))

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

  const applySearch = () => {
    setKeyword(text)
    setSearchOpen(false)
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: view === 'map' ? { md: 'calc(100dvh - 64px)' } : undefined }}>
      <Box sx={{ width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 1.5, sm: 3 }, pt: { xs: 1.5, sm: 3 }, boxSizing: 'border-box' }}>
        <div className="events-bar">
          <h1 className="events-title">Events</h1>
          {/* small screens: a button opening the search dialog; wider ones: the box (CSS picks one) */}
          <button type="button" className="icon-btn only-small" style={{ position: 'relative' }} aria-label={BROWSE_TEXTS.search} onClick={() => setSearchOpen(true)}>
            <Glyph name="search" />
            {keyword ? <span className="badge-dot" aria-hidden="true" /> : null}
          </button>
          <Box role="search" className="not-small" sx={{ width: { sm: 240, md: 320 } }}>
            <SearchField label={BROWSE_TEXTS.search} value={text} onChange={setText} sx={{ width: '100%' }} />
          </Box>
          <button
            type="button"
            className="icon-btn"
            style={{ position: 'relative' }}
            title="Filter by organization"
            aria-label={`Filter by organization${orgIds.length ? ` (${orgIds.length} chosen)` : ''}`}
            onClick={() => setFilterOpen(true)}
          >
            <Glyph name="filter" />
            {orgIds.length ? (
              <span className="badge-dot" aria-hidden="true">
                {orgIds.length}
              </span>
            ) : null}
          </button>
          <RouterLink to={createHref} className="icon-btn" title="Create event" aria-label="Create event" style={{ color: '#b3141b', border: '2px solid #b3141b' }}>
            <Glyph name="add" />
          </RouterLink>
        </div>
        {orgIds.length ? (
          <ul aria-label="Organization filter" className="org-chips">
            {orgIds.map((id) => (
              <li key={id}>
                <OrgFilterChip id={id} onRemove={(gone) => setOrgIds(orgIds.filter((other) => other !== gone))} />
              </li>
            ))}
          </ul>
        ) : null}
        <nav aria-label="Events views" className="ptabs" style={{ marginTop: 8 }}>
          {VIEWS.map((item) => (
            <RouterLink key={item.key} to={`${item.href}${query}`} className="ptab" aria-current={item.key === view ? 'page' : undefined}>
              {item.label}
            </RouterLink>
          ))}
        </nav>
      </Box>
      <Outlet />
      <Suspense fallback={null}>
        {searchOpen ? <SearchDialog text={text} onText={setText} onApply={applySearch} onClose={() => setSearchOpen(false)} /> : null}
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
      </Suspense>
    </Box>
  )
}
