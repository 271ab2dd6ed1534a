import { redirect, type LoaderFunctionArgs } from 'react-router'
import { paths } from '@/config/paths'
import { usersApi } from '@/lib/api/users'
import type { User } from '@/lib/api/types'
import type { AppStore } from './store'

export interface GuardOptions {
  /** the route needs a signed-in user: guests go to Login with a redirect back */
  auth?: boolean
  /** a signed-in user without a dancer name goes to Signup (incomplete) first; off for the sign-in pages */
  onboarding?: boolean
}

async function currentUser(store: AppStore): Promise<User | null> {
  const request = store.dispatch(usersApi.endpoints.getCurrentUser.initiate())
  try {
    const result = await request
    return result.data ?? null
  } finally {
    request.unsubscribe()
  }
}

/** Where a navigation must go instead, or null (seed 000 2.2). Pure apart from reading the store. */
export async function guardRedirect(store: AppStore, url: URL, options: GuardOptions): Promise<string | null> {
  const here = url.pathname + url.search + url.hash
  const { status } = store.getState().session
  if (status !== 'signedIn') return options.auth ? paths.login.getHref(here) : null
  if (options.onboarding === false) return null
  const user = await currentUser(store)
  if (user && !user.dancerName) return paths.signup.getHref({ incomplete: true, redirect: here })
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
