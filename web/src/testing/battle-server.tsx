import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useParams } from 'react-router'
import { AppProvider } from '@/app/provider'
import { makeStore } from '@/app/store'
import { BattlePage } from '@/features/battles/components/battle-page'
import { GroupPage } from '@/features/battles/components/prelims/group-page'
import { GroupsPage } from '@/features/battles/components/prelims/groups-page'
import type { Battle } from '@/features/battles/types'
import { buildUser, jsonResponse } from './builders'
import { stubGatewayFetch, type LiveStream } from './live-gateway'
import { renderWithProviders, signedInState } from './render'

export interface Call {
  method: string
  path: string
  params: URLSearchParams
  body: unknown
  headers: Headers
}

/**
 * The gateway stood in for at fetch: GET /api/battles/7 answers `state.battle`, GET /api/user the dancer, the
 * live feed is a stream the test writes to, and `answer` takes every other call (404 without an answer).
 */
export function fakeBattleServer(battle: Battle, answer: (call: Call) => Response | Battle | undefined = () => undefined) {
  const state = { battle }
  const calls: Call[] = []
  const streams: LiveStream[] = []
  stubGatewayFetch(streams, async (request, url) => {
    const text = request.method === 'GET' ? '' : await request.clone().text()
    const call = { method: request.method, path: url.pathname, params: url.searchParams, body: text ? JSON.parse(text) : undefined, headers: request.headers }
    calls.push(call)
    if (call.method === 'GET' && call.path === '/api/user') return jsonResponse(buildUser({ id: 1, dancerName: 'B-girl Ana' }))
    const answered = answer(call)
    if (answered instanceof Response) return answered
    if (answered) {
      state.battle = answered
      return jsonResponse(answered)
    }
    if (call.method === 'GET' && call.path === '/api/battles/7') return jsonResponse(state.battle)
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404)
  })
  const posts = () => calls.filter((call) => call.method !== 'GET')
  const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/battles/7').length
  return { state, calls, streams, posts, reads }
}

export function showBattle(options: { signedIn?: boolean; liveDelayMs?: number } = {}) {
  return renderWithProviders(<BattlePage id={7} liveDelayMs={options.liveDelayMs ?? 600_000} />, {
    route: '/battle/7',
    path: '/battle/:id',
    preloadedState: options.signedIn === false ? undefined : signedInState(),
  })
}


/**
 * The battle's routes in one memory router: the page at /battle/7, /battle/7/prelims and
 * /battle/7/brackets, Creating Groups and Group info, as the app's router has them.
 */
export function showBattleRoutes(route: string, options: { signedIn?: boolean; liveDelayMs?: number } = {}) {
  const store = makeStore(options.signedIn === false ? undefined : signedInState())
  const liveDelayMs = options.liveDelayMs ?? 600_000
  const router = createMemoryRouter(
    [
      { path: '/battle/:id', element: <BattlePage id={7} liveDelayMs={liveDelayMs} /> },
      { path: '/battle/:id/prelims', element: <BattlePage id={7} tab="prelims" liveDelayMs={liveDelayMs} /> },
      { path: '/battle/:id/brackets', element: <BattlePage id={7} tab="brackets" liveDelayMs={liveDelayMs} /> },
      { path: '/battle/:id/prelims/groups', element: <GroupsPage battleId={7} liveDelayMs={liveDelayMs} /> },
      { path: '/battle/:id/prelims/group/:groupId', element: <GroupRoute liveDelayMs={liveDelayMs} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [route] },
  )
  return { store, router, ...render(<AppProvider store={store}><RouterProvider router={router} /></AppProvider>) }
}

function GroupRoute({ liveDelayMs }: { liveDelayMs: number }) {
  const { groupId } = useParams()
  return <GroupPage key={groupId} battleId={7} groupId={Number(groupId)} liveDelayMs={liveDelayMs} />
}
