/**
 * When to try the server again (docs/decisions.md, "Readiness and shutting down"). A gateway that shuts down
 * ends every live stream at once, and a venue's Wi-Fi coming back wakes every phone at once: a fixed delay
 * would bring them all back in the same millisecond. So a delay the server names (SSE `retry:`, already spread by the
 * server) is kept as it is; otherwise the delay is "full jitter": anything from 0 to an exponentially growing
 * ceiling, capped, the count of failures starting over after a good connection.
 */

export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000

/** The delay before attempt `failures` + 1, after `failures` failures in a row (0: the first retry). */
export function backoffDelay(failures: number, random: () => number = Math.random, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(failures, 0), 30))
  return Math.floor(random() * ceiling)
}

/** The live feed's next delay: the server's `retry:` when the stream ended as the server meant it to, else backoff. */
export function reconnectDelay(options: { failures: number; serverRetryMs?: number; random?: () => number }): number {
  if (options.serverRetryMs !== undefined) return options.serverRetryMs
  return backoffDelay(options.failures, options.random)
}

/** A periodic retry (the offline queue's flush), spread between half and one and a half of its interval. */
export function jitteredInterval(intervalMs: number, random: () => number = Math.random): number {
  return Math.round(intervalMs * (0.5 + random()))
}
