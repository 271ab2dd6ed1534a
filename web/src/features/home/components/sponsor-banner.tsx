import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'

const VideoDialog = lazy(() => import('./video-dialog'))

/**
 * The sponsor banner: all tour events, and the tour video with a register-to-battle button. Plain markup
 * and CSS: it is the largest thing of the first paint of Home.
 */
export function SponsorBanner() {
  const [video, setVideo] = useState(false)
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="hero-inner">
        <p className="hero-kicker">The Cypher Tour · presented by our sponsors</p>
        <h1 id="home-title" className="hero-title">
          Find your next battle. Follow every round.
        </h1>
        <p className="hero-text">Events, battles, organizations and studios of the breaking community, in one place.</p>
        <div className="hero-actions">
          <Link to={paths.events.getHref()} className="btn btn-primary btn-lg">
            All tour events
          </Link>
          <button type="button" className="btn btn-outline-light btn-lg" onClick={() => setVideo(true)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M8 5v14l11-7z" />
            </svg>
            Watch the tour video
          </button>
        </div>
      </div>
      {video ? (
        <Suspense fallback={null}>
          <VideoDialog open={video} onClose={() => setVideo(false)} />
        </Suspense>
      ) : null}
    </section>
  )
}
