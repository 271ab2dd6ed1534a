import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import GridViewIcon from '@mui/icons-material/GridView'
import ViewListIcon from '@mui/icons-material/ViewList'
import { useId, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import type { ListView } from '../rules'
import type { OrganizationListItem } from '../types'
import { OrgImage } from './org-image'

const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

function OrganizationGrid({ items }: { items: OrganizationListItem[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
      }}
    >
      {items.map((org) => (
        <li key={org.id}>
          <Card elevation={0} sx={{ height: '100%', border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
            <CardActionArea href={paths.organization.getHref(org.id)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
              <Box sx={{ position: 'relative' }}>
                <OrgImage image={org.image} name={org.name} width={220} sx={{ aspectRatio: '4 / 3', width: '100%' }} />
                {org.status === 'draft' ? (
                  <Chip label="Draft" size="small" sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', fontWeight: 700 }} />
                ) : null}
              </Box>
              <Box sx={{ p: 1.5, flexGrow: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
                  {org.name || 'Untitled organization'}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {membersText(org.membersCount)}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  )
}

function OrganizationTable({ items, caption }: { items: OrganizationListItem[]; caption: string }) {
  return (
    <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden', bgcolor: 'background.paper' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 800 }}>Organization name</TableCell>
            <TableCell align="right" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
              # of Members
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((org) => (
            <TableRow key={org.id} hover>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 0.5 }}>
                  <OrgImage image={org.image} name={org.name} width={40} sx={{ width: 40, height: 40, borderRadius: 1.5, flexShrink: 0 }} />
                  <Link href={paths.organization.getHref(org.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {org.name || 'Untitled organization'}
                  </Link>
                  {org.status === 'draft' ? <Chip label="Draft" size="small" /> : null}
                </Stack>
              </TableCell>
              <TableCell align="right">{org.membersCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

interface OrganizationSectionProps {
  title: string
  items: OrganizationListItem[]
  view: ListView
  onView: (view: ListView) => void
  /** above the list, under the heading (the search box) */
  tools?: ReactNode
  /** instead of the list when there is nothing (loading, empty) */
  placeholder?: ReactNode
  /** after the list (the infinite-scroll sentinel) */
  footer?: ReactNode
}

/** A section of the organizations list: a heading, a grid/list switch, and the organizations as chips or rows. */
export function OrganizationSection({ title, items, view, onView, tools, placeholder, footer }: OrganizationSectionProps) {
  const headingId = useId()
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
          {title}
        </Typography>
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          aria-label={`${title}: view`}
          onChange={(_event, next: ListView | null) => {
            if (next) onView(next)
          }}
        >
          <ToggleButton value="grid" aria-label="Grid view" title="Grid view" sx={{ minWidth: 44, minHeight: 40 }}>
            <GridViewIcon />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view" title="List view" sx={{ minWidth: 44, minHeight: 40 }}>
            <ViewListIcon />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {tools}
      {items.length ? (view === 'grid' ? <OrganizationGrid items={items} /> : <OrganizationTable items={items} caption={title} />) : placeholder}
      {footer}
    </Box>
  )
}
