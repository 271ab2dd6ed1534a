import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useDispatch, useSelector, useStore } from 'react-redux'
import { renewToken } from '@/lib/auth/actions'
import { selectAccessToken, type WithSession } from '@/lib/auth/session-slice'
import { LiveFeed } from '@/lib/live-feed'
import { liveGroup } from '@/lib/live-share'

const LiveFeedContext = createContext<LiveFeed | null>(null)

/**
 * The app's one live feed (live-feed.ts), under the store's provider: every `useLiveTopics` subscribes to it.
 * It joins the tabs of the signed-in account (or the guests'), again when the account changes.
 */
export function LiveFeedProvider({ children }: { children: ReactNode }) {
  const store = useStore<WithSession>()
  const dispatch = useDispatch()
  // made once; it opens nothing until started (not while prerendering: effects do not run there)
  const [feed] = useState(() => new LiveFeed({ getToken: () => store.getState().session.accessToken, onUnauthorized: () => renewToken(dispatch) }))
  const group = liveGroup(useSelector(selectAccessToken))
  useEffect(() => {
    feed.start(group)
    return () => feed.stop()
  }, [feed, group])
  return <LiveFeedContext.Provider value={feed}>{children}</LiveFeedContext.Provider>
}

export function useLiveFeed(): LiveFeed {
  const feed = useContext(LiveFeedContext)
  if (!feed) throw new Error('useLiveTopics needs a LiveFeedProvider (AppProvider mounts one)')
  return feed
}
