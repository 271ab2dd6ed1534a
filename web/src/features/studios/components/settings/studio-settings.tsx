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
import { useEffect, useRef, useState } from 'react'
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { toastShown } from '@/lib/toast'
import { useDeactivateStudioMutation, useGetStudioQuery, usePublishStudioMutation } from '../../api/studios-api'
import { SETTINGS_SECTIONS, settingsSectionOf, statusAction, type SettingsSection } from '../../rules'
import type { Studio } from '../../types'
import { PeopleSection } from '../people'
import { GeneralSection, SocialsSection } from './studio-forms'

/** 'Publish Studio' for a draft, 'Deactivate Studio' otherwise, behind its confirmation. */
function StatusButton({ studio }: { studio: Studio }) {
  const dispatch = useAppDispatch()
  const [asking, setAsking] = useState(false)
  const [publish, { isLoading: publishing }] = usePublishStudioMutation()
  const [deactivate, { isLoading: deactivating }] = useDeactivateStudioMutation()
  const action = statusAction(studio.status, studio.name || 'this studio')

  const confirm = async () => {
    try {
      await (action.publish ? publish : deactivate)(studio.id).unwrap()
      dispatch(toastShown(action.toast))
    } catch {
      /* the error toast was shown by the base query */
    }
    setAsking(false)
  }

  return (
    <>
      <Button variant={action.publish ? 'contained' : 'outlined'} color={action.publish ? 'primary' : 'inherit'} onClick={() => setAsking(true)} sx={{ flexShrink: 0 }}>
        {action.button}
      </Button>
      <ConfirmDialog open={asking} title={action.title} text={action.text} confirmLabel={action.confirm} busy={publishing || deactivating} destructive={!action.publish} onConfirm={confirm} onClose={() => setAsking(false)} />
    </>
  )
}

function SectionNav({ studio, current, narrow }: { studio: Studio; current: SettingsSection | null; narrow: boolean }) {
  return (
    <Paper elevation={0} sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
      <List component="nav" aria-label="Studio settings sections">
        {SETTINGS_SECTIONS.map((section) => (
          <ListItemButton
            key={section.key}
            href={paths.studioSettings.getHref(studio.id, section.key)}
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

function SectionPanel({ studio, narrow }: { studio: Studio; narrow: boolean }) {
  const { section: raw } = useParams()
  const section = settingsSectionOf(raw)
  const heading = useRef<HTMLHeadingElement>(null)
  const narrowNow = useRef(narrow)
  useEffect(() => {
    narrowNow.current = narrow
  }, [narrow])
  // on small screens the chosen section replaces the list: its title takes the focus
  useEffect(() => {
    if (narrowNow.current && section) heading.current?.focus()
  }, [section])
  if (!section) return <Navigate to={paths.studioSettings.getHref(studio.id)} replace />
  const label = SETTINGS_SECTIONS.find((item) => item.key === section)?.label
  // the Students heading carries the count
  const title = section === 'students' ? `${label} (${studio.totalStudents})` : label

  return (
    <Stack direction="row" spacing={narrow ? 0 : 3} sx={{ alignItems: 'flex-start' }}>
      {narrow ? null : <SectionNav studio={studio} current={section} narrow={false} />}
      <Paper component="section" elevation={0} aria-labelledby="studio-settings-section" sx={{ flexGrow: 1, minWidth: 0, width: '100%', p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
        {narrow ? (
          <Button href={paths.studioSettings.getHref(studio.id)} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1, ml: -1 }}>
            All settings
          </Button>
        ) : null}
        <Typography id="studio-settings-section" variant="h2" ref={heading} tabIndex={-1} data-testid={`${section}-heading`} sx={{ mb: 3, outline: 'none', fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {title}
        </Typography>
        {section === 'general' ? <GeneralSection studio={studio} /> : null}
        {section === 'admins' ? <PeopleSection key="admins" studio={studio} people="admins" /> : null}
        {section === 'teachers' ? <PeopleSection key="teachers" studio={studio} people="teachers" /> : null}
        {section === 'students' ? <PeopleSection key="students" studio={studio} people="students" /> : null}
        {section === 'socials' ? <SocialsSection studio={studio} /> : null}
      </Paper>
    </Stack>
  )
}

/**
 * /studio/{id}/settings (docs/product/studios.md), a child route per section. Wide screens show the sections beside the
 * chosen one (general first); small screens the list first. A studio that fails to load sends the user to
 * Studios; one they may not edit, to its page.
 */
export function StudioSettingsPage({ id }: { id: number }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true })
  const navigate = useNavigate()
  const valid = Number.isInteger(id) && id > 0
  const { data: studio, isError } = useGetStudioQuery(id, { skip: !valid })
  useDocumentTitle(studio ? `${studio.name || 'Studio'} Settings` : 'Studio Settings')

  const failed = !valid || (isError && !studio)
  const forbidden = Boolean(studio && !studio.canEdit)
  useEffect(() => {
    if (failed) navigate(paths.studios.getHref(), { replace: true })
    else if (forbidden) navigate(paths.studio.getHref(id), { replace: true })
  }, [failed, forbidden, navigate, id])

  if (!studio || failed || forbidden) return <PageLoader label="Loading settings" />

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <IconButton href={paths.studio.getHref(studio.id)} aria-label={`Back to ${studio.name || 'the studio'}`} sx={{ ml: -1 }}>
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
            {studio.name || 'Untitled studio'} Settings
          </Typography>
        </Stack>
        <StatusButton studio={studio} />
      </Stack>
      <Routes>
        <Route index element={narrow ? <SectionNav studio={studio} current={null} narrow /> : <Navigate to={paths.studioSettings.getHref(studio.id, 'general')} replace />} />
        <Route path=":section" element={<SectionPanel studio={studio} narrow={narrow} />} />
        <Route path="*" element={<Navigate to={paths.studioSettings.getHref(studio.id)} replace />} />
      </Routes>
    </Box>
  )
}
