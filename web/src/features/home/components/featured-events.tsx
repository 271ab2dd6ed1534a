import { Link } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'

/** Featured Events (the first three happening or upcoming), with View events and Create event. */
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
      <div className="empty-box">
        <p className="empty-title">Events are coming soon</p>
        <p className="muted">Featured battles and jams will show up here as soon as events open on Cypher.</p>
      </div>
    </section>
  )
}

export default FeaturedEvents
