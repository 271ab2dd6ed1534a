import { reconnectDelay } from '@/lib/backoff'

/**
 * The live feed: GET /api/live?topics=… read as Server-Sent Events with fetch (the token travels in
 * X-Auth-Token, never in a URL, which EventSource would need). Reconnects with Last-Event-ID so whatever
 * happened while the connection was down is replayed. One connection serves every screen of the browser
 * (live-feed.ts); this is that connection.
 */

export interface SseMessage {
  id?: string
  event: string
  data: string
}

export interface LiveEnvelope {
  id: string
  type: string
  topics: string[]
  data: Record<string, unknown>
}

/** An incremental SSE parser: feed it text as it arrives, it calls back once per complete message. */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry?: (ms: number) => void) {
  let buffer = ''
  let event = ''
  let data: string[] = []
  let id: string | undefined
  return (chunk: string) => {
    buffer += chunk
    let newline: number
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
      if (line === '') {
        if (data.length) onMessage({ id, event: event || 'message', data: data.join('\n') })
        event = ''
        data = []
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'data') data.push(value)
      else if (field === 'event') event = value
      else if (field === 'id') id = value
      else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value))
    }
  }
}

export interface LiveFeedOptions {
  topics: string[]
  getToken: () => string | null
  onEnvelope: (envelope: LiveEnvelope) => void
  /** called on 401: renew the token and answer whether to go on */
  onUnauthorized: () => Promise<boolean>
  /**
   * the connection is (again) live; `count`: the how-manieth ready, from 1; `resumed`: the gateway's word that
   * everything since the Last-Event-ID sent was replayed (no gap: nothing to read again), undefined when it
   * says nothing (an older gateway)
   */
  onReady?: (count: number, resumed: boolean | undefined) => void
  /** where to resume: the id of the last frame an earlier connection read (it is replayed what came after) */
  lastEventId?: string
  /** each frame's id, as it is read (the position to resume from) */
  onId?: (id: string) => void
}

/** The `resumed` of a `ready` frame's data (`{"resumed": true}`), or undefined when it says nothing. */
export function readyResumed(data: string): boolean | undefined {
  try {
    const parsed: unknown = JSON.parse(data)
    const resumed = parsed && typeof parsed === 'object' ? (parsed as { resumed?: unknown }).resumed : undefined
    return typeof resumed === 'boolean' ? resumed : undefined
  } catch {
    return undefined
  }
}

export function openLiveFeed(options: LiveFeedOptions): () => void {
  const controller = new AbortController()
  let lastEventId = options.lastEventId
  // the `retry:` of the stream being read: kept when the server ends the stream (a shutting-down gateway spreads
  // its clients' returns over a few seconds); a failure backs off with jitter instead (backoff.ts)
  let serverRetryMs: number | undefined
  let failures = 0
  let readies = 0

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })

  const parser = createSseParser(
    (message) => {
      if (message.id) {
        lastEventId = message.id
        options.onId?.(message.id)
      }
      if (message.event === 'ready') {
        failures = 0
        readies += 1
        options.onReady?.(readies, readyResumed(message.data))
        return
      }
      try {
        options.onEnvelope(JSON.parse(message.data) as LiveEnvelope)
      } catch {
        /* not an envelope: ignored */
      }
    },
    (ms) => {
      serverRetryMs = ms
    },
  )

  const run = async () => {
    const url = `${window.location.origin}/api/live?topics=${encodeURIComponent(options.topics.join(','))}`
    while (!controller.signal.aborted) {
      serverRetryMs = undefined
      let endedByServer = false
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' }
        const token = options.getToken()
        if (token) headers['X-Auth-Token'] = token
        if (lastEventId) headers['Last-Event-ID'] = lastEventId
        const response = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' })
        if (response.status === 401) {
          if (!(await options.onUnauthorized())) return
          continue
        }
        // a `user:` topic the token does not hold (a profile added since it was issued, maybe in another tab)
        if (response.status === 403 && !(await options.onUnauthorized())) return
        if (!response.ok || !response.body) throw new Error(`live feed answered ${response.status}`)
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          parser(value)
        }
        endedByServer = true
      } catch {
        if (controller.signal.aborted) return
        failures += 1
      }
      await sleep(reconnectDelay({ failures: Math.max(failures - 1, 0), serverRetryMs: endedByServer ? serverRetryMs : undefined }))
    }
  }
  void run()
  return () => controller.abort()
}
