import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { appRoutes } from '@/app/router'
import { makeStore, type AppStore } from '@/app/store'

/** A store of a guest (no session to restore). */
export const guestStore = () => makeStore({ session: { status: 'guest', accessToken: null, expiresAt: null, expired: false } })

/** The whole app at `url`: its routes with their guards, on `store` (a guest's by default). */
export function renderApp(url: string, store: AppStore = guestStore()) {
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [url] })
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  const here = () => router.state.location.pathname + router.state.location.search
  return { store, router, here }
}
