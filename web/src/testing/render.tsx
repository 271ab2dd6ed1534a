import { render, type RenderOptions } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { makeStore, type AppStore, type RootState } from '@/app/store'

interface Options extends Omit<RenderOptions, 'wrapper'> {
  store?: AppStore
  preloadedState?: Partial<RootState>
  /** the URL the element is rendered at (inside a memory router) */
  route?: string
  path?: string
}

/** Renders with a fresh store (or the one given), the theme and a memory router. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { store = makeStore(options.preloadedState), route = '/', path = '*', ...rest } = options
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [route] },
  )
  const Wrapper = ({ children }: { children: ReactNode }) => <AppProvider store={store}>{children}</AppProvider>
  return { store, router, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...rest }) }
}

/** A signed-in session for a store's preloaded state. */
export function signedInState(accessToken = 'access-token'): Partial<RootState> {
  return { session: { status: 'signedIn', accessToken, expiresAt: Date.now() + 900_000, expired: false } }
}
