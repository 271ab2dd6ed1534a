import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useDebounced } from '@/lib/use-debounced'
import { useCreateOrganizationMutation, useListOrganizationsInfiniteQuery } from '../api/organizations-api'
import { DEFAULT_LIST_VIEW, ORG_SEARCH_DEBOUNCE_MS, type ListView } from '../rules'
import type { OrganizationListItem } from '../types'
import { OrganizationSection } from './organization-section'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'

function pagesItems(pages: ({ items: OrganizationListItem[] } | null)[] | undefined): OrganizationListItem[] {
  return (pages ?? []).flatMap((page) => page?.items ?? [])
}

/** /organizations (docs/product/organizations.md): 'My organizations' when the user has any, a search, 'All organizations'. */
export function OrganizationsPage() {
  useDocumentTitle('Organizations')
  const navigate = useNavigate()
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const [create, { isLoading: creating }] = useCreateOrganizationMutation()
  const [keyword, setKeyword] = useState('')
  const debounced = useDebounced(keyword.trim(), ORG_SEARCH_DEBOUNCE_MS)
  const [myView, setMyView] = useState<ListView>(DEFAULT_LIST_VIEW)
  const [allView, setAllView] = useState<ListView>(DEFAULT_LIST_VIEW)

  const mine = useListOrganizationsInfiniteQuery({ u: me?.id }, { skip: !me?.id })
  const all = useListOrganizationsInfiniteQuery({ k: debounced })
  const myItems = pagesItems(mine.data?.pages)
  const allItems = pagesItems(all.data?.pages)

  const createOrganization = async () => {
    if (!signedIn) {
      navigate(paths.signup.getHref({ redirect: paths.organizations.getHref() }))
      return
    }
    try {
      const { id } = await create().unwrap()
      navigate(paths.createOrganization.getHref(id))
    } catch {
      /* the failure was shown as a toast */
    }
  }

  const searching = all.isFetching && !all.isFetchingNextPage
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 4 }}>
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.25rem' } }}>
            Organizations
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            The crews, leagues and collectives that throw events, with their members and leaderboards.
          </Typography>
        </Box>
        <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={createOrganization} disabled={creating} sx={{ flexShrink: 0 }}>
          Create Organization
        </Button>
      </Stack>

      {myItems.length ? <OrganizationSection title="My organizations" items={myItems} view={myView} onView={setMyView} /> : null}

      <OrganizationSection
        title="All organizations"
        items={allItems}
        view={allView}
        onView={setAllView}
        tools={
          <SearchField
            label="Search organizations"
            value={keyword}
            onChange={setKeyword}
            endAdornment={searching && allItems.length ? <CircularProgress size={18} aria-label="Searching" /> : undefined}
            sx={{ mb: 3, maxWidth: { sm: 420 } }}
          />
        }
        placeholder={
          all.isLoading || (searching && !allItems.length) ? (
            <PageLoader label="Loading organizations" />
          ) : all.isError ? (
            <ErrorState onRetry={() => void all.refetch()} retrying={all.isFetching} />
          ) : (
            <EmptyState
              title="No organizations found"
              text={debounced ? `No organization's name contains "${debounced}".` : 'Be the first: create the organization your crew runs events with.'}
            />
          )
        }
        footer={<ShowMore list={all} spacing={3} />}
      />
    </Box>
  )
}
