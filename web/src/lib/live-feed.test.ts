import { afterEach, describe, expect, it, vi } from 'vitest'
import { envelopeFrame, liveStreamResponse, readyFrame, type LiveStream } from '@/testing/live-gateway'
import type { LiveEnvelope } from './live'
import { LiveFeed, type LiveFeedOptions } from './live-feed'
import { FOLLOWER_TTL_MS, LEADER_SILENCE_MS, liveGroup, type LockManagerLike } from './live-share'

/** The gateway's live streams stood in for at fetch (every other call fails: none is expected). */
function fakeGateway() {
  const streams: LiveStream[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      if (new URL(request.url).pathname !== '/api/live') throw new Error(`unexpected ${request.url}`)
      return liveStreamResponse(request, init, streams)
    }),
  )
  const open = () => streams.filter((stream) => !stream.signal.aborted)
  return { streams, open }
}

/** A screen's subscription: what reached it and how often it re-read. */
function screen(feed: LiveFeed, topics: string[]) {
  const seen: string[] = []
  const ready = { count: 0 }
  const close = feed.subscribe(topics, { onEnvelope: (envelope: LiveEnvelope) => seen.push(envelope.id), onReady: () => (ready.count += 1) })
  return { seen, ready, close }
}

const feeds: LiveFeed[] = []
function tab(options: Partial<LiveFeedOptions> = {}, group = 'guest') {
  const feed = new LiveFeed({ getToken: () => 'token-7', onUnauthorized: async () => true, debounceMs: 5, locks: null, ...options })
  feed.start(group)
  feeds.push(feed)
  return feed
}

afterEach(() => {
  feeds.splice(0).forEach((feed) => feed.stop())
  vi.unstubAllGlobals()
})

describe('the live feed of a tab', () => {
  it('opens one stream for the union of its screens, once for screens mounting together', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    screen(feed, ['battle:7'])
    screen(feed, ['battle:7', 'user:5'])
    screen(feed, ['sparring:11'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    expect(streams[0].topics).toEqual(['battle:7', 'user:5', 'sparring:11'])
    expect(streams[0].headers.get('X-Auth-Token')).toBe('token-7')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(streams).toHaveLength(1)
  })

  it('hands each envelope to the screens of its topics, once each', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    const battle = screen(feed, ['battle:7'])
    const both = screen(feed, ['battle:7', 'sparring:11'])
    const bell = screen(feed, ['user:5'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(readyFrame('B:1'))
    streams[0].send(envelopeFrame('B:2', 'battles.sparring.scored', ['sparring:11', 'battle:7']))
    streams[0].send(envelopeFrame('B:3', 'identity.notification.created', ['user:5']))
    await vi.waitFor(() => expect(bell.seen).toEqual(['B:3']))
    expect(battle.seen).toEqual(['B:2'])
    expect(both.seen).toEqual(['B:2'])
  })

  it('re-reads each screen once ready; one joining a followed topic re-reads at once, without a new stream', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    const first = screen(feed, ['battle:7'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    expect(first.ready.count).toBe(0)
    streams[0].send(readyFrame('B:1'))
    await vi.waitFor(() => expect(first.ready.count).toBe(1))
    const second = screen(feed, ['battle:7'])
    await vi.waitFor(() => expect(second.ready.count).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(streams).toHaveLength(1)
    expect(first.ready.count).toBe(1)
  })

  it('reopens for a new topic with Last-Event-ID; only the screen that added it re-reads', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    const battle = screen(feed, ['battle:7'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(readyFrame('BATTLES:1'))
    streams[0].send(envelopeFrame('BATTLES:2', 'battles.battle.updated', ['battle:7']))
    await vi.waitFor(() => expect(battle.seen).toEqual(['BATTLES:2']))
    const sparring = screen(feed, ['sparring:11'])
    await vi.waitFor(() => expect(streams).toHaveLength(2))
    expect(streams[0].signal.aborted).toBe(true)
    expect(streams[1].topics).toEqual(['battle:7', 'sparring:11'])
    expect(streams[1].headers.get('Last-Event-ID')).toBe('BATTLES:2')
    // the gateway replays what the battle's screen missed meanwhile, then `ready`
    streams[1].send(envelopeFrame('BATTLES:3', 'battles.battle.updated', ['battle:7']))
    streams[1].send(readyFrame('BATTLES:3'))
    await vi.waitFor(() => expect(sparring.ready.count).toBe(1))
    expect(battle.seen).toEqual(['BATTLES:2', 'BATTLES:3'])
    expect(battle.ready.count).toBe(1)
  })

  it('keeps the stream while a screen still follows a topic, narrows it, and closes it with the last screen', async () => {
    const { streams, open } = fakeGateway()
    const feed = tab()
    const a = screen(feed, ['battle:7'])
    const b = screen(feed, ['battle:7'])
    const c = screen(feed, ['user:5'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(readyFrame('B:1'))
    await vi.waitFor(() => expect(a.ready.count).toBe(1))
    a.close()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(streams).toHaveLength(1)
    c.close()
    await vi.waitFor(() => expect(streams).toHaveLength(2))
    expect(streams[1].topics).toEqual(['battle:7'])
    expect(streams[1].headers.get('Last-Event-ID')).toBe('B:1')
    streams[1].send(readyFrame('B:2'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(b.ready.count).toBe(1)
    b.close()
    await vi.waitFor(() => expect(open()).toHaveLength(0))
    expect(streams).toHaveLength(2)
  })

  it('re-reads nothing when the gateway resumed a dropped stream with nothing missing, every screen after a gap', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    const a = screen(feed, ['battle:7'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send('retry: 5\n\n' + readyFrame('B:1', false))
    await vi.waitFor(() => expect(a.ready.count).toBe(1))
    streams[0].end()
    await vi.waitFor(() => expect(streams).toHaveLength(2))
    expect(streams[1].headers.get('Last-Event-ID')).toBe('B:1')
    // the missed message replayed, then ready: resumed
    streams[1].send(envelopeFrame('B:2', 'battles.prelims.scored', ['battle:7']) + 'retry: 5\n\n' + readyFrame('B:2', true))
    await vi.waitFor(() => expect(a.seen).toEqual(['B:2']))
    streams[1].end()
    await vi.waitFor(() => expect(streams).toHaveLength(3))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(a.ready.count).toBe(1)
    // what it missed is gone from the stream: not resumed, the screen reads again
    streams[2].send(readyFrame('B:5', false))
    await vi.waitFor(() => expect(a.ready.count).toBe(2))
  })

  it('re-reads every screen when a dropped stream comes back', async () => {
    const { streams } = fakeGateway()
    const feed = tab()
    const a = screen(feed, ['battle:7'])
    const b = screen(feed, ['user:5'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send('retry: 5\n\n' + readyFrame('B:1'))
    await vi.waitFor(() => expect(b.ready.count).toBe(1))
    streams[0].end()
    await vi.waitFor(() => expect(streams).toHaveLength(2))
    expect(streams[1].headers.get('Last-Event-ID')).toBe('B:1')
    streams[1].send(readyFrame('B:2'))
    await vi.waitFor(() => expect(a.ready.count).toBe(2))
    expect(b.ready.count).toBe(2)
  })
})

/** navigator.locks as far as the feed uses it: one holder per name, the others wait in turn; `steal` takes it over. */
function fakeLocks(): LockManagerLike {
  const holders = new Map<string, (error: Error) => void>()
  const queues = new Map<string, (() => void)[]>()
  return {
    request: (name, options, callback) =>
      new Promise((resolve, reject) => {
        let settled = false
        const settle = (done: () => void) => {
          if (!settled) done()
          settled = true
        }
        const run = () => {
          const drop = (error: Error) => settle(() => reject(error))
          holders.set(name, drop)
          queueMicrotask(() => {
            void callback()
              .then((value) => settle(() => resolve(value)))
              .finally(() => {
                if (holders.get(name) !== drop) return
                holders.delete(name)
                queues.get(name)?.shift()?.()
              })
          })
        }
        if (options.steal) {
          holders.get(name)?.(new DOMException('taken over', 'AbortError'))
          return run()
        }
        if (!holders.has(name)) return run()
        const queue = queues.get(name) ?? []
        queues.set(name, queue)
        queue.push(run)
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(run)
          if (at >= 0) queue.splice(at, 1)
          settle(() => reject(new DOMException('aborted', 'AbortError')))
        })
      }),
  }
}

describe('the live feed of a browser (tabs sharing one stream)', () => {
  it("opens one stream for every tab's screens, hands the envelopes and `ready` on, and passes the stream on when its tab closes", async () => {
    const { streams, open } = fakeGateway()
    const locks = fakeLocks()
    const first = tab({ locks })
    const battle = screen(first, ['battle:7'])
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    const second = tab({ locks })
    const scoreboard = screen(second, ['carpet:3'])
    const bell = screen(second, ['user:5'])
    await vi.waitFor(() => expect(open().at(-1)?.topics).toEqual(['battle:7', 'carpet:3', 'user:5']))
    expect(open()).toHaveLength(1)
    const stream = open()[0]
    stream.send(readyFrame('B:1'))
    await vi.waitFor(() => expect(bell.ready.count).toBe(1))
    expect(scoreboard.ready.count).toBe(1)
    expect(battle.ready.count).toBe(1)
    stream.send(envelopeFrame('B:2', 'battles.sparring.scored', ['sparring:11', 'carpet:3']))
    await vi.waitFor(() => expect(scoreboard.seen).toEqual(['B:2']))
    expect(battle.seen).toEqual([])
    // a third tab joining a followed topic re-reads at once, and the stream stays
    const third = tab({ locks })
    const again = screen(third, ['battle:7'])
    await vi.waitFor(() => expect(again.ready.count).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(open()).toEqual([stream])

    // the leader's tab closes: the next one opens the stream for the tabs left, and each re-reads once ready
    first.stop()
    await vi.waitFor(() => expect(open()).toHaveLength(1))
    const next = open()[0]
    expect(next).not.toBe(stream)
    expect([...next.topics].sort()).toEqual(['battle:7', 'carpet:3', 'user:5'])
    next.send(readyFrame('B:3'))
    await vi.waitFor(() => expect(scoreboard.ready.count).toBe(2))
    expect(again.ready.count).toBe(2)
    next.send(envelopeFrame('B:4', 'battles.battle.updated', ['battle:7']))
    await vi.waitFor(() => expect(again.seen).toEqual(['B:4']))
    expect(battle.seen).toEqual([])
  })

  it("narrows the stream when a tab's screens go, and forgets a tab gone without a word", async () => {
    const { open } = fakeGateway()
    const locks = fakeLocks()
    let clock = 0
    const now = () => clock
    const leader = tab({ locks, now }, 'account-1')
    screen(leader, ['battle:7'])
    await vi.waitFor(() => expect(open()).toHaveLength(1))
    // a tab that crashed told its topics once and nothing since
    const ghost = new BroadcastChannel('cypher-live:account-1')
    ghost.postMessage({ t: 'topics', tab: 'ghost', topics: ['studio:2'] })
    ghost.close()
    await vi.waitFor(() => expect(open()[0]?.topics).toEqual(['battle:7', 'studio:2']))
    const follower = tab({ locks, now }, 'account-1')
    const bell = screen(follower, ['user:5'])
    await vi.waitFor(() => expect(open()[0]?.topics).toEqual(['battle:7', 'studio:2', 'user:5']))
    bell.close()
    await vi.waitFor(() => expect(open()[0]?.topics).toEqual(['battle:7', 'studio:2']))
    clock += FOLLOWER_TTL_MS + 1
    screen(follower, ['user:5'])
    await vi.waitFor(() => expect(open()[0]?.topics).toEqual(['battle:7', 'user:5']))
    // another account's tabs are a group of their own
    const other = tab({ locks, now }, 'account-2')
    screen(other, ['user:9'])
    await vi.waitFor(() => expect(open()).toHaveLength(2))
    expect(open()[1].topics).toEqual(['user:9'])
  })
})

describe('a leader tab that went silent', () => {
  it('is taken over by a visible tab that follows something; the one taken over follows the new leader', async () => {
    const { open } = fakeGateway()
    const locks = fakeLocks()
    let clock = 0
    const now = () => clock
    // a leader the browser froze: it holds the lock and says nothing
    let frozenLost = false
    void locks.request('cypher-live:guest', {}, () => new Promise<void>(() => {})).catch(() => (frozenLost = true))
    const tabOptions = { locks, now, heartbeatMs: 10 }
    const follower = tab(tabOptions)
    const scoreboard = screen(follower, ['carpet:3'])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(open()).toHaveLength(0)
    clock += LEADER_SILENCE_MS + 1
    await vi.waitFor(() => expect(open()).toHaveLength(1))
    expect(open()[0].topics).toEqual(['carpet:3'])
    expect(frozenLost).toBe(true)
    open()[0].send(readyFrame('B:1'))
    await vi.waitFor(() => expect(scoreboard.ready.count).toBe(1))

    // the lock taken from this leader in turn: it closes its stream and waits for the lock again
    const first = open()[0]
    let handBack!: () => void
    void locks.request('cypher-live:guest', { steal: true }, () => new Promise<void>((resolve) => (handBack = resolve)))
    await vi.waitFor(() => expect(first.signal.aborted).toBe(true))
    handBack()
    await vi.waitFor(() => expect(open()).toHaveLength(1))
    expect(open()[0]).not.toBe(first)
    open()[0].send(readyFrame('B:2'))
    await vi.waitFor(() => expect(scoreboard.ready.count).toBe(2))
  })
})

describe('which tabs share a stream', () => {
  it("groups a signed-in account's tabs by its id, and the guests' apart", () => {
    const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`
    expect(liveGroup(null)).toBe('guest')
    expect(liveGroup(token({ sub: '12', pids: [5] }))).toBe('account-12')
    expect(liveGroup(token({ sub: '12', pids: [5, 6] }))).toBe('account-12')
    expect(liveGroup(token({ sub: '13' }))).toBe('account-13')
    expect(liveGroup('not-a-jwt')).toBe('signed-in')
  })
})
