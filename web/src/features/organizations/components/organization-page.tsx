import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useState, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageLoader } from '@/components/ui/feedback'
import { isNotFound } from '@/lib/api/base'
import { ErrorState } from '@/components/ui/error-state'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useNotFound } from '@/lib/not-found'
import { useGetOrganizationQuery } from '../api/organizations-api'
import { ORG_TABS, ORG_TABS_ANCHOR, orgTabOf, type OrgTab } from '../rules'
import type { Media, Organization } from '../types'
import { AboutTab } from './about-tab'
import { EventsTab } from './events-tab'
import { Leaderboard, type LeaderboardView } from './leaderboard'
import { MediaTab, type OrgMediaScreens } from './media-tab'
import { OrgHeader } from './org-header'

/**
 * What the tabs' contents keep while the tabs turn into the expansion list and back (a phone turned across
 * 600 px remounts them): the leaderboard's choices, and the media dialogs, which live on the page.
 */
interface TabsState {
  board: LeaderboardView | null
  onBoard: (view: LeaderboardView) => void
  onAddMedia: () => void
  onDeleteClip: (clip: Media) => void
  /** the Events tab's content, given by the app from the events screens (a feature never imports another) */
  eventsTab?: (org: Organization) => ReactNode
  /** the Media tab's content, given by the app from the media screens */
  media?: OrgMediaScreens
}

function TabContent({ org, tab, state }: { org: Organization; tab: OrgTab; state: TabsState }) {
  if (tab === 'members') return <Leaderboard org={org} view={state.board ?? undefined} onView={state.onBoard} />
  if (tab === 'media') return state.media ? state.media.tab(org, { onAdd: state.onAddMedia, onDelete: state.onDeleteClip }) : <MediaTab org={org} />
  if (tab === 'about') return <AboutTab org={org} />
  return state.eventsTab ? state.eventsTab(org) : <EventsTab org={org} />
}

/** Tabs on wide screens, an expansion list on narrow ones; a choice pushes ?tab= and #org-tabs. */
function OrgTabs({ org, state }: { org: Organization; state: TabsState }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const tab = orgTabOf(params.get('tab'))
  const choose = (next: OrgTab) => navigate(paths.organization.getHref(org.id, next))

  if (narrow) {
    return (
      <Box id={ORG_TABS_ANCHOR} sx={{ mt: 3, scrollMarginTop: 72 }}>
        {ORG_TABS.map((item) => (
          <Accordion
            key={item.key}
            expanded={tab === item.key}
            onChange={(_event, expanded) => {
              if (expanded) choose(item.key)
            }}
            disableGutters
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:before': { display: 'none' }, border: '1px solid', borderColor: 'divider', '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`org-tab-${item.key}`} aria-controls={`org-panel-${item.key}`}>
              <Typography sx={{ fontWeight: 800 }}>{item.label}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`org-panel-${item.key}`}>{tab === item.key ? <TabContent org={org} tab={item.key} state={state} /> : null}</AccordionDetails>
          </Accordion>
        ))}
      </Box>
    )
  }
  return (
    <Box id={ORG_TABS_ANCHOR} sx={{ mt: 3, scrollMarginTop: 72 }}>
      <Tabs value={tab} onChange={(_event, next: OrgTab) => choose(next)} aria-label={`${org.name} sections`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {ORG_TABS.map((item) => (
          <Tab key={item.key} label={item.label} value={item.key} id={`org-tab-${item.key}`} aria-controls={`org-panel-${item.key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`org-panel-${tab}`} aria-labelledby={`org-tab-${tab}`} sx={{ py: 3 }}>
        <TabContent org={org} tab={tab} state={state} />
      </Box>
    </Box>
  )
}

/** /organization/{id} (docs/product/organizations.md). A missing organization (or a draft for others) is the 404 page. */
export function OrganizationPage({ id, eventsTab, media }: { id: number; eventsTab?: (org: Organization) => ReactNode; media?: OrgMediaScreens }) {
  const valid = Number.isInteger(id) && id > 0
  const { data: org, error, isFetching, refetch } = useGetOrganizationQuery(id, { skip: !valid })
  const [board, setBoard] = useState<LeaderboardView | null>(null)
  const [addingMedia, setAddingMedia] = useState(false)
  const [deletingClip, setDeletingClip] = useState<Media | null>(null)
  useDocumentTitle(org?.name || 'Organization')

  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  if (error && !org) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!org) return <PageLoader label="Loading organization" />

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      {org.status === 'draft' && org.canEdit ? (
        <Alert
          severity="info"
          sx={{ mb: 2, alignItems: 'center' }}
          action={
            <Button color="inherit" href={paths.createOrganization.getHref(org.id)} sx={{ fontWeight: 800 }}>
              Continue setup
            </Button>
          }
        >
          This organization is a draft: only its admins can see it until it is published.
        </Alert>
      ) : null}
      <OrgHeader org={org} />
      <OrgTabs org={org} state={{ board, onBoard: setBoard, onAddMedia: () => setAddingMedia(true), onDeleteClip: setDeletingClip, eventsTab, media }} />
      {org.canEdit && media
        ? media.dialogs(org, {
            adding: addingMedia,
            deleting: deletingClip,
            onCloseEditor: () => setAddingMedia(false),
            onCloseDelete: () => setDeletingClip(null),
          })
        : null}
    </Box>
  )
}
