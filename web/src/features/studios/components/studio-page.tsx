import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import SettingsIcon from '@mui/icons-material/Settings'
import { useNavigate, useSearchParams } from 'react-router'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { SocialLinks } from '@/components/ui/social-links'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useNotFound } from '@/lib/not-found'
import { useGetStudioQuery } from '../api/studios-api'
import { STUDIO_HEADER_IMAGE_SIZE, STUDIO_TABS, STUDIO_TABS_ANCHOR, studioTabOf, type StudioTab } from '../rules'
import type { Studio } from '../types'
import { AboutTab } from './about-tab'
import { CompetitionsTab } from './competitions-tab'
import { MembersTab } from './members-tab'
import { StudioImage } from './studio-image'

const STATS = [
  { key: 'totalStudents', label: 'Students' },
  { key: 'battlesEntered', label: 'Battles Entered' },
  { key: 'totalWins', label: 'Total Wins' },
] as const

/** Image (size 1000), name, the social icons (email as mailto), the three counts, Settings for editors. */
function StudioHeader({ studio }: { studio: Studio }) {
  return (
    <Paper elevation={0} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <StudioImage image={studio.image} size={STUDIO_HEADER_IMAGE_SIZE} eager data-testid="studio-image" sx={{ width: { xs: 148, sm: 200 }, height: { xs: 148, sm: 200 }, borderRadius: 3, flexShrink: 0, fontSize: 40 }} />
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%', textAlign: { xs: 'center', sm: 'left' } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' }, justifyContent: 'space-between', gap: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
                {studio.name || 'Untitled studio'}
              </Typography>
              {studio.locationAddress ? <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{studio.locationAddress}</Typography> : null}
            </Box>
            {studio.canEdit ? (
              <Button href={paths.studioSettings.getHref(studio.id)} variant="outlined" startIcon={<SettingsIcon />} sx={{ flexShrink: 0 }}>
                Settings
              </Button>
            ) : null}
          </Stack>
          <Box sx={{ mt: 1.5, display: 'flex', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
            <SocialLinks socials={studio.socials} color="primary" />
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 }, mt: 2, mb: 0, maxWidth: 560, mx: { xs: 'auto', sm: 0 } }}>
            {STATS.map((stat) => (
              <Box key={stat.key} sx={{ textAlign: 'center', py: 1.5, px: 1, borderRadius: 2, bgcolor: 'background.default', display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {stat.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: { xs: 22, sm: 28 }, fontWeight: 900 }} data-testid={`stat-${stat.key}`}>
                  {studio[stat.key] ?? 0}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Stack>
    </Paper>
  )
}

function TabContent({ studio, tab }: { studio: Studio; tab: StudioTab }) {
  if (tab === 'teachers') return <MembersTab key="teachers" studio={studio} people="teachers" />
  if (tab === 'competitions') return <CompetitionsTab studio={studio} />
  if (tab === 'about') return <AboutTab studio={studio} />
  return <MembersTab key="students" studio={studio} people="students" />
}

/** Tabs on wide screens, an expansion list on small ones; a choice pushes ?tab= and #studio-tabs. */
function StudioTabs({ studio }: { studio: Studio }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const tab = studioTabOf(params.get('tab'))
  const choose = (next: StudioTab) => navigate(paths.studio.getHref(studio.id, next))

  if (narrow) {
    return (
      <Box id={STUDIO_TABS_ANCHOR} sx={{ mt: 3, scrollMarginTop: 72 }}>
        {STUDIO_TABS.map((item) => (
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
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`studio-tab-${item.id}`} aria-controls={`studio-panel-${item.id}`}>
              <Typography sx={{ fontWeight: 800 }}>{item.label}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`studio-panel-${item.id}`}>{tab === item.key ? <TabContent studio={studio} tab={item.key} /> : null}</AccordionDetails>
          </Accordion>
        ))}
      </Box>
    )
  }
  const current = STUDIO_TABS.find((item) => item.key === tab) ?? STUDIO_TABS[0]
  return (
    <Box id={STUDIO_TABS_ANCHOR} sx={{ mt: 3, scrollMarginTop: 72 }}>
      <Tabs value={tab} onChange={(_event, next: StudioTab) => choose(next)} aria-label={`${studio.name || 'Studio'} sections`} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {STUDIO_TABS.map((item) => (
          <Tab key={item.key} label={item.label} value={item.key} id={`studio-tab-${item.id}`} aria-controls={`studio-panel-${item.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`studio-panel-${current.id}`} aria-labelledby={`studio-tab-${current.id}`} sx={{ py: 3 }}>
        <TabContent studio={studio} tab={tab} />
      </Box>
    </Box>
  )
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
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      {studio.status === 'draft' && studio.canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This studio is a draft: only its admins can see it until it is published (Settings, Publish Studio).
        </Alert>
      ) : null}
      <StudioHeader studio={studio} />
      <StudioTabs studio={studio} />
    </Box>
  )
}
