import { useState, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { CountryFlag } from '@/components/ui/country-flag'
import { paths } from '@/config/paths'
import { imageUrl } from '@/lib/api/images'
import { socialEntries } from '@/lib/socials'
import { useListInstructorsQuery } from '../api/workshops-api'
import type { Instructor } from '../types'

const AVATAR_PX = 160

function placeOf(instructor: Instructor) {
  return [instructor.city, instructor.state, instructor.country].filter(Boolean).join(', ')
}

/** The three stats of the card, each only when the dancer shows it (the public profile's privacy). */
function statsOf(instructor: Instructor): [string, number][] {
  const stats: [string, number | null | undefined][] = [
    ['Events attended', instructor.eventsAttended],
    ['Battles entered', instructor.battlesEntered],
    ['Battles won', instructor.battlesWon],
  ]
  return stats.filter((stat): stat is [string, number] => typeof stat[1] === 'number')
}

/**
 * An instructor's flip card: avatar and dancer name in front; name, flag, place, stats, the patron label,
 * social links and View profile on the back. Plain markup and Home's CSS, like the rest of Home.
 */
export function WorkshopCard({ instructor }: { instructor: Instructor }) {
  const [flipped, setFlipped] = useState(false)
  const name = instructor.dancerName
  const place = placeOf(instructor)
  const socials = socialEntries(instructor.socials)
  // links on the back keep working; a tap anywhere else turns the card over
  const onCardClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return
    setFlipped((value) => !value)
  }
  return (
    <li className="flip" data-testid="flip-card" data-flipped={flipped} onClick={onCardClick}>
      <div className="flip-inner">
        <div className="flip-face flip-front" inert={flipped || undefined}>
          {instructor.avatar ? (
            <img className="flip-avatar" src={imageUrl(instructor.avatar, AVATAR_PX * 2, 'avatar')} alt="" width={AVATAR_PX} height={AVATAR_PX} loading="lazy" />
          ) : (
            <span className="flip-avatar flip-initial" aria-hidden="true">
              {name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <p className="flip-kicker">Instructor</p>
          <p className="flip-title">{name}</p>
        </div>
        <div className="flip-face flip-back" inert={!flipped || undefined}>
          <p className="flip-title flip-name">
            <CountryFlag country={instructor.country} size={20} />
            <span>{name}</span>
          </p>
          {instructor.isPatron ? <span className="flip-patron">Patreon</span> : null}
          {place ? <p className="flip-place">{place}</p> : null}
          {statsOf(instructor).length ? (
            <dl className="flip-stats">
              {statsOf(instructor).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {socials.length ? (
            <ul className="flip-links" aria-label={`Social links of ${name}`}>
              {socials.map((social) => (
                <li key={social.key}>
                  <a href={social.href} target={social.key === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <Link className="flip-profile" to={paths.profile.getHref(instructor.id)}>
            View profile
          </Link>
        </div>
      </div>
      <button
        type="button"
        className="flip-turn"
        aria-pressed={flipped}
        aria-label={`Turn over the card of ${name}`}
        onClick={(event) => {
          event.stopPropagation()
          setFlipped((value) => !value)
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M12 6v3l4-4-4-4v3c-4.42 0-8 3.58-8 8 0 1.57.46 3.03 1.24 4.26L6.7 14.8A5.9 5.9 0 0 1 6 12c0-3.31 2.69-6 6-6m6.76 1.74L17.3 9.2c.44.84.7 1.79.7 2.8 0 3.31-2.69 6-6 6v-3l-4 4 4 4v-3c4.42 0 8-3.58 8-8 0-1.57-.46-3.03-1.24-4.26" />
        </svg>
      </button>
    </li>
  )
}

/** The cards, or what stands in for them: never invented people. */
function Instructors() {
  const { data, isUninitialized, isLoading, isError, refetch, isFetching } = useListInstructorsQuery()
  // uninitialized: the build-time snapshot of Home (nothing is fetched there) shows the loading line too
  if (isUninitialized || isLoading) {
    return (
      <p className="workshops-note" role="status">
        Loading instructors…
      </p>
    )
  }
  if (isError) {
    return (
      <p className="workshops-note" role="alert">
        The instructors could not be loaded.{' '}
        <button type="button" className="workshops-retry" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </button>
      </p>
    )
  }
  if (!data?.length) {
    return <p className="workshops-note">Instructors are announced here soon. Check back for the first workshops.</p>
  }
  return (
    <ul className="card-row" aria-label="Instructors">
      {data.map((instructor) => (
        <WorkshopCard key={instructor.id} instructor={instructor} />
      ))}
    </ul>
  )
}

/** Workshops, labelled Coming soon: the instructors' cards (GET /api/workshops). */
export function Workshops() {
  return (
    <section aria-labelledby="workshops-title" className="section-dark">
      <div className="section">
        <div className="section-head" style={{ justifyContent: 'flex-start' }}>
          <h2 id="workshops-title" className="section-title" style={{ flexGrow: 0 }}>
            Workshops
          </h2>
          <span className="chip">Coming soon</span>
        </div>
        <p style={{ color: '#d6d6d6', maxWidth: 640, marginTop: 0, marginBottom: 32 }}>
          Learn from the dancers who shape the scene. Instructors and dates are announced here first.
        </p>
        <Instructors />
      </div>
    </section>
  )
}

export default Workshops
