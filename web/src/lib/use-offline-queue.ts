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

export interface OfflineQueue {
  /** the scope's writes the server does not have yet, oldest first */
  pending: QueuedWrite[]
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
    const read = () =>
      void pendingWrites(scope).then(
        (writes) => live && setPending(writes),
        () => live && setPending([]),
      )
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

  return { pending, online, add, flush }
}
