import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { jitteredInterval } from '@/lib/backoff'

/**
 * Writes kept on the device until the server has them (docs/architecture.md, The offline queue). A staff tablet at a
 * venue whose Wi-Fi drops keeps working: each write is stored in IndexedDB with its own Idempotency-Key,
 * then sent in order when the connection returns. The server stores its answer per key, so a write sent
 * twice (the answer was lost, two tabs flushed together) is done once. Background Sync is Chromium-only,
 * so the flush is ours: on `online`, when the page becomes visible, on a timer and at start.
 */

export interface QueuedWrite {
  /** the Idempotency-Key sent with it, also its key in the store */
  key: string
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** under /api, e.g. `/events/42/checkin/7` */
  path: string
  body?: unknown
  /** ms since the epoch */
  createdAt: number
  /** who shows it: a screen lists the writes of its scope (`event:42`) */
  scope: string
  /** what the screen needs to show it before the server has it (e.g. `{userId: 7}`) */
  meta?: Record<string, unknown>
  attempts: number
}

export type NewWrite = Pick<QueuedWrite, 'method' | 'path' | 'body' | 'scope' | 'meta'> & { key?: string }

/** What became of one write when it was sent. */
export type SendOutcome =
  | { kind: 'sent'; status: number; body: unknown }
  /** the server refused it (a 4xx): sending it again would change nothing */
  | { kind: 'refused'; status: number; body: unknown; message: string }
  /** not now (no connection, a time-out, a 5xx, a 401 that could not be renewed): kept for the next flush */
  | { kind: 'later'; reason: string }

export interface FlushResult {
  write: QueuedWrite
  outcome: Exclude<SendOutcome, { kind: 'later' }>
}

interface QueueSchema extends DBSchema {
  writes: { key: string; value: QueuedWrite; indexes: { createdAt: number } }
}

export const QUEUE_DB = 'cypher-offline'
const STORE = 'writes'

let database: Promise<IDBPDatabase<QueueSchema>> | null = null

function db(): Promise<IDBPDatabase<QueueSchema>> {
  database ??= openDB<QueueSchema>(QUEUE_DB, 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore(STORE, { keyPath: 'key' }).createIndex('createdAt', 'createdAt')
    },
  })
  return database
}

type Listener = () => void
const listeners = new Set<Listener>()
let channel: BroadcastChannel | null | undefined

/** Other tabs of the app hear of changes too (one tablet, two check-in tabs). */
function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_DB)
    if (channel) channel.onmessage = () => listeners.forEach((listener) => listener())
  }
  return channel
}

function changed() {
  listeners.forEach((listener) => listener())
  broadcast()?.postMessage('changed')
}

/** Called whenever a write is added or leaves the queue (in this tab or another). */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener)
  broadcast()
  return () => listeners.delete(listener)
}

/** A fresh Idempotency-Key (randomUUID needs a secure context: plain http on a LAN falls back to random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext !== false) return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

let lastStamp = 0

/** The writes are sent in the order they were made: two made in one millisecond get distinct times. */
function stamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return lastStamp
}

export async function enqueue(write: NewWrite): Promise<QueuedWrite> {
  const stored: QueuedWrite = {
    key: write.key ?? newIdempotencyKey(),
    method: write.method,
    path: write.path,
    body: write.body,
    scope: write.scope,
    meta: write.meta,
    createdAt: stamp(),
    attempts: 0,
  }
  await (await db()).put(STORE, stored)
  changed()
  return stored
}

/** The writes waiting, oldest first (of one scope, or all). */
export async function pendingWrites(scope?: string): Promise<QueuedWrite[]> {
  const all = await (await db()).getAllFromIndex(STORE, 'createdAt')
  return scope === undefined ? all : all.filter((write) => write.scope === scope)
}

export async function removeWrite(key: string): Promise<void> {
  await (await db()).delete(STORE, key)
  changed()
}

/** Empties the queue and forgets the connection (tests). */
export async function resetQueue(): Promise<void> {
  if (database) {
    const open = await database
    await open.clear(STORE)
    open.close()
  }
  database = null
}

export type Sender = (write: QueuedWrite) => Promise<SendOutcome>

let flushing: Promise<FlushResult[]> | null = null
let again = false

/**
 * Sends the waiting writes in the order they were made. A write the server took or refused leaves the
 * queue; the first one that must wait stops the flush (the next ones would fail alike, and order is kept).
 * One flush at a time in this tab, and across tabs where the browser has Web Locks. A flush asked for
 * while one runs makes it go round once more (a write added meanwhile is not left for the timer), and
 * answers no results: the flush under way reports them, once.
 */
export async function flushQueue(send: Sender): Promise<FlushResult[]> {
  if (flushing) {
    again = true
    await flushing
    return []
  }
  flushing = (async () => {
    const results: FlushResult[] = []
    try {
      do {
        again = false
        const run = () => sendAll(send)
        const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
        results.push(...(locks?.request ? await locks.request(`${QUEUE_DB}-flush`, run) : await run()))
      } while (again && navigator.onLine !== false)
      return results
    } finally {
      flushing = null
    }
  })()
  return flushing
}

async function sendAll(send: Sender): Promise<FlushResult[]> {
  const results: FlushResult[] = []
  for (const write of await pendingWrites()) {
    // another tab may have sent it meanwhile
    if (!(await (await db()).get(STORE, write.key))) continue
    const outcome = await send(write).catch((error: unknown): SendOutcome => ({ kind: 'later', reason: String(error) }))
    if (outcome.kind === 'later') {
      await (await db()).put(STORE, { ...write, attempts: write.attempts + 1 })
      break
    }
    await removeWrite(write.key)
    results.push({ write, outcome })
  }
  return results
}

/** The message of an error answer: the kit's `{error: {message}}`, `{detail}`, or a short text. */
export function answerMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300)
  if (typeof body !== 'object' || body === null) return fallback
  const { error, detail } = body as { error?: unknown; detail?: unknown }
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  if (typeof detail === 'string') return detail
  return fallback
}

export interface HttpSenderOptions {
  /** the API's base, e.g. `${origin}/api` */
  baseUrl: () => string
  headers: () => Record<string, string>
  /** a 401: renew the session and answer whether to try once more */
  onUnauthorized?: () => Promise<boolean>
  timeoutMs?: number
  fallbackMessage: string
}

/**
 * Sends a write as JSON with its Idempotency-Key. No answer, a time-out, a 5xx, 408 or 429: later. Any other
 * 4xx: refused (401 after a failed renewal waits instead: the staff member signs in again and nothing is lost).
 */
export function httpSender(options: HttpSenderOptions): Sender {
  const once = async (write: QueuedWrite): Promise<Response> => {
    const headers = new Headers(options.headers())
    headers.set('Idempotency-Key', write.key)
    if (write.body !== undefined) headers.set('Content-Type', 'application/json')
    const request = new Request(options.baseUrl() + write.path, {
      method: write.method,
      headers,
      body: write.body === undefined ? undefined : JSON.stringify(write.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout?.(options.timeoutMs ?? 15_000),
    })
    return fetch(request)
  }
  return async (write) => {
    let response: Response
    try {
      response = await once(write)
      if (response.status === 401 && options.onUnauthorized && (await options.onUnauthorized())) response = await once(write)
    } catch (error) {
      return { kind: 'later', reason: error instanceof Error ? error.message : String(error) }
    }
    const text = await response.text().catch(() => '')
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: the text itself */
    }
    if (response.ok) return { kind: 'sent', status: response.status, body }
    const status = response.status
    if (status >= 500 || status === 401 || status === 408 || status === 429) return { kind: 'later', reason: `HTTP ${status}` }
    return { kind: 'refused', status, body, message: answerMessage(body, options.fallbackMessage) }
  }
}

export const FLUSH_INTERVAL_MS = 15_000

/**
 * Flushes at start, when the connection returns, when the page becomes visible again and about every
 * `intervalMs` while writes wait (each wait spread by jitter, backoff.ts: the door's tablets do not all retry
 * together). Answers the function that stops it.
 */
export function watchQueue(flush: () => void, intervalMs = FLUSH_INTERVAL_MS, random: () => number = Math.random): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush()
  }
  window.addEventListener('online', flush)
  document.addEventListener('visibilitychange', onVisible)
  let timer: ReturnType<typeof setTimeout>
  const schedule = () => {
    timer = setTimeout(() => {
      if (navigator.onLine !== false) flush()
      schedule()
    }, jitteredInterval(intervalMs, random))
  }
  schedule()
  flush()
  return () => {
    window.removeEventListener('online', flush)
    document.removeEventListener('visibilitychange', onVisible)
    clearTimeout(timer)
  }
}
