import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useDispatch, useStore } from 'react-redux'
import { API_TIMEOUT_MS, apiBaseUrl } from '@/lib/api/base'
import { renewToken } from '@/lib/auth/actions'
import type { WithSession } from '@/lib/auth/session-slice'
import {
  enqueue,
  flushQueue,
  httpSender,
  newIdempotencyKey,
  onQueueChange,
  pendingWrites,
  watchQueue,
  type FlushResult,
  type NewWrite,
  type QueuedWrite,
} from '@/lib/offline-queue'
import { currentProfile } from '@/lib/storage'
import { APP_ERROR, toastShown } from '@/lib/toast'

export interface OfflineQueueOptions {
  /** the writes this screen shows as pending */
  scope: string
  /** what a refused write's toast says (default: the server's message) */
  refusedText?: (result: FlushResult & { outcome: { kind: 'refused' } }) => string
  /** after a flush that settled writes (sent or refused): re-read what they changed */
  onSettled?: (results: FlushResult[]) => void
  intervalMs?: number
}

/** A write that left the queue (the server took or refused it, here or in another tab) and when this tab saw it go. */
export interface LeftWrite {
  write: QueuedWrite
  at: number
}

/** How long a write that left is remembered: a screen waits for a list read after it (see `left`). */
export const LEFT_KEPT_MS = 60_000

export interface OfflineQueue {
  /** the scope's writes the server does not have yet, oldest first */
  pending: QueuedWrite[]
  /**
   * The scope's writes that left the queue in the last minute, noted in the same update that drops them from
   * `pending` (so no frame shows a write in neither): a screen keeps showing one as pending until a read
   * begun after `at` has shown its effect.
   */
  left: LeftWrite[]
  online: boolean
  /** stores the write, then tries to send it at once (it stays queued while that fails) */
  add: (write: Omit<NewWrite, 'scope'>) => Promise<QueuedWrite>
  flush: () => Promise<void>
}

/**
 * The offline queue on a screen: flushed at start, on `online`, when the page is visible again and on a
 * timer; with the session's token and Caller-Id (a 401 renews the token once). A refused write (4xx) is
 * dropped with a toast of the server's answer.
 */
export function useOfflineQueue(options: OfflineQueueOptions): OfflineQueue {
  const dispatch = useDispatch()
  const store = useStore<WithSession>()
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const { scope, intervalMs } = options
  const [pending, setPending] = useState<QueuedWrite[]>([])
  const [left, setLeft] = useState<LeftWrite[]>([])
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))

  const sender = useMemo(
    () =>
      httpSender({
        baseUrl: apiBaseUrl,
        timeoutMs: API_TIMEOUT_MS,
        fallbackMessage: APP_ERROR,
        headers: () => {
          const headers: Record<string, string> = {}
          const token = store.getState().session.accessToken
          if (token) headers['X-Auth-Token'] = token
          const callerId = currentProfile.get()
          if (callerId !== null && token) headers['Caller-Id'] = String(callerId)
          return headers
        },
        onUnauthorized: () => renewToken(dispatch),
      }),
    [dispatch, store],
  )

  const settle = useCallback(
    (results: FlushResult[]) => {
      if (!results.length) return
    for (const result of results) {
      if (result.outcome.kind !== 'refused') continue
      const text = latest.current.refusedText?.(result as FlushResult & { outcome: { kind: 'refused' } }) ?? result.outcome.message
      dispatch(toastShown(text))
    }
      latest.current.onSettled?.(results)
    },
    [dispatch],
  )

  const flush = useCallback(async () => settle(await flushQueue(sender)), [sender, settle])

  useEffect(() => {
    let live = true
    let known: QueuedWrite[] = []
    // `now`: when the queue changed (a write left after the server's answer, before `onSettled`), not when
    // IndexedDB answered the read that shows it
    const seen = (writes: QueuedWrite[], now: number) => {
      if (!live) return
      const keys = new Set(writes.map((write) => write.key))
      const gone = known.filter((write) => !keys.has(write.key)).map((write) => ({ write, at: now }))
      known = writes
      setPending(writes)
      if (gone.length) setLeft((kept) => [...kept.filter((entry) => now - entry.at < LEFT_KEPT_MS), ...gone])
    }
    const read = () => {
      const now = Date.now()
      void pendingWrites(scope).then(
        (writes) => seen(writes, now),
        () => seen([], now),
      )
    }
    read()
    const stop = onQueueChange(read)
    return () => {
      live = false
      stop()
    }
  }, [scope])

  useEffect(() => {
    const onLine = () => setOnline(true)
    const offLine = () => setOnline(false)
    window.addEventListener('online', onLine)
    window.addEventListener('offline', offLine)
    const stop = watchQueue(() => void flush().catch(() => {}), intervalMs)
    return () => {
      window.removeEventListener('online', onLine)
      window.removeEventListener('offline', offLine)
      stop()
    }
  }, [flush, intervalMs])

  const add = useCallback(
    async (write: Omit<NewWrite, 'scope'>) => {
      let stored: QueuedWrite
      try {
        stored = await enqueue({ ...write, scope })
      } catch {
        // no IndexedDB here (a private window of some browsers): sent once, as it is, without the queue
        const direct: QueuedWrite = { ...write, scope, key: write.key ?? newIdempotencyKey(), createdAt: Date.now(), attempts: 0 }
        const outcome = await sender(direct)
        if (outcome.kind === 'later') dispatch(toastShown(APP_ERROR))
        else settle([{ write: direct, outcome }])
        return direct
      }
      // offline: it waits for `online`; otherwise it goes now, through the same path as a replay
      if (navigator.onLine !== false) void flush().catch(() => {})
      return stored
    },
    [dispatch, flush, scope, sender, settle],
  )

  return { pending, left, online, add, flush }
}
