import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import { flipDirection } from '@/lib/lists'
import { SORT_LABELS, type PrelimsSort, type PrelimsSortKey } from '../../prelims-rules'

/** Points, Name or Assigned number, each ascending or descending (docs/product/competition.md). */
export function SortControl({ sort, onChange }: { sort: PrelimsSort; onChange: (sort: PrelimsSort) => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={sort.key}
        onChange={(event) => onChange({ ...sort, key: event.target.value as PrelimsSortKey })}
        sx={{ minWidth: 180, '& .MuiInputBase-root': { minHeight: 44 } }}
      >
        {(Object.keys(SORT_LABELS) as PrelimsSortKey[]).map((key) => (
          <MenuItem key={key} value={key} sx={{ minHeight: 44 }}>
            {SORT_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={sort.direction === 'asc' ? 'Ascending: change to descending' : 'Descending: change to ascending'}
        onClick={() => onChange({ ...sort, direction: flipDirection(sort.direction) })}
        sx={{ width: 44, height: 44 }}
      >
        {sort.direction === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
      </IconButton>
    </Stack>
  )
}
