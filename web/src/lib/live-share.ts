import type { LiveEnvelope } from '@/lib/live'
import { LiveConnection, type ConnectOptions, type LiveState } from '@/lib/live-connection'

/**
 * One live connection per browser, not per tab (docs/decisions.md, "One live connection per browser"): the tabs
 * of a group elect a leader with the Web Locks API (the lock is released when its tab closes or crashes, and the
 * next tab waiting gets it); the leader opens the connection for the union of every tab's topics and hands each
 * envelope and each change of state on over a BroadcastChannel. The others tell it their topics when they
 * change, when a leader says hello, and every 20 s (a tab gone without a word is forgotten after 150 s); the
 * leader tells its state every 20 s too. A visible tab that has heard nothing from a leader for 90 s while it
 * follows something takes the lock over (a leader the browser froze in the background keeps it); the leader it
 * was taken from, should it wake, follows the new one.
 */

/** Where a tab's union goes and its envelopes and state come from: its own connection, or the leader tab's. */
export interface LiveSource {
  want(topics: readonly string[]): void
  stop(): void
}

/** The tab's side (LiveFeed). */
export interface LiveSink {
  topics(): string[]
  deliver(envelope: LiveEnvelope): void
  update(state: LiveState): void
}

/** What is used of `navigator.locks`. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal; steal?: boolean }, callback: () => Promise<void>): Promise<unknown>
}

type Message =
  | { t: 'topics'; tab: string; topics: string[] }
  | { t: 'bye'; tab: string }
  | { t: 'hello'; leader: string }
  | { t: 'state'; leader: string; session: string; live: string[] }
  | { t: 'envelope'; envelope: LiveEnvelope }

export const HEARTBEAT_MS = 20_000
export const FOLLOWER_TTL_MS = 150_000
export const LEADER_SILENCE_MS = 90_000

/**
 * The tabs that may share a connection: those of one account (a `user:` topic is only for its owner's token,
 * docs/architecture.md, The live feed), or the guests'. The account is read from the token's `sub`, unverified:
 * it only groups tabs; the gateway checks the token.
 */
export function liveGroup(token: string | null): string {
  if (!token) return 'guest'
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    const sub = (JSON.parse(atob(payload)) as { sub?: unknown }).sub
    return typeof sub === 'string' || typeof sub === 'number' ? `account-${sub}` : 'signed-in'
  } catch {
    return 'signed-in'
  }
}

export interface ShareOptions {
  group: string
  locks: LockManagerLike
  channel: (name: string) => BroadcastChannel
  connect: ConnectOptions
  debounceMs?: number
  /** a stand-in clock for the followers' ages and the leader's silence, and a shorter beat (tests) */
  now?: () => number
  heartbeatMs?: number
}

interface Leader {
  changed(): void
  receive(message: Message): void
  stop(): void
}

export function shareAcrossTabs(sink: LiveSink, options: ShareOptions): LiveSource {
  const name = `cypher-live:${options.group}`
  const tab = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  const now = options.now ?? Date.now
  const beat = options.heartbeatMs ?? HEARTBEAT_MS
  const channel = options.channel(name)
  let leader: Leader | null = null
  let release: (() => void) | null = null
  let waiting: AbortController | null = null
  let attempt = 0
  let heard = now()
  let stopped = false

  const post = (message: Message) => {
    try {
      channel.postMessage(message)
    } catch {
      /* closed meanwhile */
    }
  }
  const announce = () => post({ t: 'topics', tab, topics: sink.topics() })

  const lead = (): Leader => {
    const followers = new Map<string, { topics: string[]; at: number }>()
    const stateMessage = (state: LiveState): Message => ({ t: 'state', leader: tab, session: state.session, live: [...state.live] })
    const connection = new LiveConnection({
      ...options.connect,
      debounceMs: options.debounceMs,
      onEnvelope: (envelope) => {
        sink.deliver(envelope)
        post({ t: 'envelope', envelope })
      },
      onState: (state) => {
        sink.update({ session: `${tab}/${state.session}`, live: state.live })
        post(stateMessage(state))
      },
    })
    const sweep = () => {
      let gone = false
      for (const [id, follower] of followers) {
        if (now() - follower.at > FOLLOWER_TTL_MS) gone = followers.delete(id) || gone
      }
      return gone
    }
    const union = () => [...new Set([...sink.topics(), ...[...followers.values()].flatMap((follower) => follower.topics)])]
    const beating = setInterval(() => {
      if (sweep()) connection.want(union())
      post(stateMessage(connection.current()))
    }, beat)
    // a new leader is a new session for every tab: each re-reads once its topics are followed again
    sink.update({ session: `${tab}/${connection.current().session}`, live: new Set() })
    post({ t: 'hello', leader: tab })
    connection.want(union())
    return {
      changed: () => connection.want(union()),
      receive(message) {
        if (message.t === 'topics') {
          followers.set(message.tab, { topics: message.topics, at: now() })
          sweep()
          connection.want(union())
          post(stateMessage(connection.current()))
        } else if (message.t === 'bye') {
          followers.delete(message.tab)
          connection.want(union())
        }
      },
      stop() {
        clearInterval(beating)
        connection.close()
      },
    }
  }

  /** Wait in turn for the lock (or take it over: `steal`), and lead while it is held. */
  const requestLock = (steal: boolean) => {
    const id = (attempt += 1)
    waiting?.abort()
    const abort = new AbortController()
    waiting = steal ? null : abort
    let granted = false
    options.locks
      .request(name, steal ? { steal: true } : { signal: abort.signal }, () => {
        if (stopped || id !== attempt) return Promise.resolve()
        granted = true
        waiting = null
        return new Promise<void>((resolve) => {
          release = resolve
          leader = lead()
        })
      })
      .catch(() => {
        // stopped, or given up while waiting; or, once granted, taken over by a tab that heard nothing from this one
        if (stopped || !granted || id !== attempt) return
        leader?.stop()
        leader = null
        release = null
        heard = now()
        requestLock(false)
      })
  }

  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data
    if (leader) {
      leader.receive(message)
      return
    }
    if (message.t === 'hello' || message.t === 'state' || message.t === 'envelope') heard = now()
    if (message.t === 'hello') announce()
    else if (message.t === 'state') sink.update({ session: `${message.leader}/${message.session}`, live: new Set(message.live) })
    else if (message.t === 'envelope') sink.deliver(message.envelope)
  }
  const heartbeat = setInterval(() => {
    if (leader) return
    announce()
    const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden'
    if (visible && sink.topics().length && now() - heard > LEADER_SILENCE_MS) {
      heard = now()
      requestLock(true)
    }
  }, beat)
  requestLock(false)

  return {
    want: (topics) => {
      if (leader) leader.changed()
      else post({ t: 'topics', tab, topics: [...topics] })
    },
    stop: () => {
      stopped = true
      waiting?.abort()
      clearInterval(heartbeat)
      if (leader) leader.stop()
      else post({ t: 'bye', tab })
      leader = null
      release?.()
      channel.close()
    },
  }
}
