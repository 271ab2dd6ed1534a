import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import PlaceIcon from '@mui/icons-material/Place'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { useCountUsersQuery, useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useDebounced } from '@/lib/use-debounced'
import { useMemberWallInfiniteQuery } from '../api/members-api'
import {
  MEMBERS_EMPTY,
  MEMBERS_SEARCH_DEBOUNCE_MS,
  MEMBERS_SORTS,
  locationChips,
  locationOf,
  searchLabel,
  withLocation,
  type LocationFilter,
  type MembersSort,
} from '../rules'
import { LocationDialog } from './location-dialog'
import { MemberCard } from './member-card'

/**
 * /members: the card wall of public users (completed profiles), A-Z or Z-A, a name search after 600 ms,
 * 50 cards a page by infinite scroll, and removable location chips (kept in the query).
 */
export function MembersPage() {
  useDocumentTitle('Members')
  const [query, setQuery] = useSearchParams()
  const location = locationOf(query)
  const chips = locationChips(location)
  const [keyword, setKeyword] = useState('')
  const debounced = useDebounced(keyword.trim(), MEMBERS_SEARCH_DEBOUNCE_MS)
  const [sort, setSort] = useState<MembersSort>('name-asc')
  const [choosing, setChoosing] = useState(false)

  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const mine: LocationFilter | null = me ? { country: me.country ?? undefined, state: me.state ?? undefined, city: me.city ?? undefined } : null

  const list = useMemberWallInfiniteQuery({ ...location, k: debounced || undefined, sb: sort })
  // the label says how many cards the search runs over: the chips count, the typed name does not
  const { data: count } = useCountUsersQuery(location)
  const members = (list.data?.pages ?? []).flat()
  const setFilter = (filter: LocationFilter) => setQuery(withLocation(query, filter))
  const searching = list.isFetching && !list.isFetchingNextPage

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.25rem' }, mb: 0.5 }}>
        Members
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>Dancers of the community on Cypher.</Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}>
        <SearchField
          label={searchLabel(count)}
          value={keyword}
          onChange={setKeyword}
          endAdornment={searching && members.length ? <CircularProgress size={18} aria-label="Searching" /> : undefined}
          sx={{ flexGrow: 1, maxWidth: { sm: 480 } }}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            value={sort}
            onChange={(_event, value: MembersSort | null) => value && setSort(value)}
            aria-label="Sort by name"
            size="small"
          >
            {MEMBERS_SORTS.map((option) => (
              <ToggleButton key={option.value} value={option.value} sx={{ px: 2, minHeight: 44, fontWeight: 700 }}>
                {option.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button variant="outlined" startIcon={<PlaceIcon />} onClick={() => setChoosing(true)} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
            Location
          </Button>
        </Stack>
      </Stack>

      {chips.length ? (
        <Stack component="ul" aria-label="Location filters" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {chips.map((chip) => {
            // the whole chip removes it (a bigger target by touch); its name says so
            const remove = () => setFilter({ ...location, [chip.key]: undefined })
            return (
              <li key={chip.key}>
                <Chip icon={<PlaceIcon />} label={chip.value} onClick={remove} onDelete={remove} aria-label={chip.removeLabel} sx={{ minHeight: 36 }} />
              </li>
            )
          })}
        </Stack>
      ) : null}

      {list.isLoading || (searching && !members.length && !list.isError) ? (
        <PageLoader label="Loading members" />
      ) : list.isError && !members.length ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !members.length ? (
        <EmptyState title={MEMBERS_EMPTY} />
      ) : (
        <Box
          component="ul"
          aria-label="Members"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
            gap: { xs: 1.5, sm: 2 },
            p: 0,
            m: 0,
          }}
        >
          {members.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </Box>
      )}
      <ShowMore list={list} spacing={3} />

      <LocationDialog open={choosing} current={location} mine={mine} onApply={setFilter} onClose={() => setChoosing(false)} />
    </Box>
  )
}
