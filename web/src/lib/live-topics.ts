import { useEffect, useRef } from 'react'
import { useDispatch } from 'react-redux'
import { api } from '@/lib/api/base'
import type { LiveEnvelope } from '@/lib/live'
import { useLiveFeed } from '@/lib/live-feed-provider'

/** An RTK Query tag as `invalidateTags` takes it (a type, or a type and an id). */
export type LiveTag = string | { type: string; id?: string | number }

/**
 * The tag type each topic's aggregate is cached under: `org:12` concerns `{type: 'Organization', id: 12}`.
 * The studios, events and battles screens add their line here when their tags exist.
 */
export const TOPIC_TAG_TYPES: Record<string, string> = {
  org: 'Organization',
  user: 'User',
  studio: 'Studio',
  event: 'Event',
  battle: 'Battle',
  sparring: 'Sparring',
  carpet: 'Carpet',
}

/** The tag a topic names (`org:12` → `{type: 'Organization', id: 12}`), or null for an unknown kind. */
export function topicTag(topic: string): LiveTag | null {
  const colon = topic.indexOf(':')
  if (colon <= 0) return null
  const type = TOPIC_TAG_TYPES[topic.slice(0, colon)]
  if (!type) return null
  const raw = topic.slice(colon + 1)
  const id = /^\d+$/.test(raw) ? Number(raw) : raw
  return raw ? { type, id } : { type }
}

export function topicTags(topics: readonly string[]): LiveTag[] {
  return topics.map(topicTag).filter((tag): tag is LiveTag => tag !== null)
}

export interface LiveTopicsOptions {
  /**
   * What a feature knows better than the topics: the tags an envelope of this type concerns (the bell:
   * `identity.notification.created` → `Notifications`). A type not listed invalidates the tags of its topics.
   */
  byType?: Record<string, (envelope: LiveEnvelope) => LiveTag[]>
  /** Tags re-read once the subscription is ready; by default those of the subscribed topics. */
  onReady?: LiveTag[]
  /** How long after mounting the feed opens: a stream that never ends must not hold up the first paint. */
  delayMs?: number
  /**
   * An envelope the screen applies to its cached copy itself (true: nothing is re-read). A crowd following one
   * sparring must not re-read it on every score.
   */
  apply?: (envelope: LiveEnvelope) => boolean
}

/** The tags one envelope concerns. */
export function envelopeTags(envelope: LiveEnvelope, options: LiveTopicsOptions = {}): LiveTag[] {
  const declared = options.byType?.[envelope.type]
  return declared ? declared(envelope) : topicTags(envelope.topics ?? [])
}

export const LIVE_START_DELAY_MS = 1500

/**
 * Follows `topics` on the gateway's live feed and invalidates the RTK Query tags each event concerns, so the
 * screens reading them re-read. A subscription sees only what happens after its `ready` (docs/architecture.md,
 * The live feed): once its topics are followed, and again whenever they may have had a gap (a reconnect), the
 * `onReady` tags are re-read once, so nothing between the first read and the subscription is lost. No topics (a
 * guest's bell, an id not known yet): nothing followed. Every screen shares the one feed of `LiveFeedProvider`.
 */
export function useLiveTopics(topics: readonly string[], options: LiveTopicsOptions = {}): void {
  const dispatch = useDispatch()
  const feed = useLiveFeed()
  // the latest options without subscribing again: callers pass literals
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  // the delay holds the first subscription only: later topics (an id just read) are followed at once
  const started = useRef(false)
  const key = topics.join(',')
  const delayMs = options.delayMs ?? LIVE_START_DELAY_MS

  useEffect(() => {
    const subscribed = key ? key.split(',') : []
    if (!subscribed.length) return
    const invalidate = (tags: LiveTag[]) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tag types of every feature, injected later
      if (tags.length) dispatch(api.util.invalidateTags(tags as any))
    }
    let close: (() => void) | undefined
    const start = () => {
      started.current = true
      close = feed.subscribe(subscribed, {
        onEnvelope: (envelope) => {
          if (!latest.current.apply?.(envelope)) invalidate(envelopeTags(envelope, latest.current))
        },
        onReady: () => invalidate(latest.current.onReady ?? topicTags(subscribed)),
      })
    }
    const timer = started.current ? undefined : setTimeout(start, delayMs)
    if (started.current) start()
    return () => {
      clearTimeout(timer)
      close?.()
    }
  }, [key, delayMs, dispatch, feed])
}
