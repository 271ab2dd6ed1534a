import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useState, type ReactNode } from 'react'
import { EntityFrame } from '@/components/entity/entity-frame'
import { EntityTabs } from '@/components/entity/entity-tabs'
import { PageLoader } from '@/components/ui/feedback'
import { isNotFound } from '@/lib/api/base'
import { ErrorState } from '@/components/ui/error-state'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useNotFound } from '@/lib/not-found'
import { useGetOrganizationQuery } from '../api/organizations-api'
import { ORG_TABS, ORG_TABS_ANCHOR, type OrgTab } from '../rules'
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
  const tabs: TabsState = { board, onBoard: setBoard, onAddMedia: () => setAddingMedia(true), onDeleteClip: setDeletingClip, eventsTab, media }

  return (
    <EntityFrame>
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
      <EntityTabs tabs={ORG_TABS} anchor={ORG_TABS_ANCHOR} idPrefix="org" href={(tab) => paths.organization.getHref(org.id, tab)} label={`${org.name} sections`}>
        {(tab) => <TabContent org={org} tab={tab} state={tabs} />}
      </EntityTabs>
      {org.canEdit && media
        ? media.dialogs(org, {
            adding: addingMedia,
            deleting: deletingClip,
            onCloseEditor: () => setAddingMedia(false),
            onCloseDelete: () => setDeletingClip(null),
          })
        : null}
    </EntityFrame>
  )
}
