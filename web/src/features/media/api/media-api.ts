import { api } from '@/lib/api/base'
import { answeredScope, mediaScope, mediaTagId, otherScopes } from '../rules'
import type { Media, MediaScope } from '../types'

export interface SaveMedia {
  /** the list the panel shows: an event's clip is saved with eventId, an organization's with orgId */
  scope: MediaScope
  link: string
  name: string | null
}

export interface DeleteMedia {
  clip: Media
  /** the list the panel shows (an organization's shows its events' clips too) */
  scope: MediaScope
}

const mediaTags = (scopes: MediaScope[]) => scopes.map((scope) => ({ type: 'Media' as const, id: mediaTagId(scope) }))

/** The clip the server just saved for this list, as far as its lists go (its organization comes with the answer). */
function savedClip({ scope }: SaveMedia, answer: Media[] | undefined): Pick<Media, 'orgId' | 'eventId'> {
  if (scope.e === undefined) return { orgId: scope.o, eventId: null }
  return { eventId: scope.e, orgId: answer?.find((clip) => clip.eventId === scope.e && clip.orgId != null)?.orgId ?? null }
}

const mediaApi = api.enhanceEndpoints({ addTagTypes: ['Media'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /media?o= or ?e=: an organization's clips (its events' included) or an event's, newest first. */
    media: build.query<Media[] | null, MediaScope>({
      query: (scope) => ({ url: '/media', params: mediaScope(scope) }),
      providesTags: (_media, _error, scope) => mediaTags([scope]),
    }),
    /**
     * POST /media answers the list the clip was saved to, which the panel shows; an event's clip also shows in
     * its organization's Media tab, which reads its list again.
     */
    saveMedia: build.mutation<Media[], SaveMedia>({
      query: ({ scope, link, name }) => ({
        url: '/media',
        method: 'POST',
        body: scope.e !== undefined ? { link, name, eventId: scope.e } : { link, name, orgId: scope.o },
      }),
      invalidatesTags: (answer, _error, call) => (answer ? mediaTags(otherScopes(savedClip(call, answer), call.scope)) : []),
      onQueryStarted: async (call, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          dispatch(mediaApi.util.upsertQueryData('media', mediaScope(call.scope), data))
        } catch {
          /* the list stays as it was; the failure was shown as a toast */
        }
      },
    }),
    /**
     * DELETE /media/{id} answers the clip's own list (its event's, or its organization's); the panel's list, when
     * it is another one (an organization's showing an event's clip), drops the clip at once and is read again.
     */
    deleteMedia: build.mutation<Media[], DeleteMedia>({
      query: ({ clip }) => ({ url: `/media/${clip.id}`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, { clip }) => (answer ? mediaTags(otherScopes(clip, answeredScope(clip))) : []),
      onQueryStarted: async ({ clip, scope }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          const answered = answeredScope(clip)
          dispatch(mediaApi.util.upsertQueryData('media', answered, data))
          if (mediaTagId(answered) !== mediaTagId(mediaScope(scope))) {
            dispatch(
              mediaApi.util.updateQueryData('media', mediaScope(scope), (list) => (list ? list.filter((item) => item.id !== clip.id) : list)),
            )
          }
        } catch {
          /* the list stays as it was; the failure was shown as a toast */
        }
      },
    }),
  }),
})

export { mediaApi }

export const { useSaveMediaMutation, useDeleteMediaMutation } = mediaApi
/** The `media` query's hook, named apart from MUI's useMediaQuery (the screens use both). */
export const useMediaListQuery = mediaApi.useMediaQuery
