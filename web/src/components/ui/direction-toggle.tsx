import { flipDirection, type SortDirection } from '@/lib/lists'
import { Glyph } from './glyph'

/**
 * The sort direction: an arrow that turns the order around (its name says the way it goes now). A plain
 * button with the app's CSS (index.css .icon-btn): it sits on pages that must open light.
 */
export function DirectionToggle({ direction, onChange }: { direction: SortDirection; onChange: (direction: SortDirection) => void }) {
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={direction === 'asc' ? 'Ascending: change to descending' : 'Descending: change to ascending'}
      onClick={() => onChange(flipDirection(direction))}
    >
      <Glyph name={direction === 'asc' ? 'arrowUp' : 'arrowDown'} />
    </button>
  )
}
