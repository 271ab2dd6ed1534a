import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import { EntityFrame } from '@/components/entity/entity-frame'
import { EntityHeader } from '@/components/entity/entity-header'
import { EntityTabs } from '@/components/entity/entity-tabs'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { SocialLinks } from '@/components/ui/social-links'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useNotFound } from '@/lib/not-found'
import { useGetStudioQuery } from '../api/studios-api'
import { STUDIO_HEADER_IMAGE_SIZE, STUDIO_TABS, STUDIO_TABS_ANCHOR, type StudioTab } from '../rules'
import type { Studio } from '../types'
import { AboutTab } from './about-tab'
import { CompetitionsTab } from './competitions-tab'
import { MembersTab } from './members-tab'
import { StudioImage } from './studio-image'

/** Image (size 1000), name, the social icons (email as mailto), the three counts, Settings for editors. */
function StudioHeader({ studio }: { studio: Studio }) {
  return (
    <EntityHeader
      image={<StudioImage image={studio.image} size={STUDIO_HEADER_IMAGE_SIZE} eager data-testid="studio-image" sx={{ width: { xs: 148, sm: 200 }, height: { xs: 148, sm: 200 }, borderRadius: 3, flexShrink: 0, fontSize: 40 }} />}
      name={studio.name || 'Untitled studio'}
      subtitle={studio.locationAddress}
      settingsHref={studio.canEdit ? paths.studioSettings.getHref(studio.id) : undefined}
      links={
        <Box sx={{ mt: 1.5, display: 'flex', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
          <SocialLinks socials={studio.socials} color="primary" />
        </Box>
      }
      stats={[
        { key: 'totalStudents', label: 'Students', value: studio.totalStudents ?? 0 },
        { key: 'battlesEntered', label: 'Battles Entered', value: studio.battlesEntered ?? 0 },
        { key: 'totalWins', label: 'Total Wins', value: studio.totalWins ?? 0 },
      ]}
    />
  )
}

function TabContent({ studio, tab }: { studio: Studio; tab: StudioTab }) {
  if (tab === 'teachers') return <MembersTab key="teachers" studio={studio} people="teachers" />
  if (tab === 'competitions') return <CompetitionsTab studio={studio} />
  if (tab === 'about') return <AboutTab studio={studio} />
  return <MembersTab key="students" studio={studio} people="students" />
}

/** /studio/{id} (docs/product/studios.md). A missing studio (or a draft for others) is the 404 page. */
export function StudioPage({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const { data: studio, error, isFetching, refetch } = useGetStudioQuery(id, { skip: !valid })
  useDocumentTitle(studio?.name || 'Studio')

  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  if (error && !studio) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!studio) return <PageLoader label="Loading studio" />

  return (
    <EntityFrame>
      {studio.status === 'draft' && studio.canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This studio is a draft: only its admins can see it until it is published (Settings, Publish Studio).
        </Alert>
      ) : null}
      <StudioHeader studio={studio} />
      <EntityTabs tabs={STUDIO_TABS} anchor={STUDIO_TABS_ANCHOR} idPrefix="studio" href={(tab) => paths.studio.getHref(studio.id, tab)} label={`${studio.name || 'Studio'} sections`} scrollable>
        {(tab) => <TabContent studio={studio} tab={tab} />}
      </EntityTabs>
    </EntityFrame>
  )
}
