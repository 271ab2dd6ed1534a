import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installErrorReporter, isChunkLoadError, MAX_REPORTS, reportClientError, resetErrorReporter } from './error-reporter'

function posted(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }))
}

let fetchMock: ReturnType<typeof vi.fn>
let stop: () => void

beforeEach(() => {
  resetErrorReporter()
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }))
  vi.stubGlobal('fetch', fetchMock)
  stop = installErrorReporter()
})

afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

describe('the error reporter', () => {
  it('posts an uncaught error once', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'name')")
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
    const sent = posted(fetchMock)
    expect(sent).toHaveLength(1)
    expect(sent[0].url).toBe(`${window.location.origin}/api/client-errors`)
    expect(sent[0].body).toMatchObject({ kind: 'error', message: `TypeError: ${error.message}`, url: window.location.href })
    expect(sent[0].body.stack).toContain('TypeError')
  })

  it('posts an unhandled rejection', () => {
    const event = new Event('unhandledrejection') as PromiseRejectionEvent
    Object.assign(event, { reason: new Error('the save failed') })
    window.dispatchEvent(event)
    expect(posted(fetchMock).map((call) => call.body.kind)).toEqual(['rejection'])
  })

  it("ignores a chunk that failed to load: that is a reload, not a defect", () => {
    const error = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/battle-page-1a2b.js')
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
    reportClientError('boundary', error)
    reportClientError('boundary', new Error('Loading chunk timed out'))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(isChunkLoadError(new Error('the bracket is empty'))).toBe(false)
  })

  it('reports a boundary error with its component stack, and stops after a page load’s share', () => {
    reportClientError('boundary', new Error('render failed'), '\n    at BattlePage')
    expect(posted(fetchMock)[0].body).toMatchObject({ kind: 'boundary', componentStack: '\n    at BattlePage' })
    for (let n = 0; n < MAX_REPORTS + 5; n += 1) reportClientError('error', new Error(`loop ${n}`))
    expect(fetchMock).toHaveBeenCalledTimes(MAX_REPORTS)
  })

  it('never throws when the report cannot be sent', () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')))
    expect(() => reportClientError('error', new Error('while offline'))).not.toThrow()
  })
})
