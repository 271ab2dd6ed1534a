import type { LiveEnvelope } from '@/lib/live'
import { LiveConnection, newSession, type ConnectOptions, type LiveState } from '@/lib/live-connection'
import { shareAcrossTabs, type LiveSink, type LiveSource, type LockManagerLike } from '@/lib/live-share'

/**
 * One live connection for every screen (docs/architecture.md, The live feed). Over HTTP/1.1 a browser keeps 6
 * connections per host, and a live stream holds one for as long as it is open: a stream per screen, per tab,
 * would leave an organizer with a few tabs none for the reads.
 *
 * `LiveFeed` is the tab's side: the screens subscribe to topics, it counts them per topic and asks for their
 * union; `LiveConnection` is the stream (in one tab of the browser, see live-share.ts) that follows the union of
 * every tab's, reopening with `Last-Event-ID` when it changes. Each envelope goes to the subscribers whose topics
 * it carries.
 *
 * Readiness: a subscription sees only what happens after its `ready`, so each subscriber re-reads once
 * (`onReady`) when its topics are all covered, and again whenever coverage may have been broken:
 * - The connection says which of its topics are `live`: followed without a gap since its `session` began. A
 *   reopen for another topic set resumes with `Last-Event-ID` (the gateway replays what came after it on the new
 *   set), so the topics in both sets stay live and their subscribers need no re-read; only a subscriber whose
 *   topics were added waits for the new connection's `ready`.
 * - A subscriber joining topics that are live already re-reads at once: everything after that read reaches it.
 * - A dropped connection that comes back, a new leader tab, or a restart is a new `session`: every subscriber
 *   re-reads (the replay is not trusted across a failure, as before the feed was shared).
 * - A topic leaving the live set (the union shrank meanwhile) makes its subscribers wait for it again.
 */

export interface LiveHandlers {
  onEnvelope: (envelope: LiveEnvelope) => void
  /** the subscription is live: re-read what might have been missed */
  onReady: () => void
}

interface Subscriber extends LiveHandlers {
  topics: readonly string[]
  live: boolean
}

export interface LiveFeedOptions extends ConnectOptions {
  debounceMs?: number
  /** the Web Locks API (tests pass a stand-in); without it, or without BroadcastChannel, each tab has its own */
  locks?: LockManagerLike | null
  channel?: ((name: string) => BroadcastChannel) | null
  /** a stand-in clock and a shorter beat between tabs (tests) */
  now?: () => number
  heartbeatMs?: number
}

/** The tab's subscribers, their topics counted, fanned out to by topic. */
export class LiveFeed implements LiveSink {
  private readonly subscribers = new Set<Subscriber>()
  private readonly counts = new Map<string, number>()
  private state: LiveState = { session: '', live: new Set() }
  private source: LiveSource | null = null

  constructor(private readonly options: LiveFeedOptions) {}

  /** Follow `topics`; the answer ends the subscription. */
  subscribe(topics: readonly string[], handlers: LiveHandlers): () => void {
    const subscriber: Subscriber = { ...handlers, topics: [...new Set(topics)], live: false }
    this.subscribers.add(subscriber)
    let changed = false
    for (const topic of subscriber.topics) {
      const count = this.counts.get(topic) ?? 0
      this.counts.set(topic, count + 1)
      changed ||= count === 0
    }
    if (changed) this.source?.want(this.topics())
    // topics live already: re-read at once (after this call: callers subscribe from effects)
    queueMicrotask(() => {
      if (this.subscribers.has(subscriber)) this.settle(subscriber, false)
    })
    return () => {
      if (!this.subscribers.delete(subscriber)) return
      let shrunk = false
      for (const topic of subscriber.topics) {
        const count = (this.counts.get(topic) ?? 1) - 1
        if (count > 0) this.counts.set(topic, count)
        else {
          this.counts.delete(topic)
          shrunk = true
        }
      }
      if (shrunk) this.source?.want(this.topics())
    }
  }

  /** Join the tab's group (`group`: whose tabs may share one connection, see live-share.ts) and follow. */
  start(group: string): void {
    this.stop()
    const connect: ConnectOptions = { getToken: this.options.getToken, onUnauthorized: this.options.onUnauthorized }
    const locks = this.options.locks === undefined ? defaultLocks() : this.options.locks
    const channel = this.options.channel === undefined ? defaultChannel() : this.options.channel
    this.source =
      locks && channel
        ? shareAcrossTabs(this, { group, locks, channel, connect, debounceMs: this.options.debounceMs, now: this.options.now, heartbeatMs: this.options.heartbeatMs })
        : alone(this, connect, this.options.debounceMs)
    this.source.want(this.topics())
  }

  stop(): void {
    this.source?.stop()
    this.source = null
    this.update({ session: newSession(), live: new Set() })
  }

  topics(): string[] {
    return [...this.counts.keys()]
  }

  deliver(envelope: LiveEnvelope): void {
    const topics = envelope.topics ?? []
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.topics.some((topic) => topics.includes(topic))) subscriber.onEnvelope(envelope)
    }
  }

  update(state: LiveState): void {
    const again = state.session !== this.state.session
    this.state = state
    for (const subscriber of [...this.subscribers]) this.settle(subscriber, again)
  }

  private settle(subscriber: Subscriber, again: boolean): void {
    const covered = subscriber.topics.every((topic) => this.state.live.has(topic))
    if (again || !covered) subscriber.live = false
    if (!subscriber.live && covered) {
      subscriber.live = true
      subscriber.onReady()
    }
  }
}

/** This tab's own connection. */
function alone(sink: LiveSink, connect: ConnectOptions, debounceMs?: number): LiveSource {
  const connection = new LiveConnection({ ...connect, debounceMs, onEnvelope: (envelope) => sink.deliver(envelope), onState: (state) => sink.update(state) })
  return { want: (topics) => connection.want(topics), stop: () => connection.close() }
}

function defaultLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? (navigator.locks as LockManager | undefined) : undefined
  return locks?.request ? locks : null
}

function defaultChannel(): ((name: string) => BroadcastChannel) | null {
  return typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null
}
