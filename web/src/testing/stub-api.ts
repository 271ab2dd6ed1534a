import { vi } from 'vitest'
import { jsonResponse } from './builders'

export interface ApiCall {
  method: string
  path: string
  params: URLSearchParams
  body: unknown
  headers: Headers
}

/** fetch stood in for: every call is recorded and answered by the handler (404 when it has no answer). */
export function stubApi(handler: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request
      const url = new URL(request.url)
      const text = request.method === 'GET' ? '' : await request.clone().text()
      const call = { method: request.method, path: url.pathname, params: url.searchParams, body: text ? JSON.parse(text) : undefined, headers: request.headers }
      calls.push(call)
      return handler(call) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404)
    }),
  )
  return calls
}
