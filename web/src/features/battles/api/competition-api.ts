import { api, takeAnswer } from '@/lib/api/base'
import type { Bracket, Color, JudgeRoundEntry, Board, ScoreboardEvent, BracketSeedIn, Scorecard, Sparring } from '../bracket-types'
import { BATTLE_TAG } from '@/lib/api/battles'
import { newerBoard, newerSparring } from '../bracket-rules'

export const SPARRING_TAG = 'Sparring' as const
export const BRACKET_TAG = 'Bracket' as const
/** a carpet's board; the live topic `carpet:<id>` names it (web/src/lib/live-topics.ts) */
export const CARPET_TAG = 'Carpet' as const
const EVENT_TAG = 'Event' as const

type SparringLifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Sparring }> }

/** Every sparring call answers the sparring: it replaces the page's copy at once. */
async function takesSparring(id: number, { dispatch, queryFulfilled }: SparringLifecycle) {
  try {
    const { data } = await queryFulfilled
    if (data && typeof data === 'object' && 'sparringId' in data) dispatch(competitionApi.util.upsertQueryData('sparringById', id, data))
  } catch {
    /* the failure was shown as a toast */
  }
}

/** A sparring's change moves the bracket (a winner advanced, a side cleared): its battle's bracket is read again. */
const bracketOf = (sparring: Sparring | undefined, error: unknown) => (error || !sparring ? [] : [{ type: BRACKET_TAG, id: sparring.battleId }])

const competitionApi = api.enhanceEndpoints({ addTagTypes: [BATTLE_TAG, SPARRING_TAG, BRACKET_TAG, CARPET_TAG, EVENT_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/battles/{id}/brackets; re-read on the battle's live topic too (the `Battle` tag). */
    bracketsByBattle: build.query<Bracket, number>({
      query: (battleId) => `/battles/${battleId}/brackets`,
      providesTags: (_set, _error, battleId) => [
        { type: BRACKET_TAG, id: battleId },
        { type: BATTLE_TAG, id: battleId },
      ],
    }),
    /** POST /api/battles/{id}/seed: answers the bracket set. */
    seedBracket: build.mutation<Bracket, { battleId: number; entries: BracketSeedIn[] }>({
      query: ({ battleId, entries }) => ({ url: `/battles/${battleId}/seed`, method: 'POST', body: entries }),
      onQueryStarted: ({ battleId }, { dispatch, queryFulfilled }) =>
        takeAnswer(queryFulfilled, (data) => 'left' in (data as object), (data) => dispatch(competitionApi.util.upsertQueryData('bracketsByBattle', battleId, data))),
    }),
    /** A competitor's scorecard (beside the spec): private to them and the battle's insiders until its final. */
    scorecard: build.query<Scorecard, { battleId: number; competitorId: number }>({
      query: ({ battleId, competitorId }) => `/battles/${battleId}/scorecards/${competitorId}`,
      providesTags: (_card, _error, { battleId }) => [{ type: BRACKET_TAG, id: battleId }],
    }),
    sparringById: build.query<Sparring, number>({
      query: (id) => `/sparrings/${id}`,
      providesTags: (_sparring, _error, id) => [{ type: SPARRING_TAG, id }],
      // a read or a write's answer older than the copy shown (live messages applied meanwhile) is not kept
      merge: (shown, incoming) => newerSparring(shown, incoming),
    }),
    /**
     * POST /api/sparrings/{id}/judge straight away. The page sends judges' scores through the offline queue
     * instead (an Idempotency-Key per write); this is the same call for a caller without one.
     */
    judgeSparring: build.mutation<Sparring, { id: number; rounds: JudgeRoundEntry[] }>({
      query: ({ id, rounds }) => ({ url: `/sparrings/${id}/judge`, method: 'POST', body: { rounds } }),
      onQueryStarted: ({ id }, lifecycle) => takesSparring(id, lifecycle),
    }),
    /** DELETE /api/sparrings/{id}/judge (Reset score). */
    resetSparring: build.mutation<Sparring, number>({
      query: (id) => ({ url: `/sparrings/${id}/judge`, method: 'DELETE' }),
      onQueryStarted: (id, lifecycle) => takesSparring(id, lifecycle),
      invalidatesTags: (sparring, error) => bracketOf(sparring, error),
    }),
    /** POST /api/sparrings/{id}/audience/{red|blue}: once per person. */
    voteSparring: build.mutation<Sparring, { id: number; color: Color }>({
      query: ({ id, color }) => ({ url: `/sparrings/${id}/audience/${color}`, method: 'POST' }),
      onQueryStarted: ({ id }, lifecycle) => takesSparring(id, lifecycle),
    }),
    /** POST /api/sparrings/{id}/extra (Add tie breaker). */
    addTieBreaker: build.mutation<Sparring, number>({
      query: (id) => ({ url: `/sparrings/${id}/extra`, method: 'POST' }),
      onQueryStarted: (id, lifecycle) => takesSparring(id, lifecycle),
    }),
    /** POST /api/sparrings/{id}/finish */
    finishSparring: build.mutation<Sparring, number>({
      query: (id) => ({ url: `/sparrings/${id}/finish`, method: 'POST' }),
      onQueryStarted: (id, lifecycle) => takesSparring(id, lifecycle),
      invalidatesTags: (sparring, error) => bracketOf(sparring, error),
    }),
    /** POST /api/admin/sparrings/{id}/set-winner/{winnerId} */
    setSparringWinner: build.mutation<Sparring, { id: number; winnerId: number }>({
      query: ({ id, winnerId }) => ({ url: `/admin/sparrings/${id}/set-winner/${winnerId}`, method: 'POST' }),
      onQueryStarted: ({ id }, lifecycle) => takesSparring(id, lifecycle),
      invalidatesTags: (sparring, error) => bracketOf(sparring, error),
    }),
    /** GET /api/events/{id}/scoreboards: every carpet's board. */
    scoreboardsByEvent: build.query<Board[], number>({
      query: (eventId) => `/events/${eventId}/scoreboards`,
      transformResponse: (boards: Board[] | null) => (Array.isArray(boards) ? boards : []),
      providesTags: (boards, _error, eventId) => [{ type: EVENT_TAG, id: eventId }, ...(boards ?? []).map((board) => ({ type: CARPET_TAG, id: board.carpetId }))],
    }),
    /** GET /api/events/{id}/scoreboards/{carpetId}: re-read on the carpet's topic and on its sparring's. */
    scoreboardByCarpet: build.query<Board, { eventId: number; carpetId: number }>({
      query: ({ eventId, carpetId }) => `/events/${eventId}/scoreboards/${carpetId}`,
      providesTags: (board, _error, { carpetId }) => [
        { type: CARPET_TAG, id: carpetId },
        ...(board?.sparring ? [{ type: SPARRING_TAG, id: board.sparring.sparringId }] : []),
      ],
      merge: (shown, incoming) => newerBoard(shown, incoming),
    }),
    /** POST /api/events/{id}/scoreboards/{carpetId} {sparringId | null}: answers the board. */
    assignScoreboard: build.mutation<Board, { eventId: number; carpetId: number; sparringId: number | null }>({
      query: ({ eventId, carpetId, sparringId }) => ({ url: `/events/${eventId}/scoreboards/${carpetId}`, method: 'POST', body: { sparringId } }),
      invalidatesTags: (_board, error, { carpetId }) => (error ? [] : [{ type: CARPET_TAG, id: carpetId }]),
    }),
    /** The scoreboard's look (logo, background) from GET /api/events/{id}. */
    scoreboardEvent: build.query<ScoreboardEvent, number>({
      query: (eventId) => `/events/${eventId}`,
      providesTags: (_event, _error, eventId) => [{ type: EVENT_TAG, id: eventId }],
    }),
  }),
})

export { competitionApi }

export const {
  useBracketsByBattleQuery,
  useSeedBracketMutation,
  useSparringByIdQuery,
  useScorecardQuery,
  useJudgeSparringMutation,
  useResetSparringMutation,
  useVoteSparringMutation,
  useAddTieBreakerMutation,
  useFinishSparringMutation,
  useSetSparringWinnerMutation,
  useScoreboardsByEventQuery,
  useScoreboardByCarpetQuery,
  useAssignScoreboardMutation,
  useScoreboardEventQuery,
} = competitionApi
