import { openLiveFeed, type LiveEnvelope } from '@/lib/live'

/**
 * The stream of the browser's live topics (live-feed.ts says who uses it, live-share.ts in which tab it runs):
 * reopened with `Last-Event-ID` when the topic set changes, and telling which topics it follows without a gap.
 */

/** What a connection follows without a gap since `session` began. */
export interface LiveState {
  session: string
  live: ReadonlySet<string>
}

export interface ConnectOptions {
  getToken: () => string | null
  /** renew the token and answer whether to go on */
  onUnauthorized: () => Promise<boolean>
}

/** Union changes within this long reopen once (a page mounting three hooks). */
export const LIVE_DEBOUNCE_MS = 100

let sessions = 0
export const newSession = () => `${Date.now().toString(36)}.${(sessions += 1)}.${Math.random().toString(36).slice(2, 8)}`

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item))

/** The stream of a topic set, reopened (debounced) when the set changes; closed when it is empty. */
export class LiveConnection {
  private topics: string[] = []
  private wanted: string[] = []
  private closeFeed: (() => void) | null = null
  private lastEventId: string | undefined
  private state: LiveState = { session: newSession(), live: new Set() }
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly options: ConnectOptions & {
      onEnvelope: (envelope: LiveEnvelope) => void
      onState: (state: LiveState) => void
      debounceMs?: number
    },
  ) {}

  current(): LiveState {
    return this.state
  }

  want(topics: readonly string[]): void {
    this.wanted = [...topics]
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.apply(), this.options.debounceMs ?? LIVE_DEBOUNCE_MS)
  }

  close(): void {
    clearTimeout(this.timer)
    this.closeFeed?.()
    this.closeFeed = null
    this.topics = []
  }

  private emit(state: LiveState): void {
    this.state = state
    this.options.onState(state)
  }

  private apply(): void {
    this.timer = undefined
    if (sameSet(this.wanted, this.topics)) return
    this.closeFeed?.()
    this.closeFeed = null
    const topics = (this.topics = this.wanted)
    if (!topics.length) {
      // nobody follows anything: the next stream starts afresh instead of replaying the quiet time
      this.lastEventId = undefined
      this.emit({ session: newSession(), live: new Set() })
      return
    }
    const resume = this.lastEventId
    // the topics of both sets stay covered: the new stream replays them from where the old one stopped
    this.emit({ session: resume ? this.state.session : newSession(), live: new Set(topics.filter((topic) => this.state.live.has(topic))) })
    this.closeFeed = openLiveFeed({
      topics,
      lastEventId: resume,
      getToken: this.options.getToken,
      onUnauthorized: this.options.onUnauthorized,
      onId: (id) => {
        this.lastEventId = id
      },
      onEnvelope: this.options.onEnvelope,
      onReady: (count, resumed) => {
        // a stream the gateway resumed with nothing missing continues the session (a dropped Wi-Fi, a stopped
        // gateway replica: its screens read nothing again); any other follows a gap (or is the first). An older
        // gateway says nothing: the first ready of a stream reopened for other topics continues, as before.
        const kept = resumed ?? (count === 1 && Boolean(resume))
        const session = kept ? this.state.session : newSession()
        this.emit({ session, live: new Set(topics) })
      },
    })
  }
}

