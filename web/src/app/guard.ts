import { redirect, type LoaderFunctionArgs } from 'react-router'
import { paths, safeRedirect } from '@/config/paths'
import { isProfileComplete, usersApi } from '@/lib/api/users'
import type { User } from '@/lib/api/types'
import type { AppStore } from './store'

/**
 * What a route asks of the navigation guard (docs/product/accounts-and-profiles.md). Every way into the site (the login form,
 * a magic link, Google's return, a reload with the refresh cookie, a link, the profile switcher's reload)
 * ends in a navigation, so the rule "a signed-in profile without a dancer name finishes onboarding first" is
 * kept here and only here.
 */
export interface GuardOptions {
  /** the route needs a signed-in user: guests go to Login with a redirect back */
  auth?: boolean
  /**
   * the route is the onboarding itself or a way to sign in: a profile without a dancer name may stay
   * (the Signup page is where it is sent; the legal pages and the 404 page are readable by anyone)
   */
  onboarding?: boolean
  /** the Login page: a signed-in user goes on to its redirect (or Home), where the guard looks again */
  signedInGoesOn?: boolean
}

type CurrentUserEntry = ReturnType<ReturnType<typeof usersApi.endpoints.getCurrentUser.select>>

const selectCurrentUser = usersApi.endpoints.getCurrentUser.select()

/** Resolves once the cached current user is no longer pending (an upsert or a fetch started elsewhere). */
function settled(store: AppStore): Promise<CurrentUserEntry> {
  return new Promise((resolve) => {
    const check = () => {
      const entry = selectCurrentUser(store.getState())
      if (entry.isLoading) return false
      resolve(entry)
      return true
    }
    if (check()) return
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe()
    })
  })
}

/**
 * The acting user, from the cache or GET /user. `undefined` when it cannot be known (the call failed):
 * the guard then lets the navigation through rather than lock the site on a bad connection.
 */
export async function loadCurrentUser(store: AppStore): Promise<User | null | undefined> {
  const request = store.dispatch(usersApi.endpoints.getCurrentUser.initiate())
  try {
    const result = await request
    if (result.data !== undefined) return result.data
    // Another writer holds the entry (the sign-in's upsert, a refetch): read its answer, not "no answer".
    const entry = await settled(store)
    return entry.data
  } finally {
    request.unsubscribe()
  }
}

/** Where a navigation must go instead, or null (docs/product/accounts-and-profiles.md). */
export async function guardRedirect(store: AppStore, url: URL, options: GuardOptions): Promise<string | null> {
  const here = url.pathname + url.search + url.hash
  const { status } = store.getState().session
  if (status !== 'signedIn') return options.auth ? paths.login.getHref(here) : null
  if (options.signedInGoesOn) return safeRedirect(url.searchParams.get('redirect'))
  if (options.onboarding === false) return null
  const user = await loadCurrentUser(store)
  if (user && !isProfileComplete(user)) return paths.signup.getHref({ incomplete: true, redirect: here })
  return null
}

/** The navigation guard as a route loader. */
export function guard(store: AppStore, options: GuardOptions = {}) {
  return async ({ request }: LoaderFunctionArgs) => {
    const target = await guardRedirect(store, new URL(request.url), options)
    if (target) throw redirect(target)
    return null
  }
}
