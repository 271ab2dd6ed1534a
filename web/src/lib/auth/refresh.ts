import type { GrantedToken } from './session-slice'

/**
 * POST /api/auth/refresh, at most one in flight per tab (a shared promise) and across tabs (the Web Locks
 * API): identity rotates the refresh cookie on every use. It forgives a rotated cookie shown again within
 * seconds (a lost answer) but treats a later one as stolen and ends the session: overlapping refreshes are
 * only ever a retry, never routine.
 */
let inFlight: Promise<GrantedToken | null> | null = null

const LOCK = 'cypher-auth-refresh'

async function callRefresh(): Promise<GrantedToken | null> {
  try {
    const response = await fetch(`${window.location.origin}/api/auth/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<GrantedToken>
    return body.accessToken && body.expiresIn ? { accessToken: body.accessToken, expiresIn: body.expiresIn } : null
  } catch {
    return null
  }
}

function underLock(run: () => Promise<GrantedToken | null>): Promise<GrantedToken | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks?.request) return run()
  return locks.request(LOCK, { mode: 'exclusive' }, run) as unknown as Promise<GrantedToken | null>
}

export function refreshAccessToken(): Promise<GrantedToken | null> {
  inFlight ??= underLock(callRefresh).finally(() => {
    inFlight = null
  })
  return inFlight
}
