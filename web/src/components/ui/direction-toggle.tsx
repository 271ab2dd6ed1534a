import IconButton from '@mui/material/IconButton'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import { flipDirection, type SortDirection } from '@/lib/lists'

/** The sort direction: an arrow that turns the order around (its name says the way it goes now). */
export function DirectionToggle({ direction, onChange }: { direction: SortDirection; onChange: (direction: SortDirection) => void }) {
  return (
    <IconButton
      aria-label={direction === 'asc' ? 'Ascending: change to descending' : 'Descending: change to ascending'}
      onClick={() => onChange(flipDirection(direction))}
    >
      {direction === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
    </IconButton>
  )
}
