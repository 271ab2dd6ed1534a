import { vi } from 'vitest'

/**
 * The gateway's live feed stood in for at the browser's transport (fetch with a streamed body): a test writes
 * what the gateway would send on each stream opened, and sees what each asked for.
 */
export interface LiveStream {
  url: URL
  /** the topics it follows, as the feed's URL names them */
  topics: string[]
  headers: Headers
  signal: AbortSignal
  send: (text: string) => void
  end: () => void
}

/** The answer to a GET /api/live, its stream added to `streams`. */
export function liveStreamResponse(request: Request, init: RequestInit | undefined, streams: LiveStream[]): Response {
  const url = new URL(request.url)
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  const encoder = new TextEncoder()
  const signal = init?.signal ?? request.signal
  signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
  streams.push({
    url,
    topics: (url.searchParams.get('topics') ?? '').split(','),
    headers: new Headers(init?.headers),
    signal: signal!,
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  })
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
}

/** `fetch` stood in for by the gateway: each GET /api/live a stream added to `streams`, `answer` every other request. */
export function stubGatewayFetch(streams: LiveStream[], answer: (request: Request, url: URL) => Promise<Response> | Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const url = new URL(request.url)
      if (url.pathname === '/api/live') return liveStreamResponse(request, init, streams)
      return answer(request, url)
    }),
  )
}

/** A `ready` frame (`resumed`: the gateway's word, left out as an older gateway did), and a message frame. */
export const readyFrame = (id = 'B:0', resumed?: boolean) =>
  `id: ${id}\nevent: ready\ndata: ${resumed === undefined ? '{}' : JSON.stringify({ resumed })}\n\n`
export const envelopeFrame = (id: string, type: string, topics: string[], data: Record<string, unknown> = {}) =>
  `id: ${id}\nevent: message\ndata: ${JSON.stringify({ id, type, topics, data })}\n\n`
