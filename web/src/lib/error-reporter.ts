/**
 * What goes wrong in the browser reaches us: uncaught errors, unhandled rejections and the errors a route's error
 * boundary catches are posted to the gateway (POST /api/client-errors; docs/decisions.md, "Client errors reach
 * us"). A chunk that failed to load is a new deploy, answered by a reload (app/lazy.ts), not a defect: ignored.
 * Never throws, never retries, and sends each error once and at most MAX_REPORTS per page load.
 */

export type ClientErrorKind = 'error' | 'rejection' | 'boundary'

export const MAX_REPORTS = 20
const LIMITS = { message: 2000, stack: 8000, url: 2000 }

const CHUNK_LOAD = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading (CSS )?chunk .* failed/i,
  /Loading chunk timed out/i,
  /Unable to preload CSS/i,
]

/** A code-split module that did not arrive (a deploy replaced it, or the network dropped): not ours to report. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error && error.name === 'ChunkLoadError') return true
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_LOAD.some((pattern) => pattern.test(message))
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack }
  if (typeof error === 'string') return { message: error }
  try {
    return { message: JSON.stringify(error) ?? String(error) }
  } catch {
    return { message: String(error) }
  }
}

const reportedErrors = new WeakSet<object>()
const reportedMessages = new Set<string>()
let reports = 0

/** Tests only: a fresh page load. */
export function resetErrorReporter(): void {
  reportedMessages.clear()
  reports = 0
}

export function reportClientError(kind: ClientErrorKind, error: unknown, componentStack?: string): void {
  if (error === undefined || error === null || isChunkLoadError(error)) return
  if (typeof error === 'object') {
    if (reportedErrors.has(error)) return // React hands a caught error to more than one listener
    reportedErrors.add(error)
  }
  const { message, stack } = describe(error)
  if (!message || reportedMessages.has(message) || reports >= MAX_REPORTS) return
  reportedMessages.add(message)
  reports += 1
  const body = {
    kind,
    message: message.slice(0, LIMITS.message),
    stack: stack?.slice(0, LIMITS.stack),
    componentStack: componentStack?.slice(0, LIMITS.stack),
    url: window.location.href.slice(0, LIMITS.url),
  }
  try {
    void fetch(`${window.location.origin}/api/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true, // the page may be going away
      credentials: 'omit',
    }).catch(() => {})
  } catch {
    /* reporting never breaks the page */
  }
}

/** Listens for uncaught errors and unhandled rejections; answers the function that stops listening. */
export function installErrorReporter(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportClientError('error', event.error ?? event.message)
  const onRejection = (event: PromiseRejectionEvent) => reportClientError('rejection', event.reason)
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
