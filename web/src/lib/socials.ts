/**
 * Social links: the server's one rule (services/kit/src/kit/text.py, `social_link` and `website_link`, used by
 * identity and organizations), ported line for line so a page shows what the server saves. Each input shows
 * only the handle after its site's fixed prefix (docs/product/accounts-and-profiles.md); a save sends what the server would keep,
 * and where the server would refuse, the value as typed, so the server's message names the field. The server
 * has the last word: where this copy and it disagree on an odd value, the field shows the server's answer.
 */
import type { ApiError } from '@/lib/api/base'

export type SocialKind = 'facebook' | 'instagram' | 'twitter' | 'youtube' | 'website'
type SocialSite = Exclude<SocialKind, 'website'>
/** The five links as the inputs hold them, or as they are sent. */
export type SocialInputs = Record<SocialKind, string>

export const SOCIAL_KINDS: readonly SocialKind[] = ['facebook', 'instagram', 'twitter', 'youtube', 'website']
const SOCIAL_MAX_LENGTH = 300
const WEBSITE_INVALID = 'Enter a website address'

interface Site {
  /** the host of the spec's prefix; every link is saved on it */
  host: string
  /** other hosts of the same site, accepted and saved as `host` */
  aliases: string[]
  /** names the site, so the message alone says which input is wrong */
  error: string
  prefixPath: string
}

const SITES: Record<SocialSite, Site> = {
  facebook: { host: 'facebook.com', aliases: ['fb.com'], error: 'Enter a Facebook name or a facebook.com link', prefixPath: '' },
  instagram: { host: 'instagram.com', aliases: [], error: 'Enter an Instagram name or an instagram.com link', prefixPath: '' },
  twitter: { host: 'twitter.com', aliases: ['x.com'], error: 'Enter a Twitter name or a twitter.com link', prefixPath: '' },
  youtube: { host: 'youtube.com', aliases: [], error: 'Enter a YouTube channel name or a youtube.com link', prefixPath: 'channel/' },
}

const prefixOf = (site: Site) => `https://${site.host}/${site.prefixPath}`

/** Each input's label and the fixed prefix shown before it. */
export const SOCIAL_INPUTS: { key: SocialKind; label: string; prefix: string }[] = [
  { key: 'facebook', label: 'Facebook', prefix: 'facebook.com/' },
  { key: 'instagram', label: 'Instagram', prefix: 'instagram.com/' },
  { key: 'twitter', label: 'Twitter', prefix: 'twitter.com/' },
  { key: 'youtube', label: 'Youtube', prefix: 'youtube.com/channel/' },
  { key: 'website', label: 'Website', prefix: 'https://' },
]

export type SocialCheck = { ok: true; link: string } | { ok: false; error: string }

// --- the server's rule -------------------------------------------------------------------------------------

// Python's re.IGNORECASE also lets İ, ı, ſ and the Kelvin sign match [a-z]; they are named so both agree.
const HOST = /^[a-z0-9\u0130\u0131\u017f\u212a-]+(\.[a-z0-9\u0130\u0131\u017f\u212a-]+)*\.[a-z\u0130\u0131\u017f\u212a]{2,}$/i
// A handle is a name or a path of names, perhaps with a query ("profile.php?id=100"): "@/x" and "?x" are not.
const HANDLE = /^[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)*(?:\?[\p{L}\p{N}_.\-=&%+]+)?$/u
const SUBDOMAINS = ['www.', 'm.', 'mobile.']
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Refused outright as a website. Any other `word:` start is read as a host and port ("crew.example:8443").
const NOT_WEB_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'mailto']
// Python's str.isspace() characters (strip() removes them, and a link may not contain one).
const SPACES = '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000'

class Refused extends Error {}

const stripChars = (text: string, chars: string) => {
  let start = 0
  let end = text.length
  while (start < end && chars.includes(text[start])) start += 1
  while (end > start && chars.includes(text[end - 1])) end -= 1
  return text.slice(start, end)
}

/** The value trimmed ("" when blank): a link or a handle has no spaces and a bounded length. */
function oneWord(value: string | null | undefined, error: string): string {
  const text = stripChars(value ?? '', SPACES)
  const chars = Array.from(text) // code points, as Python counts them
  if (chars.length > SOCIAL_MAX_LENGTH || chars.some((ch) => SPACES.includes(ch))) throw new Refused(error)
  return text
}

/** Python's urllib.parse.urlsplit, the parts these rules read; a bracketed (IP) host is refused. */
function urlSplit(value: string): { scheme: string; hostname: string; path: string; query: string } {
  let url = value
  while (url && url.charCodeAt(0) <= 0x20) url = url.slice(1) // C0 controls and space, as urlsplit's lstrip
  let scheme = ''
  let netloc = ''
  const colon = url.indexOf(':')
  if (colon > 0 && /^[a-z][a-z0-9+.-]*$/i.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase()
    url = url.slice(colon + 1)
  }
  if (url.startsWith('//')) {
    const ends = ['/', '?', '#'].map((c) => url.indexOf(c, 2)).filter((at) => at >= 0)
    const end = ends.length ? Math.min(...ends) : url.length
    netloc = url.slice(2, end)
    url = url.slice(end)
  }
  if (netloc.includes('[') || netloc.includes(']')) throw new Refused('not a web link')
  const [beforeFragment] = url.split('#', 1)
  const query = beforeFragment.includes('?') ? beforeFragment.slice(beforeFragment.indexOf('?') + 1) : ''
  const path = beforeFragment.includes('?') ? beforeFragment.slice(0, beforeFragment.indexOf('?')) : beforeFragment
  const hostname = netloc.slice(netloc.lastIndexOf('@') + 1).split(':')[0].toLowerCase()
  return { scheme, hostname, path, query }
}

function bareHost(host: string): string {
  const lower = host.toLowerCase()
  const sub = SUBDOMAINS.find((item) => lower.startsWith(item))
  return sub ? lower.slice(sub.length) : lower
}

/** [host, path, query] when the value is a link rather than a bare handle; Refused for a link that is not http(s). */
function asUrl(value: string): [string, string, string] | null {
  if (value.includes('://')) {
    const parts = urlSplit(value)
    if ((parts.scheme !== 'http' && parts.scheme !== 'https') || !parts.hostname) throw new Refused('not a web link')
    return [bareHost(parts.hostname), stripChars(parts.path, '/'), parts.query]
  }
  const slash = value.indexOf('/')
  if (slash >= 0 && HOST.test(value.slice(0, slash))) {
    const parts = urlSplit(`https://${value}`)
    return [bareHost(parts.hostname), stripChars(parts.path, '/'), parts.query]
  }
  return null
}

function siteLink(kind: SocialSite, value: string | null | undefined): string {
  const site = SITES[kind]
  const text = oneWord(value, site.error)
  if (!text) return ''
  let url: [string, string, string] | null
  try {
    url = asUrl(text)
  } catch {
    throw new Refused(site.error)
  }
  if (url === null) {
    let handle = stripChars(text, '/')
    let prefix = prefixOf(site)
    if (kind === 'youtube' && handle.startsWith('@')) [prefix, handle] = [`https://${site.host}/@`, handle.slice(1)]
    else handle = handle.replace(/^@+/, '')
    const link = prefix + handle
    // The saved link must itself be accepted by the next save: a real handle, within the length bound.
    if (!HANDLE.test(handle) || [...link].length > SOCIAL_MAX_LENGTH) throw new Refused(site.error)
    return link
  }
  const [host, path, query] = url
  if ((host !== site.host && !site.aliases.includes(host)) || !path) throw new Refused(site.error)
  return `https://${site.host}/${path}` + (query ? `?${query}` : '')
}

/** https:// is added when no scheme is given; only http and https links are kept. Otherwise as typed. */
function websiteLink(value: string | null | undefined): string {
  const text = oneWord(value, WEBSITE_INVALID)
  if (!text) return ''
  const scheme = SCHEME.exec(text)?.[1].toLowerCase()
  let url = `https://${text}`
  if (text.includes('://') || (scheme && NOT_WEB_SCHEMES.includes(scheme))) {
    if (scheme !== 'http' && scheme !== 'https') throw new Refused(WEBSITE_INVALID)
    url = text
  }
  if (!HOST.test(urlSplit(url).hostname)) throw new Refused(WEBSITE_INVALID)
  return url
}

/**
 * What the server saves for a typed value (a bare handle gets the site's prefix, `@` dropped, a YouTube
 * `@handle` is a handle page; a link on the site is saved on its https host; the website gets https:// without
 * a scheme; blank is ""), or the server's message when it refuses it (another site, a space, another scheme).
 */
export function socialLink(kind: SocialKind, value: string | null | undefined): SocialCheck {
  try {
    return { ok: true, link: kind === 'website' ? websiteLink(value) : siteLink(kind, value) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: kind === 'website' ? WEBSITE_INVALID : SITES[kind].error }
    throw error
  }
}

// --- what the pages do with it -----------------------------------------------------------------------------

/** The part of a saved link after the input's fixed prefix; a YouTube @handle page shows as `@handle`. */
function afterPrefix(kind: SocialKind, link: string): string | null {
  if (kind === 'youtube' && link.startsWith('https://youtube.com/@')) return link.slice('https://youtube.com/'.length)
  const prefix = kind === 'website' ? 'https://' : prefixOf(SITES[kind])
  return link.startsWith(prefix) ? link.slice(prefix.length) : null
}

/**
 * What the input shows for a stored link: only the handle part after the fixed prefix (a YouTube `@handle`
 * as `@handle`) when typing it saves that same link. Any other link shows whole (a YouTube /c/ page, an http
 * website, a Facebook path that would read as another site), as the server would keep it, or as stored when
 * the rule refuses it.
 */
export function socialInput(kind: SocialKind, stored: string | null | undefined): string {
  const text = (stored ?? '').trim()
  if (!text) return ''
  const kept = socialLink(kind, text)
  const link = kept.ok ? kept.link : text
  const handle = afterPrefix(kind, link)
  if (handle === null) return link
  const typed = socialLink(kind, handle)
  return typed.ok && typed.link === link ? handle : link
}

/** What a save sends: what the server keeps, or the value as typed where it would refuse (its message names the field). */
export function socialToSave(kind: SocialKind, typed: string): string {
  const saved = socialLink(kind, typed)
  return saved.ok ? saved.link : typed
}

/**
 * The link an icon opens: what the rule saves for the stored value. A value an older rule saved and this one
 * refuses opens as stored, with https:// unless it is http(s) already, so an icon never runs a script.
 */
export function socialHref(kind: SocialKind, stored: string | null | undefined): string {
  const text = (stored ?? '').trim()
  if (!text) return ''
  const saved = socialLink(kind, text)
  if (saved.ok) return saved.link
  return /^https?:\/\//i.test(text) ? text : `https://${text}`
}

export function socialInputs(stored: Partial<Record<SocialKind, string | null>> | null | undefined): SocialInputs {
  return Object.fromEntries(SOCIAL_KINDS.map((kind) => [kind, socialInput(kind, stored?.[kind])])) as SocialInputs
}

export function socialsToSave(draft: SocialInputs): SocialInputs {
  return Object.fromEntries(SOCIAL_KINDS.map((kind) => [kind, socialToSave(kind, draft[kind])])) as SocialInputs
}

/** A server's refusal of one link (`field` `socials.instagram`) as that input's message; {} for any other failure. */
export function socialErrors(error: Pick<ApiError, 'field' | 'message'>): Partial<Record<SocialKind, string>> {
  const kind = SOCIAL_KINDS.find((item) => error.field === `socials.${item}`)
  return kind ? { [kind]: error.message } : {}
}

export interface SocialValues {
  email?: string | null
  facebook?: string | null
  instagram?: string | null
  twitter?: string | null
  youtube?: string | null
  website?: string | null
}

/** The links a profile, studio or organization may show, in the order they are shown. */
export const SOCIAL_SITES: { key: keyof SocialValues; label: string }[] = [
  { key: 'email', label: 'Email' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'youtube', label: 'Youtube' },
  { key: 'website', label: 'Website' },
]

/** Only the links that are set; the email as mailto, the others by the server's social-link rule. */
export function socialEntries(socials: SocialValues | null | undefined) {
  if (!socials) return []
  return SOCIAL_SITES.flatMap((site) => {
    const value = socials[site.key]?.trim()
    if (!value) return []
    const href = site.key === 'email' ? `mailto:${value}` : socialHref(site.key, value)
    return [{ ...site, href }]
  })
}
