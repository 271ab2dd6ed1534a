import { Link } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { APP_ERROR } from '@/lib/toast'
import { useFeaturedEventsQuery } from '../api/featured-events-api'
import { FEATURED_EVENTS, featuredEvents, type FeaturedEvent } from '../rules'

// Home is plain markup with the first-paint CSS (docs/decisions.md, Web app → Performance): no MUI here.
const GRID = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' } as const
const FRAME = { aspectRatio: '16 / 9', background: '#ececec', display: 'block', width: '100%', objectFit: 'cover' } as const

function FeaturedCard({ event }: { event: FeaturedEvent }) {
  const src = imageUrl(event.image, 400, 'event')
  const when = [event.dateFlat, event.timeFlat].filter(Boolean).join(' · ')
  return (
    <Link to={paths.event.getHref(event.id)} className="card" style={{ display: 'block', padding: 0, overflow: 'hidden', height: '100%', color: 'inherit', textDecoration: 'none' }}>
      {src ? <img src={src} alt="" loading="lazy" style={FRAME} /> : <span aria-hidden="true" style={FRAME} />}
      <span style={{ display: 'block', padding: 16 }}>
        {when ? <span style={{ display: 'block', color: '#b3141b', fontWeight: 700, fontSize: '0.9rem' }}>{when}</span> : null}
        {event.locationAddress ? (
          <span className="muted" style={{ display: 'block', fontSize: '0.9rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {event.locationAddress}
          </span>
        ) : null}
        <span style={{ display: 'block', marginTop: 4, fontWeight: 800, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>{event.title || 'Untitled'}</span>
      </span>
    </Link>
  )
}

function FeaturedList() {
  const now = useFeaturedEventsQuery('now')
  const future = useFeaturedEventsQuery('future')
  if (now.isError || future.isError) {
    return (
      <div className="empty-box" role="alert">
        <p className="empty-title">{APP_ERROR}</p>
        <button
          type="button"
          className="btn btn-outline"
          disabled={now.isFetching || future.isFetching}
          onClick={() => {
            if (now.isError) void now.refetch()
            if (future.isError) void future.refetch()
          }}
        >
          Retry
        </button>
      </div>
    )
  }
  // also the build-time snapshot of Home (nothing is fetched there): the cards' places, not an empty message
  if (!now.data || !future.data) {
    return (
      <ul style={GRID} role="status" aria-label="Loading events">
        {Array.from({ length: FEATURED_EVENTS }, (_, index) => (
          <li key={index} className="card" style={{ padding: 0, overflow: 'hidden' }}>
            <span style={FRAME} />
            <span style={{ display: 'block', height: 96 }} />
          </li>
        ))}
      </ul>
    )
  }
  const events = featuredEvents(now.data, future.data)
  if (!events.length) {
    return (
      <div className="empty-box">
        <p className="empty-title">No upcoming events yet</p>
        <p className="muted">Featured battles and jams will show up here as soon as organizers announce them.</p>
      </div>
    )
  }
  return (
    <ul style={GRID} aria-label="Featured events">
      {events.map((event) => (
        <li key={event.id}>
          <FeaturedCard event={event} />
        </li>
      ))}
    </ul>
  )
}

/** Featured Events (the first three happening now, then upcoming), with View events and Create event. */
export function FeaturedEvents() {
  const signedIn = useAppSelector(selectIsSignedIn)
  const createHref = signedIn ? paths.createEvent.getHref() : paths.signup.getHref({ redirect: paths.createEvent.getHref() })
  return (
    <section aria-labelledby="featured-title" className="section">
      <div className="section-head">
        <h2 id="featured-title" className="section-title">
          Featured Events
        </h2>
        <div className="section-actions">
          <Link to={paths.events.getHref()} className="btn btn-outline-primary">
            View events
          </Link>
          <Link to={createHref} className="btn btn-primary">
            Create event
          </Link>
        </div>
      </div>
      <FeaturedList />
    </section>
  )
}

export default FeaturedEvents
