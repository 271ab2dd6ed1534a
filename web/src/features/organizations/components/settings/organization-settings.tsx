import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import { useEffect, useRef } from 'react'
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router'
import { PageLoader } from '@/components/ui/feedback'
import { isNotFound } from '@/lib/api/base'
import { ErrorState } from '@/components/ui/error-state'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useGetOrganizationQuery } from '../../api/organizations-api'
import { SETTINGS_SECTIONS, settingsSectionOf, type SettingsSection } from '../../rules'
import type { Organization } from '../../types'
import { DocumentSection } from './document-section'
import { GeneralSection } from './general-section'
import { MembersSection } from './members-section'
import { RolesSection } from './roles-section'
import { SocialsSection } from './socials-section'

function SectionNav({ org, current, narrow }: { org: Organization; current: SettingsSection | null; narrow: boolean }) {
  return (
    <Paper elevation={0} sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
      <List component="nav" aria-label="Organization settings sections">
        {SETTINGS_SECTIONS.map((section) => (
          <ListItemButton
            key={section.key}
            href={paths.organizationSettings.getHref(org.id, section.key)}
            selected={!narrow && section.key === current}
            aria-current={!narrow && section.key === current ? 'page' : undefined}
            sx={{ minHeight: 48 }}
          >
            <ListItemText primary={section.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            {narrow ? <ChevronRightIcon aria-hidden="true" /> : null}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  )
}

function SectionPanel({ org, narrow }: { org: Organization; narrow: boolean }) {
  const { section: raw } = useParams()
  const section = settingsSectionOf(raw)
  const heading = useRef<HTMLHeadingElement>(null)
  const narrowNow = useRef(narrow)
  useEffect(() => {
    narrowNow.current = narrow
  }, [narrow])
  // on small screens the chosen section replaces the list: its title takes the focus (not on a rotation)
  useEffect(() => {
    if (narrowNow.current && section) heading.current?.focus()
  }, [section])
  if (!section) return <Navigate to={paths.organizationSettings.getHref(org.id)} replace />
  const label = SETTINGS_SECTIONS.find((item) => item.key === section)?.label
  // the members section's heading carries the count: 'Members (count)'
  const title = section === 'members' ? `${label} (${org.totalMembers})` : label

  const panel = (
    <Paper component="section" elevation={0} aria-labelledby="org-settings-section" sx={{ flexGrow: 1, minWidth: 0, width: '100%', p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
      {narrow ? (
        <Button href={paths.organizationSettings.getHref(org.id)} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1, ml: -1 }}>
          All settings
        </Button>
      ) : null}
      <Typography
        id="org-settings-section"
        variant="h2"
        ref={heading}
        tabIndex={-1}
        data-testid={section === 'members' ? 'members-heading' : undefined}
        sx={{ mb: 3, outline: 'none', fontSize: { xs: '1.5rem', sm: '1.75rem' } }}
      >
        {title}
      </Typography>
      {/* each section keeps its own draft of the loaded organization */}
      {section === 'general' ? <GeneralSection org={org} /> : null}
      {section === 'admins' ? <RolesSection org={org} role="admin" /> : null}
      {section === 'promoters' ? <RolesSection org={org} role="promoter" /> : null}
      {section === 'members' ? <MembersSection org={org} /> : null}
      {section === 'socials' ? <SocialsSection org={org} /> : null}
      {section === 'agreement' ? <DocumentSection key="agreement" org={org} kind="agreement" /> : null}
      {section === 'waiver' ? <DocumentSection key="waiver" org={org} kind="waiver" /> : null}
    </Paper>
  )
  // the panel keeps its place in the tree whether the list shows beside it or not, so a section's draft
  // survives a rotation across the breakpoint (an 820 px tablet turned to 1180 px)
  return (
    <Stack direction="row" spacing={narrow ? 0 : 3} sx={{ alignItems: 'flex-start' }}>
      {narrow ? null : <SectionNav org={org} current={section} narrow={false} />}
      {panel}
    </Stack>
  )
}

/**
 * /organization/{id}/settings (docs/product/organizations.md), with a child route per section. Wide screens show the sections
 * beside the chosen one (general first); small screens show the list first, then one section at a time. An
 * organization that cannot be loaded sends the user to Organizations; one they may not edit, to its page.
 */
export function OrganizationSettingsPage({ id }: { id: number }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true })
  const navigate = useNavigate()
  const valid = Number.isInteger(id) && id > 0
  const { data: org, error, isFetching, refetch } = useGetOrganizationQuery(id, { skip: !valid })
  useDocumentTitle(org ? `${org.name} Settings` : 'Organization Settings')

  // a missing organization sends the user to Organizations; a failed read says so and offers a Retry
  const failed = !valid || isNotFound(error)
  const forbidden = Boolean(org && !org.canEdit)
  useEffect(() => {
    if (failed) navigate(paths.organizations.getHref(), { replace: true })
    else if (forbidden) navigate(paths.organization.getHref(id), { replace: true })
  }, [failed, forbidden, navigate, id])

  if (error && !org && !failed) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!org || failed || forbidden) return <PageLoader label="Loading settings" />

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton href={paths.organization.getHref(org.id)} aria-label={`Back to ${org.name}`} sx={{ ml: -1 }}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
          {org.name} Settings
        </Typography>
      </Stack>
      <Routes>
        <Route index element={narrow ? <SectionNav org={org} current={null} narrow /> : <Navigate to={paths.organizationSettings.getHref(org.id, 'general')} replace />} />
        <Route path=":section" element={<SectionPanel org={org} narrow={narrow} />} />
        <Route path="*" element={<Navigate to={paths.organizationSettings.getHref(org.id)} replace />} />
      </Routes>
    </Box>
  )
}
