import { api } from '@/lib/api/base'
import { nextPage } from '@/lib/lists'
import { EVENTS_PAGE_SIZE, ORG_EVENTS_PAGE_SIZE, ORG_FILTER_PAGE_SIZE, ORG_PICKER_PAGE_SIZE, orgSearchParam } from '../rules'
import type {
  BoardShown,
  BoardSparringOption,
  Bracket,
  Cancellation,
  Carpet,
  CarpetBoard,
  CarpetIn,
  CypherEvent,
  EventCreated,
  EventDraft,
  EventItem,
  EventPeriod,
  MapAnswer,
  OrganizationList,
  OrgOption,
  Staff,
  StaffRole,
  Tabs,
} from '../types'

export interface EventsQuery {
  /** organization id */
  o?: number
  /** tab: now | future | past | draft */
  t: string
  /** date-asc | date-desc | title-asc | title-desc */
  s: string
}

/** The events page's list: the shared search (k) and organization filter (o, ids comma separated). */
export interface BrowseQuery {
  t: EventPeriod
  s: string
  k?: string
  o?: string
}

/** The map's call: the tab, its sort, the keyword, the user's centre and the view's four corners ("lat,lng"). */
export interface MapQuery {
  t: EventPeriod
  s: string
  k?: string
  o?: string
  uc?: string
  nw: string
  ne: string
  se: string
  sw: string
}

export interface StaffCall {
  id: number
  userId: number
  role: StaffRole
}

const eventsApi = api.enhanceEndpoints({ addTagTypes: ['Event', 'Events', 'EventTabs', 'Carpet', 'Battle'] }).injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<CypherEvent | null, number>({
      query: (id) => `/events/${id}`,
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
    /** POST /api/events: a draft whose organizer is the caller; answers its id. */
    createEvent: build.mutation<EventCreated, void>({
      query: () => ({ url: '/events', method: 'POST' }),
    }),
    /** POST /api/events/{id}: the whole event; the answer is the saved event. */
    saveEvent: build.mutation<CypherEvent, { id: number; body: EventDraft }>({
      query: ({ id, body }) => ({ url: `/events/${id}`, method: 'POST', body }),
      invalidatesTags: (event) => (event ? ['Events', 'EventTabs'] : []),
      onQueryStarted: ({ id }, lifecycle) => applyEvent(id, lifecycle),
    }),
    publishEvent: build.mutation<unknown, number>({
      query: (id) => ({ url: `/events/${id}/publish`, method: 'POST' }),
      invalidatesTags: (_answer, error, id) => (error ? [] : [{ type: 'Event', id }, 'Events', 'EventTabs']),
    }),
    /** POST /api/events/{id}/cancel (editors, a published event): refunds its paid tickets and tells its people;
     * again, it retries the refunds that failed. */
    cancelEvent: build.mutation<Cancellation, number>({
      query: (id) => ({ url: `/events/${id}/cancel`, method: 'POST' }),
      invalidatesTags: (_answer, error, id) => (error ? [] : [{ type: 'Event', id }, 'Events', 'EventTabs']),
    }),
    /** Drafts only: the server refuses a published event (it is cancelled instead). */
    deleteEvent: build.mutation<unknown, number>({
      query: (id) => ({ url: `/events/${id}/delete`, method: 'POST' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Events', 'EventTabs']),
    }),
    /** POST / DELETE /api/events/{id}/role: the staff lists change only with the server's answer. */
    addStaff: build.mutation<Staff, StaffCall>({
      query: ({ id, userId, role }) => ({ url: `/events/${id}/role`, method: 'POST', body: { userId, role } }),
      onQueryStarted: applyStaff,
    }),
    removeStaff: build.mutation<Staff, StaffCall>({
      query: ({ id, userId, role }) => ({ url: `/events/${id}/role`, method: 'DELETE', body: { userId, role } }),
      onQueryStarted: applyStaff,
    }),
    /** POST /api/events/{id}/carpets: failures are only logged (docs/product/events.md), so no toast. */
    saveCarpets: build.mutation<Carpet[], { id: number; carpets: CarpetIn[] }>({
      query: ({ id, carpets }) => ({ url: `/events/${id}/carpets`, method: 'POST', body: { carpets } }),
      extraOptions: { silent: true },
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Event', id }]),
    }),
    /** May answer 404 until the event has battles: failures are only logged. */
    initScoreboards: build.mutation<unknown, number>({
      query: (id) => ({ url: `/events/${id}/scoreboards/init`, method: 'POST' }),
      extraOptions: { silent: true },
      // boards read before they existed (an empty list names no carpet) are read again
      invalidatesTags: (_boards, error, id) => (error ? [] : [boardsTag(id)]),
    }),
    /** GET /api/events/{id}/scoreboards: which sparring each carpet's board shows (the `Carpet` tag per board). */
    eventScoreboards: build.query<CarpetBoard[], number>({
      query: (id) => `/events/${id}/scoreboards`,
      transformResponse: (boards: CarpetBoard[] | null) => (Array.isArray(boards) ? boards : []),
      // boards not initialised yet (no battles): the selects just show None
      extraOptions: { silent: true },
      // the list's own tag (an empty list names no carpet), each carpet's, and the event's: a board changed by
      // someone else comes on `event:<id>` (and `carpet:<id>`), which the event page follows
      providesTags: (boards, _error, id) => [
        boardsTag(id),
        { type: 'Event' as const, id },
        ...(boards ?? []).map((board) => ({ type: 'Carpet' as const, id: board.carpetId })),
      ],
    }),
    /** The sparrings of the event's battles that can go on a board, from each battle's bracket. */
    eventBoardSparrings: build.query<BoardSparringOption[], { id: number; title: string }[]>({
      queryFn: async (battles, _api, _extra, baseQuery) => {
        const options: BoardSparringOption[] = []
        for (const battle of battles) {
          const answer = await baseQuery({ url: `/battles/${battle.id}/brackets` })
          if (answer.error) continue
          options.push(...boardSparrings(battles.length > 1 ? battle.title : null, answer.data as Bracket | null))
        }
        return { data: options }
      },
      extraOptions: { silent: true },
      // each battle's bracket is read under its tag: a change on `battle:<id>` (a sparring decided) re-reads them
      providesTags: (_options, _error, battles) => battles.map((battle) => ({ type: 'Battle' as const, id: battle.id })),
    }),
    /** POST /api/events/{id}/scoreboards/{carpetId} {sparringId | null}: shows that sparring on the carpet's board. */
    eventAssignScoreboard: build.mutation<CarpetBoard, { id: number; carpetId: number; sparringId: number | null }>({
      query: ({ id, carpetId, sparringId }) => ({ url: `/events/${id}/scoreboards/${carpetId}`, method: 'POST', body: { sparringId } }),
      // the select shows the choice at once (a controlled select would jump back until the re-read), undone on
      // a failure; the answer's board then replaces it, and the list is read again (a sparring is on one board)
      onQueryStarted: async ({ id, carpetId, sparringId }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          eventsApi.util.updateQueryData('eventScoreboards', id, (boards) => showOnBoard(boards, carpetId, sparringId === null ? null : { sparringId })),
        )
        try {
          const { data } = await queryFulfilled
          if (data && typeof data === 'object' && data.carpetId === carpetId)
            dispatch(eventsApi.util.updateQueryData('eventScoreboards', id, (boards) => showOnBoard(boards, carpetId, data.sparring, data)))
        } catch {
          patch.undo()
        }
      },
      invalidatesTags: (_board, error, { id, carpetId }) => (error ? [] : [boardsTag(id), { type: 'Carpet' as const, id: carpetId }]),
    }),
    /** `o`: one organization (its Events tab) or the events page's filter (ids comma separated). */
    eventTabs: build.query<Tabs | null, { o?: number | string; u?: number }>({
      query: (params) => ({ url: '/events/tabs', params }),
      providesTags: ['EventTabs'],
    }),
    /** GET /api/events: 8 a page by infinite scroll; a short page ends the list. */
    listEvents: build.infiniteQuery<EventItem[] | null, EventsQuery, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(ORG_EVENTS_PAGE_SIZE) },
      query: ({ queryArg, pageParam }) => ({
        url: '/events',
        params: { o: queryArg.o, t: queryArg.t, s: queryArg.s, p: pageParam, pp: ORG_EVENTS_PAGE_SIZE },
      }),
      providesTags: ['Events'],
    }),
    /** GET /api/events for the events page: 50 a page by infinite scroll; a short page ends the list. */
    browseEvents: build.infiniteQuery<EventItem[] | null, BrowseQuery, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage(EVENTS_PAGE_SIZE) },
      query: ({ queryArg, pageParam }) => ({
        url: '/events',
        params: { t: queryArg.t, s: queryArg.s, k: queryArg.k, o: queryArg.o, p: pageParam, pp: EVENTS_PAGE_SIZE },
      }),
      providesTags: ['Events'],
    }),
    /** GET /api/events-map: the markers of the view and each tab's count there. */
    eventsMap: build.query<MapAnswer | null, MapQuery>({
      query: (params) => ({ url: '/events-map', params }),
      providesTags: ['Events'],
    }),
    /** The events page's organization filter: GET /api/orgs by a part of the name (u 0: everyone's). */
    filterOrganizations: build.query<OrganizationList | null, string>({
      query: (text) => ({ url: '/orgs', params: { k: orgSearchParam(text), u: 0, p: 0, pp: ORG_FILTER_PAGE_SIZE } }),
    }),
    /** A chosen organization's name for its chip (a shared link carries only the ids). */
    filterOrganization: build.query<OrgOption | null, number>({
      query: (id) => `/orgs/${id}`,
      // an id that is no organization (an edited link) just shows as a number: no toast
      extraOptions: { silent: true },
    }),
    /**
     * The organizations the event may belong to: GET /api/orgs?u=<my profile id>&pp=100 (those where I am admin,
     * promoter or member; the list does not say which role, so the server refuses others with 403 on save).
     */
    myOrganizations: build.query<OrganizationList | null, number>({
      query: (userId) => ({ url: '/orgs', params: { u: userId, p: 0, pp: ORG_PICKER_PAGE_SIZE } }),
    }),
  }),
})

const boardsTag = (eventId: number) => ({ type: 'Carpet' as const, id: `event-${eventId}` })

/** The boards with `carpetId` showing `shown` (a sparring is on one board at a time: another board loses it). */
export function showOnBoard(boards: CarpetBoard[], carpetId: number, shown: BoardShown | null, board?: CarpetBoard): CarpetBoard[] {
  const others = boards.map((item) => (shown && item.carpetId !== carpetId && item.sparring?.sparringId === shown.sparringId ? { ...item, sparring: null } : item))
  if (others.some((item) => item.carpetId === carpetId)) return others.map((item) => (item.carpetId === carpetId ? { ...item, sparring: shown } : item))
  return board ? [...others, { ...board, sparring: shown }] : others
}

/** A sparring's name: 'Semi-final: B-girl Ayu vs B-boy Kai' ('?' for an empty side), after its battle's title when given. */
export function boardSparringLabel(title: string | null | undefined, sparring: Pick<BoardShown, 'level' | 'red' | 'blue'>): string {
  const name = `${sparring.level || 'Sparring'}: ${sparring.red?.name?.trim() || '?'} vs ${sparring.blue?.name?.trim() || '?'}`
  return title ? `${title} · ${name}` : name
}

/**
 * Every sparring of a bracket, named by its level and sides (the title first when the event has several battles);
 * `open` ones (both sides, not finished) can be put on a board, the others still name what a board shows.
 */
export function boardSparrings(title: string | null, bracket: Bracket | null): BoardSparringOption[] {
  if (!bracket || typeof bracket !== 'object') return []
  // the battle for third place (when the battle has one) can go on a board as any other
  // round-robin groups' battles (when the battle has them) come first, as they are danced
  const all = [
    ...(bracket.groups ?? []),
    ...(bracket.left ?? []).flat(),
    ...(bracket.right ?? []).flat(),
    ...(bracket.third ? [bracket.third] : []),
    ...(bracket.final ? [bracket.final] : []),
  ]
  return all.map((sparring) => ({
    sparringId: sparring.sparringId,
    label: boardSparringLabel(title, sparring),
    open: Boolean(sparring.red && sparring.blue && sparring.status !== 'finished'),
  }))
}

/** The answer is the whole event: the pages reading it take it at once. */
async function applyEvent(
  id: number,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: CypherEvent }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(eventsApi.util.upsertQueryData('getEvent', id, data))
  } catch {
    /* the failure was shown as a toast */
  }
}

async function applyStaff(
  { id }: StaffCall,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Staff }> },
) {
  try {
    const { data } = await queryFulfilled
    dispatch(
      eventsApi.util.updateQueryData('getEvent', id, (event) => {
        if (event) event.staff = data
      }),
    )
  } catch {
    /* the lists stay as they were; the failure was shown as a toast */
  }
}

export { eventsApi }

export const {
  useGetEventQuery,
  useCreateEventMutation,
  useSaveEventMutation,
  usePublishEventMutation,
  useDeleteEventMutation,
  useCancelEventMutation,
  useAddStaffMutation,
  useRemoveStaffMutation,
  useSaveCarpetsMutation,
  useInitScoreboardsMutation,
  useEventScoreboardsQuery,
  useEventBoardSparringsQuery,
  useEventAssignScoreboardMutation,
  useEventTabsQuery,
  useListEventsInfiniteQuery,
  useBrowseEventsInfiniteQuery,
  useEventsMapQuery,
  useFilterOrganizationsQuery,
  useFilterOrganizationQuery,
  useMyOrganizationsQuery,
} = eventsApi
