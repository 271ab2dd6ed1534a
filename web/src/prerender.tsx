/**
 * Build time only (the preloadRouteChunks plugin of vite.config.ts): the entry screens as a guest sees them,
 * rendered to HTML. index.html shows the one for the opened path until the app takes over, so their content
 * is on screen before any JavaScript has run.
 */
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { appRoutes } from '@/app/router'
import { makeStore } from '@/app/store'

export async function render(path: string): Promise<string> {
  const store = makeStore({ session: { status: 'guest', accessToken: null, expiresAt: null, expired: false } })
  const handler = createStaticHandler(appRoutes(store))
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`${path} redirects`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <AppProvider store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  )
}
