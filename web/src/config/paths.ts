/** Every route of the SPA: its pattern and how to build a link to it. */

const withQuery = (path: string, query: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export type SettingsTab =
  | 'SettingsProfile'
  | 'SettingsSocial'
  | 'SettingsStats'
  | 'SettingsPassword'
  | 'SettingsOtherProfiles'

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: (redirect?: string | null) => withQuery('/login', { redirect }) },
  signup: {
    path: '/signup',
    getHref: (options: { redirect?: string | null; incomplete?: boolean } = {}) =>
      withQuery('/signup', { incomplete: options.incomplete ? 'true' : undefined, redirect: options.redirect }),
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  magicLink: { path: '/magic-link', getHref: () => '/magic-link' },
  profileSetting: {
    path: '/profile-setting',
    getHref: (tabName?: SettingsTab) => withQuery('/profile-setting', { tabName }),
  },
  createOtherProfile: { path: '/create-other-profile', getHref: () => '/create-other-profile' },
  releaseProfile: { path: '/release-profile/:id', getHref: (id: number) => `/release-profile/${id}` },
  profile: { path: '/profile/:id', getHref: (id: number) => `/profile/${id}` },
  events: { path: '/events', getHref: () => '/events' },
  eventsMap: { path: '/events/map', getHref: () => '/events/map' },
  eventsCalendar: { path: '/events/calendar', getHref: () => '/events/calendar' },
  createEvent: {
    path: '/create-event',
    /** without an id: a new draft; with one: CreateEventProcessing */
    getHref: (id?: number) => (id ? `/create-event/${id}` : '/create-event'),
  },
  event: {
    path: '/event/:id',
    getHref: (id: number, tab?: 'info' | 'feedback') => withQuery(`/event/${id}`, { tab: tab === 'feedback' ? tab : undefined }),
  },
  /** the Check-in page: login required, its parameter named idEvent (docs/product/accounts-and-profiles.md) */
  checkin: { path: '/event/:idEvent/checkin', getHref: (id: number) => `/event/${id}/checkin` },
  battle: { path: '/battle/:id', getHref: (id: number) => `/battle/${id}` },
  battlePrelims: {
    path: '/battle/:id/prelims',
    getHref: (id: number, prelimsViewMode?: 'list' | 'groups') => withQuery(`/battle/${id}/prelims`, { prelimsViewMode }),
  },
  /** CreatingPrelimsGroups, titled Creating Groups */
  battlePrelimsGroups: { path: '/battle/:id/prelims/groups', getHref: (id: number) => `/battle/${id}/prelims/groups` },
  /** Group, titled Group info */
  battlePrelimsGroup: {
    path: '/battle/:id/prelims/group/:groupId',
    getHref: (id: number, groupId: number) => `/battle/${id}/prelims/group/${groupId}`,
  },
  battleBrackets: { path: '/battle/:id/brackets', getHref: (id: number) => `/battle/${id}/brackets` },
  sparring: { path: '/sparring/:id', getHref: (id: number) => `/sparring/${id}` },
  /** a competitor's scorecard in a battle: the dancer's user id, or the crew's id */
  scorecard: { path: '/battle/:id/scorecard/:competitorId', getHref: (id: number, competitorId: number) => `/battle/${id}/scorecard/${competitorId}` },
  /** display mode: one carpet's full-screen scoreboard (for a projector or a TV beside the carpet) */
  scoreboard: {
    path: '/event/:id/scoreboard/:carpetId',
    getHref: (id: number, carpetId: number) => `/event/${id}/scoreboard/${carpetId}`,
  },
  organizations: { path: '/organizations', getHref: () => '/organizations' },
  createOrganization: {
    path: '/create-organization-organization/:id',
    getHref: (id: number) => `/create-organization-organization/${id}`,
  },
  organization: {
    path: '/organization/:id',
    /** with a tab: the query `tab` and the hash #org-tabs, as a tab choice pushes them */
    getHref: (id: number, tab?: string) => (tab ? `${withQuery(`/organization/${id}`, { tab })}#org-tabs` : `/organization/${id}`),
  },
  organizationSettings: {
    path: '/organization/:id/settings',
    getHref: (id: number, section?: string) => `/organization/${id}/settings${section ? `/${section}` : ''}`,
  },
  studios: { path: '/studios', getHref: () => '/studios' },
  createStudio: { path: '/create-studio/:id', getHref: (id: number) => `/create-studio/${id}` },
  studio: {
    path: '/studio/:id',
    /** with a tab: the query `tab` and the hash #studio-tabs, as a tab choice pushes them */
    getHref: (id: number, tab?: string) => (tab ? `${withQuery(`/studio/${id}`, { tab })}#studio-tabs` : `/studio/${id}`),
  },
  studioSettings: {
    path: '/studio/:id/settings',
    getHref: (id: number, section?: string) => `/studio/${id}/settings${section ? `/${section}` : ''}`,
  },
  members: { path: '/members', getHref: () => '/members' },
  faq: { path: '/faq', getHref: () => '/faq' },
  patreon: { path: '/patreon', getHref: () => '/patreon' },
  terms: { path: '/terms', getHref: () => '/terms' },
  policy: { path: '/policy', getHref: () => '/policy' },
  notFound: { path: '/404', getHref: () => '/404' },
} as const

/** A redirect query is honoured only for a path inside the app, never for the sign-in pages themselves. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback
  const path = value.split(/[?#]/)[0]
  if (path === paths.signup.path || path === paths.login.path) return fallback
  return value
}
