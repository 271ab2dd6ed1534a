/** The media rules (docs/product/organizations.md), pure and tested: the same as the organizations service's. */
import type { Media, MediaScope } from './types'

export const INVALID_VIDEO_LINK = 'Enter a YouTube link or video id'
/** What a clip without a name is called. */
export const UNNAMED_CLIP = 'Clip'

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com'])
const PATH_KINDS = new Set(['embed', 'shorts', 'v', 'live'])

/**
 * The 11-character video id of a watch, embed, shorts or youtu.be link (or /v/, /live/, a nocookie embed), or
 * of a bare id; null for anything else. The same rules as the organizations service (media/rules.py).
 */
export function videoIdOf(link: string | null | undefined): string | null {
  const text = (link ?? '').trim()
  if (!text) return null
  if (VIDEO_ID.test(text)) return text
  let url: URL
  try {
    url = new URL(text.includes('://') ? text : `https://${text}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const segments = url.pathname.split('/').filter(Boolean)
  let candidate: string | null = null
  if (host === 'youtu.be' && segments.length) candidate = segments[0]
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') candidate = url.searchParams.get('v')
    else if (segments.length >= 2 && PATH_KINDS.has(segments[0])) candidate = segments[1]
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null
}

/** The embed of a clip (YouTube's privacy-enhanced player: no cookies until the visitor plays it). */
export function videoEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`
}

export function videoThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`
}

export function clipTitle(clip: Pick<Media, 'name'>): string {
  return clip.name || UNNAMED_CLIP
}

/** One scope, one cache entry and one tag: an event's list wins over its organization's. */
export function mediaScope(scope: MediaScope): MediaScope {
  return scope.e !== undefined ? { e: scope.e } : { o: scope.o }
}

export function mediaTagId(scope: MediaScope): string {
  return scope.e !== undefined ? `e:${scope.e}` : `o:${scope.o}`
}

/**
 * The list the server answers a change of this clip with (POST and DELETE /media): the event's for an event's
 * clip, the organization's otherwise.
 */
export function answeredScope(clip: Pick<Media, 'orgId' | 'eventId'>): MediaScope {
  return clip.eventId != null ? { e: clip.eventId } : { o: clip.orgId ?? undefined }
}

/** The other lists a change of this clip shows in: an event's clip is its organization's too. */
export function otherScopes(clip: Pick<Media, 'orgId' | 'eventId'>, shown: MediaScope): MediaScope[] {
  const lists: MediaScope[] = [answeredScope(clip)]
  if (clip.eventId != null && clip.orgId != null) lists.push({ o: clip.orgId })
  const key = mediaTagId(mediaScope(shown))
  return lists.filter((list) => mediaTagId(list) !== key)
}
