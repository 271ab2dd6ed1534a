import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/testing/builders'
import { stubApi } from '@/testing/stub-api'
import { answerMessage, enqueue, flushQueue, httpSender, pendingWrites, resetQueue, watchQueue } from './offline-queue'

const sender = () => httpSender({ baseUrl: () => 'http://localhost/api', headers: () => ({ 'X-Auth-Token': 't' }), fallbackMessage: 'Something went wrong' })

beforeEach(() => resetQueue())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the offline queue', () => {
  it('keeps writes in IndexedDB, oldest first, each with its own Idempotency-Key', async () => {
    const first = await enqueue({ method: 'POST', path: '/events/42/checkin/7', scope: 'checkin:42', meta: { userId: 7 } })
    const second = await enqueue({ method: 'POST', path: '/events/43/checkin/8', body: { payCash: true }, scope: 'checkin:43' })
    expect(first.key).not.toBe(second.key)
    expect(first.key).toMatch(/^[0-9a-f-]{32,36}$/)
    expect((await pendingWrites()).map((write) => write.path)).toEqual(['/events/42/checkin/7', '/events/43/checkin/8'])
    expect(await pendingWrites('checkin:43')).toEqual([expect.objectContaining({ body: { payCash: true }, attempts: 0 })])
  })

  it('sends them in order with their Idempotency-Key and the token, and forgets what the server took', async () => {
    const calls = stubApi(() => jsonResponse({ ok: true }))
    const a = await enqueue({ method: 'POST', path: '/events/42/checkin/7', scope: 's' })
    const b = await enqueue({ method: 'POST', path: '/events/42/checkin-ticket', body: { secret: 'abc' }, scope: 's' })
    const results = await flushQueue(sender())
    expect(calls.map((call) => [call.path, call.headers.get('Idempotency-Key'), call.headers.get('X-Auth-Token')])).toEqual([
      ['/api/events/42/checkin/7', a.key, 't'],
      ['/api/events/42/checkin-ticket', b.key, 't'],
    ])
    expect(calls[1].body).toEqual({ secret: 'abc' })
    expect(calls[1].headers.get('Content-Type')).toBe('application/json')
    expect(results.map((result) => result.outcome.kind)).toEqual(['sent', 'sent'])
    expect(await pendingWrites()).toEqual([])
  })

  it('keeps a write that found no connection, and sends it later with the same key, once', async () => {
    let down = true
    const calls = stubApi(() => {
      if (down) throw new TypeError('Failed to fetch')
      return jsonResponse({ ok: true })
    })
    const write = await enqueue({ method: 'POST', path: '/events/42/checkin/7', scope: 's' })
    await enqueue({ method: 'POST', path: '/events/42/checkin/8', scope: 's' })
    expect(await flushQueue(sender())).toEqual([])
    // the first failure stops the flush: order is kept
    expect(calls).toHaveLength(1)
    expect((await pendingWrites()).map((item) => item.attempts)).toEqual([1, 0])
    down = false
    await flushQueue(sender())
    expect(calls.map((call) => call.headers.get('Idempotency-Key'))).toEqual([write.key, write.key, expect.any(String)])
    expect(calls.filter((call) => call.path === '/api/events/42/checkin/7')).toHaveLength(2)
    expect(await pendingWrites()).toEqual([])
  })

  it('keeps a write the server could not do (5xx, 429), drops one it refused (4xx) with its message', async () => {
    let status = 503
    stubApi(() => jsonResponse({ error: { code: 'x', message: status === 503 ? 'Unavailable' : 'Check-in is open only while the event is happening' } }, status))
    await enqueue({ method: 'POST', path: '/events/42/checkin/7', scope: 's' })
    expect(await flushQueue(sender())).toEqual([])
    expect(await pendingWrites()).toHaveLength(1)
    status = 400
    const [result] = await flushQueue(sender())
    expect(result.outcome).toEqual(expect.objectContaining({ kind: 'refused', status: 400, message: 'Check-in is open only while the event is happening' }))
    expect(await pendingWrites()).toEqual([])
  })

  it('flushes once at a time: a flush asked for meanwhile goes round again and reports nothing itself', async () => {
    const calls = stubApi(() => jsonResponse({ ok: true }))
    await enqueue({ method: 'POST', path: '/a', scope: 's' })
    const first = flushQueue(sender())
    await enqueue({ method: 'POST', path: '/b', scope: 's' })
    const second = flushQueue(sender())
    const [mine, joined] = await Promise.all([first, second])
    expect(mine.map((result) => result.write.path)).toEqual(['/a', '/b'])
    expect(joined).toEqual([])
    expect(calls.map((call) => call.path)).toEqual(['/api/a', '/api/b'])
  })

  it('reads the message of an error answer in every shape', () => {
    expect(answerMessage({ error: { code: 'not_found', message: 'Ticket not found' } }, 'x')).toBe('Ticket not found')
    expect(answerMessage({ detail: 'Ticket not found' }, 'x')).toBe('Ticket not found')
    expect(answerMessage({ error: 'Nope' }, 'x')).toBe('Nope')
    expect(answerMessage(' plain ', 'x')).toBe('plain')
    expect(answerMessage(null, 'x')).toBe('x')
  })
})

describe('watchQueue', () => {
  it('flushes at start, when the connection returns, when the page is visible again and on a timer', () => {
    vi.useFakeTimers()
    const flush = vi.fn()
    const stop = watchQueue(flush, 1000, () => 0.5)
    expect(flush).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('online'))
    expect(flush).toHaveBeenCalledTimes(2)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(flush).toHaveBeenCalledTimes(3)
    vi.advanceTimersByTime(1000)
    expect(flush).toHaveBeenCalledTimes(4)
    vi.advanceTimersByTime(1000)
    expect(flush).toHaveBeenCalledTimes(5)
    stop()
    window.dispatchEvent(new Event('online'))
    vi.advanceTimersByTime(5000)
    expect(flush).toHaveBeenCalledTimes(5)
  })
  it('spreads the timed flushes by jitter', () => {
    vi.useFakeTimers()
    const flush = vi.fn()
    const stop = watchQueue(flush, 1000, () => 0)
    vi.advanceTimersByTime(499)
    expect(flush).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(flush).toHaveBeenCalledTimes(2)
    stop()
  })
})
