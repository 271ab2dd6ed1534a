/** What the SPA keeps in localStorage. Never a token: the access token lives in memory only. */

const CURRENT_PROFILE = 'currentProfileId'
const SESSION_HINT = 'cypher.session'
const MAGIC_LINK_EMAIL = 'emailForSignIn'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    /* storage disabled: the app still works, it only forgets */
  }
}

/** The profile the user acts as (sent as Caller-Id); absent means the main profile. */
export const currentProfile = {
  get(): number | null {
    const value = Number(read(CURRENT_PROFILE))
    return Number.isInteger(value) && value > 0 ? value : null
  },
  set(id: number): void {
    write(CURRENT_PROFILE, String(id))
  },
  clear(): void {
    write(CURRENT_PROFILE, null)
  },
}

/**
 * Whether this browser may hold a refresh cookie (set at sign-in, cleared at sign-out or when a refresh is
 * refused). The cookie itself is httpOnly; without the hint a guest's start would always cost a refused call.
 */
export const sessionHint = {
  get: (): boolean => read(SESSION_HINT) === '1',
  set: (): void => write(SESSION_HINT, '1'),
  clear: (): void => write(SESSION_HINT, null),
}

/** The email a magic link was requested for, read back when the link is opened. */
export const magicLinkEmail = {
  get: (): string | null => read(MAGIC_LINK_EMAIL),
  set: (email: string): void => write(MAGIC_LINK_EMAIL, email),
  clear: (): void => write(MAGIC_LINK_EMAIL, null),
}
