import { useState } from 'react'
import { CONSENT_COOKIE, readCookie, writeCookie } from '@/lib/cookies'

/** Cookies are used: Decline or Allow. Consent is the cookie `cookie=accepted`; a refusal is remembered too. */
export function CookieBanner() {
  const [answered, setAnswered] = useState(() => readCookie(CONSENT_COOKIE) !== null)
  if (answered) return null
  const answer = (value: 'accepted' | 'declined') => {
    writeCookie(CONSENT_COOKIE, value)
    setAnswered(true)
  }
  return (
    <section className="cookie-banner" aria-label="Cookie consent" data-testid="cookie-banner">
      <p>This site uses cookies to keep you signed in and to remember your choices.</p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-text-light" onClick={() => answer('declined')}>
          Decline
        </button>
        <button type="button" className="btn btn-primary" onClick={() => answer('accepted')}>
          Allow
        </button>
      </div>
    </section>
  )
}

export default CookieBanner
