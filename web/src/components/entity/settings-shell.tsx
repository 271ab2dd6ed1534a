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
import { useEffect, useRef, type ReactNode } from 'react'
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router'
import { EntityFrame } from './entity-frame'
import { sectionHeading, sectionOf, type SettingsSectionItem } from './rules'

export interface SettingsShellProps<K extends string> {
  /** the h1: '<name> Settings' */
  title: string
  /** the back arrow to the entity's page, named 'Back to <name>' */
  back: { href: string; label: string }
  /** beside the title (a studio's Publish / Deactivate) */
  action?: ReactNode
  sections: readonly SettingsSectionItem<K>[]
  /** the settings' route, or a section's child route */
  href: (section?: K) => string
  /** the name of the list of sections ('Organization settings sections') */
  navLabel: string
  /** the id of the section's heading, which names the section */
  headingId: string
  /** the section whose heading carries a count ('Members (3)') */
  counted?: { section: K; count: number }
  /** the chosen section's content */
  children: (section: K) => ReactNode
}

type Shell<K extends string> = Omit<SettingsShellProps<K>, 'title' | 'back' | 'action'>

function SectionNav<K extends string>({ shell, current, narrow }: { shell: Shell<K>; current: K | null; narrow: boolean }) {
  return (
    <Paper elevation={0} sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
      <List component="nav" aria-label={shell.navLabel}>
        {shell.sections.map((section) => (
          <ListItemButton
            key={section.key}
            href={shell.href(section.key)}
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

function SectionPanel<K extends string>({ shell, narrow }: { shell: Shell<K>; narrow: boolean }) {
  const { section: raw } = useParams()
  const section = sectionOf(shell.sections, raw)
  const heading = useRef<HTMLHeadingElement>(null)
  const narrowNow = useRef(narrow)
  useEffect(() => {
    narrowNow.current = narrow
  }, [narrow])
  // on small screens the chosen section replaces the list: its title takes the focus (not on a rotation)
  useEffect(() => {
    if (narrowNow.current && section) heading.current?.focus()
  }, [section])
  if (!section) return <Navigate to={shell.href()} replace />
  const label = shell.sections.find((item) => item.key === section)?.label ?? ''
  const title = sectionHeading(label, shell.counted?.section === section ? shell.counted.count : undefined)

  const panel = (
    <Paper component="section" elevation={0} aria-labelledby={shell.headingId} sx={{ flexGrow: 1, minWidth: 0, width: '100%', p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
      {narrow ? (
        <Button href={shell.href()} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1, ml: -1 }}>
          All settings
        </Button>
      ) : null}
      <Typography id={shell.headingId} variant="h2" ref={heading} tabIndex={-1} data-testid={`${section}-heading`} sx={{ mb: 3, outline: 'none', fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
        {title}
      </Typography>
      {shell.children(section)}
    </Paper>
  )
  // the panel keeps its place in the tree whether the list shows beside it or not, so a section's draft
  // survives a rotation across the breakpoint (an 820 px tablet turned to 1180 px)
  return (
    <Stack direction="row" spacing={narrow ? 0 : 3} sx={{ alignItems: 'flex-start' }}>
      {narrow ? null : <SectionNav shell={shell} current={section} narrow={false} />}
      {panel}
    </Stack>
  )
}

/**
 * An entity's settings page under its route `.../settings/*`, a child route per section. Wide screens show the
 * sections beside the chosen one (the first by default); small screens show the list first, then one section at
 * a time with 'All settings' back to the list.
 */
export function SettingsShell<K extends string>({ title, back, action, ...shell }: SettingsShellProps<K>) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true })
  const first = shell.sections[0]?.key
  return (
    <EntityFrame>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <IconButton href={back.href} aria-label={back.label} sx={{ ml: -1 }}>
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Stack>
        {action}
      </Stack>
      <Routes>
        <Route index element={narrow ? <SectionNav shell={shell} current={null} narrow /> : <Navigate to={shell.href(first)} replace />} />
        <Route path=":section" element={<SectionPanel shell={shell} narrow={narrow} />} />
        <Route path="*" element={<Navigate to={shell.href()} replace />} />
      </Routes>
    </EntityFrame>
  )
}

/**
 * Where the settings of an entity that cannot be shown send the user: a missing one to the list of its kind, one
 * they may not edit to its page. True while the page must wait (for the entity, or for the move).
 */
export function useSettingsAccess({ failed, forbidden, listHref, pageHref }: { failed: boolean; forbidden: boolean; listHref: string; pageHref: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (failed) navigate(listHref, { replace: true })
    else if (forbidden) navigate(pageHref, { replace: true })
  }, [failed, forbidden, navigate, listHref, pageHref])
  return failed || forbidden
}
