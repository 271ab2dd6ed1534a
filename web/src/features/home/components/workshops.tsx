import { useState } from 'react'

const PLACEHOLDERS = ['Footwork', 'Power moves', 'Toprock']

function WorkshopCard({ topic }: { topic: string }) {
  const [flipped, setFlipped] = useState(false)
  return (
    <div className="flip" data-testid="flip-card" data-flipped={flipped} onClick={() => setFlipped((value) => !value)}>
      <div className="flip-inner">
        <div className="flip-face flip-front" inert={flipped || undefined}>
          <p className="flip-kicker">{topic}</p>
          <p className="flip-title">Instructor to be announced</p>
        </div>
        <div className="flip-face flip-back" inert={!flipped || undefined}>
          <p className="flip-title">{topic} workshop</p>
          <p>The instructor&apos;s card (city, country, stats and links) appears here once the workshop is announced.</p>
        </div>
      </div>
      <button
        type="button"
        className="flip-turn"
        aria-pressed={flipped}
        aria-label={`Turn over the card of the ${topic} instructor`}
        onClick={(event) => {
          event.stopPropagation()
          setFlipped((value) => !value)
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M12 6v3l4-4-4-4v3c-4.42 0-8 3.58-8 8 0 1.57.46 3.03 1.24 4.26L6.7 14.8A5.9 5.9 0 0 1 6 12c0-3.31 2.69-6 6-6m6.76 1.74L17.3 9.2c.44.84.7 1.79.7 2.8 0 3.31-2.69 6-6 6v-3l-4 4 4 4v-3c4.42 0 8-3.58 8-8 0-1.57-.46-3.03-1.24-4.26" />
        </svg>
      </button>
    </div>
  )
}

/**
 * Workshops, labelled Coming soon. GET /api/workshops does not exist yet, so nothing is fetched: the cards
 * say an instructor will be announced instead of showing invented people.
 */
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
        <div className="card-row">
          {PLACEHOLDERS.map((topic) => (
            <WorkshopCard key={topic} topic={topic} />
          ))}
        </div>
      </div>
    </section>
  )
}

export default Workshops
