import { useId, type KeyboardEvent } from 'react'
import {
  DEFAULT_EVENT_DIRECTION,
  EVENT_PERIODS,
  EVENT_SORT_FIELDS,
  visibleEventPeriods,
  type EventCounts,
  type EventTab,
  type EventSortField,
} from '@/lib/event-periods'
import type { SortDirection } from '@/lib/lists'
import { DirectionToggle } from './direction-toggle'

export interface EventsView {
  period: EventTab
  sortBy: EventSortField
  direction: SortDirection
}

const NEXT_KEYS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/**
 * The sub-tabs with events (count above 0) and the sort: Date created or A-Z, with a direction toggle. `periods`
 * names the tabs of this list and their order (default: the organization and profile lists'); `showCounts`
 * adds each count to its label. Native elements with the app's CSS (index.css): the events page opens with
 * them, and MUI's Tabs and Select would weigh more than the page.
 */
export function EventPeriodControls({
  counts,
  view,
  onView,
  periods: names = EVENT_PERIODS,
  showCounts = true,
}: {
  counts: EventCounts
  view: EventsView
  onView: (view: EventsView) => void
  periods?: { key: EventTab; label: string }[]
  showCounts?: boolean
}) {
  const periods = visibleEventPeriods(counts, names)
  const sortId = useId()
  const choose = (period: EventTab) => {
    if (period !== view.period) onView({ period, sortBy: view.sortBy, direction: DEFAULT_EVENT_DIRECTION[period] })
  }
  // the tab list's keys (WAI-ARIA tabs): arrows move to the next tab and select it, Home and End the ends
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = index + (NEXT_KEYS[event.key] ?? 0)
    if (event.key === 'Home') next = 0
    if (event.key === 'End') next = periods.length - 1
    if (next === index || !periods.length) return
    event.preventDefault()
    next = (next + periods.length) % periods.length
    choose(periods[next].key)
    ;(event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus()
  }
  return (
    <div className="period-controls">
      <div role="tablist" aria-label="Events by period" className="ptabs">
        {periods.map((period, index) => {
          const selected = period.key === view.period
          return (
            <button
              key={period.key}
              type="button"
              role="tab"
              className="ptab"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(period.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {showCounts ? `${period.label} (${counts[period.key]})` : period.label}
            </button>
          )
        })}
      </div>
      <div className="sort-controls">
        <label htmlFor={sortId} className="sort-label">
          Sort by
        </label>
        <select id={sortId} className="sort-select" value={view.sortBy} onChange={(event) => onView({ ...view, sortBy: event.target.value as EventSortField })}>
          {EVENT_SORT_FIELDS.map((field) => (
            <option key={field.key} value={field.key}>
              {field.label}
            </option>
          ))}
        </select>
        <DirectionToggle direction={view.direction} onChange={(direction) => onView({ ...view, direction })} />
      </div>
    </div>
  )
}
