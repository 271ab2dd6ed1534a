import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { ModalDialog } from '@/components/ui/dialogs'
import { SearchField } from '@/components/ui/search-field'
import { imageUrl } from '@/lib/api/images'
import { useDebounced } from '@/lib/use-debounced'
import { useAppDispatch } from '@/app/hooks'
import { eventsApi, useFilterOrganizationsQuery } from '../../api/events-api'
import { ORG_FILTER_DEBOUNCE_MS, orgCounts } from '../../rules'
import type { OrgOption } from '../../types'
import { OrgFilterChip } from './org-filter-chip'

/**
 * The organization filter (mounted while open, so it starts from the applied choice): a name search (trimmed; the server compares case-insensitively), a check box per
 * organization with its image and its counts of events (current, future, past), the chosen ones as chips. Nothing changes on the page until Apply.
 */
export function OrgFilterDialog({ open, selected, onApply, onClose }: { open: boolean; selected: number[]; onApply: (ids: number[]) => void; onClose: () => void }) {
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<number[]>(selected)
  const dispatch = useAppDispatch()
  const search = useDebounced(text, ORG_FILTER_DEBOUNCE_MS)
  const orgs = useFilterOrganizationsQuery(search, { skip: !open })
  const items = orgs.data?.items ?? []

  const toggle = (org: OrgOption) => {
    // the chips (here and on the page) know the name without asking for it
    void dispatch(eventsApi.util.upsertQueryData('filterOrganization', org.id, org))
    setChosen((ids) => (ids.includes(org.id) ? ids.filter((id) => id !== org.id) : [...ids, org.id]))
  }

  return (
    <ModalDialog
      open={open}
      title="Filter by organization"
      onClose={onClose}
      actions={
        <>
          <Button color="inherit" onClick={() => setChosen([])} disabled={!chosen.length}>
            Clear
          </Button>
          <Button variant="contained" onClick={() => onApply(chosen)}>
            Apply
          </Button>
        </>
      }
    >
      <SearchField label="Search organizations" value={text} onChange={setText} sx={{ width: '100%', mt: 1 }} endAdornment={orgs.isFetching ? <CircularProgress size={18} aria-label="Searching" /> : undefined} />
      {chosen.length ? (
        <ul aria-label="Chosen organizations" className="org-chips">
          {chosen.map((id) => (
            <li key={id}>
              <OrgFilterChip id={id} onRemove={(gone) => setChosen((ids) => ids.filter((other) => other !== gone))} />
            </li>
          ))}
        </ul>
      ) : null}
      <Box role="group" aria-label="Organizations" sx={{ mt: 2, maxHeight: 320, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {orgs.isError ? (
          <Typography sx={{ color: 'text.secondary' }}>The organizations could not be loaded.</Typography>
        ) : !orgs.isFetching && !items.length ? (
          <Typography sx={{ color: 'text.secondary' }}>No organizations found</Typography>
        ) : (
          items.map((org) => <OrgRow key={org.id} org={org} checked={chosen.includes(org.id)} onToggle={toggle} />)
        )}
      </Box>
    </ModalDialog>
  )
}

/** One organization: its check box named by the organization, described by its counts. */
function OrgRow({ org, checked, onToggle }: { org: OrgOption; checked: boolean; onToggle: (org: OrgOption) => void }) {
  const countsId = useId()
  return (
    <FormControlLabel
      sx={{ mr: 0, py: 0.5 }}
      control={<Checkbox checked={checked} onChange={() => onToggle(org)} slotProps={{ input: { 'aria-label': org.name, 'aria-describedby': countsId } }} />}
      label={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Avatar variant="rounded" src={imageUrl(org.image, 100, 'org')} alt="" sx={{ width: 48, height: 48, bgcolor: 'secondary.main', fontWeight: 900 }}>
            <span aria-hidden="true">{org.name.trim().charAt(0).toUpperCase() || '?'}</span>
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{org.name}</Typography>
            <Typography id={countsId} variant="body2" sx={{ color: 'text.secondary' }}>
              {orgCounts(org)}
            </Typography>
          </Box>
        </Box>
      }
    />
  )
}

export default OrgFilterDialog
