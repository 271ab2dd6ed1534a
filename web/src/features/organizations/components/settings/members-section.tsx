import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CloseIcon from '@mui/icons-material/Close'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import { useState } from 'react'
import { ConfirmActionDialog, ModalDialog } from '@/components/ui/dialogs'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { UserPicker } from '@/components/ui/user-picker'
import { paths } from '@/config/paths'
import type { UserListItem } from '@/lib/api/types'
import { useDebounced } from '@/lib/use-debounced'
import { useAddMemberMutation, useListMembersInfiniteQuery, useRemoveMemberMutation } from '../../api/organizations-api'
import { SETTINGS_MEMBERS_SEARCH_MS } from '../../rules'
import type { Organization, OrganizationsUser } from '../../types'
import { userName } from '@/components/ui/role-users'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'

/** 'Add member': a user picker, the picked user, and Add (POST /orgs/{id}/members/{userId}, "ok" counts). */
function AddMemberDialog({ org, members, open, onClose }: { org: Organization; members: OrganizationsUser[]; open: boolean; onClose: () => void }) {
  const [picked, setPicked] = useState<UserListItem | null>(null)
  const [add, { isLoading }] = useAddMemberMutation()

  const close = () => {
    setPicked(null)
    onClose()
  }

  const submit = async () => {
    if (!picked) return
    try {
      const answer = await add({ id: org.id, userId: picked.id }).unwrap()
      if (answer === 'ok') close()
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <ModalDialog
      open={open}
      title="Add member"
      onClose={close}
      action={{ label: 'Add', onClick: submit, disabled: !picked || isLoading }}
    >
      <Box sx={{ pt: 1, minHeight: 340 }}>
        <UserPicker
          label="Search users to add"
          selected={picked ? [...members, picked] : members}
          allowInvite
          autoFocus
          onPick={setPicked}
        />
        {picked ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Will be added to {org.name}:
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', border: '1px solid', borderColor: 'divider', borderRadius: 5, pl: 0.5, pr: 0.25, py: 0.25, width: 'fit-content', maxWidth: '100%' }}>
              <ProfileAvatar aria-hidden="true" image={picked.avatar} name={picked.dancerName} size={32} />
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{userName(picked)}</Typography>
              <IconButton size="small" aria-label={`Do not add ${userName(picked)}`} onClick={() => setPicked(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          </Box>
        ) : null}
      </Box>
    </ModalDialog>
  )
}

/** 'Members (count)': a search of the current members, the list (100 a page, infinite), remove and add. */
export function MembersSection({ org }: { org: Organization }) {
  const [keyword, setKeyword] = useState('')
  const debounced = useDebounced(keyword.trim(), SETTINGS_MEMBERS_SEARCH_MS)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<OrganizationsUser | null>(null)
  const list = useListMembersInfiniteQuery({ id: org.id, k: debounced || undefined })
  const [remove, { isLoading: removeBusy }] = useRemoveMemberMutation()
  const members = (list.data?.pages ?? []).flatMap((page) => page ?? [])

  return (
    <Box>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, gap: 2, mb: 1 }}>
        <SearchField label="Search current members" value={keyword} onChange={setKeyword} />
        <Button variant="contained" size="large" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} sx={{ flexShrink: 0, minHeight: 48 }}>
          Add member
        </Button>
      </Stack>
      {list.isLoading || (list.isFetching && !list.isFetchingNextPage && !members.length) ? (
        <PageLoader label="Loading members" />
      ) : list.isError && !members.length ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : members.length ? (
        <List aria-label="Current members">
          {members.map((member) => (
            <ListItem
              key={member.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${userName(member)}`} onClick={() => setRemoving(member)}>
                  <PersonRemoveIcon />
                </IconButton>
              }
            >
              <ListItemAvatar>
                <ProfileAvatar aria-hidden="true" image={member.avatar} name={member.dancerName} size={40} />
              </ListItemAvatar>
              <ListItemText primary={<Link href={paths.profile.getHref(member.id)} sx={{ fontWeight: 700 }}>{userName(member)}</Link>} />
            </ListItem>
          ))}
        </List>
      ) : (
        <EmptyState title={debounced ? 'No members found' : 'No members yet'} text={debounced ? `No member's name contains "${debounced}".` : 'Add the dancers who belong to the organization: their battle points count on its leaderboard.'} />
      )}
      <ShowMore list={list} />
      <AddMemberDialog org={org} members={members} open={adding} onClose={() => setAdding(false)} />
      <ConfirmActionDialog
        subject={removing}
        action={(member) => remove({ id: org.id, userId: member.id }).unwrap()}
        title={removing ? `Remove ${userName(removing)}?` : 'Remove member?'}
        text={`They will no longer be a member of ${org.name}, and their points leave its leaderboard.`}
        confirmLabel="Remove"
        destructive
        busy={removeBusy}
        onClose={() => setRemoving(null)}
      />
    </Box>
  )
}
