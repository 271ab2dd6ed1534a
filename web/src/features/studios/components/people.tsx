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
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { RoleUsers, userName } from '@/components/ui/role-users'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'
import { UserPicker } from '@/components/ui/user-picker'
import { paths } from '@/config/paths'
import type { UserListItem } from '@/lib/api/types'
import { useDebounced } from '@/lib/use-debounced'
import { pageItems, useAddStudioPersonMutation, useRemoveStudioPersonMutation, useStudioPeopleInfiniteQuery } from '../api/studios-api'
import { PEOPLE_SEARCH_MS, PEOPLE_TEXTS } from '../rules'
import type { Studio, StudioPeople, StudioUser } from '../types'

/**
 * A wizard step (4 to 6): the shared user picker (role admin, teacher or student) adds at once; the list
 * below is the server's, so a person shows only once the server took them.
 */
export function PeopleStep({ studio, people, meId }: { studio: Studio; people: StudioPeople; meId?: number }) {
  const texts = PEOPLE_TEXTS[people]
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people })
  const [add] = useAddStudioPersonMutation()
  const [remove] = useRemoveStudioPersonMutation()
  const [busyId, setBusyId] = useState<number | null>(null)
  const users: StudioUser[] = pageItems(list.data?.pages)

  const change = async (userId: number, removing: boolean) => {
    setBusyId(userId)
    try {
      await (removing ? remove : add)({ id: studio.id, people, userId }).unwrap()
    } catch {
      /* reported only (the base query's toast): the list stays as the server has it */
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Stack spacing={2}>
      <UserPicker label={texts.picker} selected={users} role={texts.role} allowInvite onPick={(user) => void change(user.id, false)} />
      <Box>
        <Typography variant="h4" component="h3" sx={{ mt: 1, mb: 0.5, fontSize: '1.1rem' }}>
          {PEOPLE_HEADINGS[people]} ({users.length})
        </Typography>
        {list.isLoading ? (
          <PageLoader label={`Loading ${people}`} />
        ) : (
          <RoleUsers users={users} label={PEOPLE_HEADINGS[people]} empty={texts.empty} busyId={busyId} onRemove={(user) => void change(user.id, true)} note={(user) => (user.id === meId ? 'You' : undefined)} />
        )}
      </Box>
    </Stack>
  )
}

const PEOPLE_HEADINGS: Record<StudioPeople, string> = { admins: 'Admins', teachers: 'Teachers', students: 'Students' }

/** The add modal: a user picker, the picked person, and an add button disabled until someone is picked. */
function AddPersonDialog({ studio, people, present, open, onClose }: { studio: Studio; people: StudioPeople; present: StudioUser[]; open: boolean; onClose: () => void }) {
  const texts = PEOPLE_TEXTS[people]
  const [picked, setPicked] = useState<UserListItem | null>(null)
  const [add, { isLoading }] = useAddStudioPersonMutation()

  const close = () => {
    setPicked(null)
    onClose()
  }
  const submit = async () => {
    if (!picked) return
    try {
      const answer = await add({ id: studio.id, people, userId: picked.id }).unwrap()
      if (answer) close()
    } catch {
      /* reported only: the dialog stays open */
    }
  }

  return (
    <ModalDialog open={open} title={texts.addTitle} onClose={close} action={{ label: 'Add', onClick: submit, disabled: !picked || isLoading }}>
      <Box sx={{ pt: 1, minHeight: 340 }}>
        <UserPicker label={texts.picker} selected={picked ? [...present, picked] : present} role={texts.role} allowInvite autoFocus onPick={setPicked} />
        {picked ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Will be added to {studio.name || 'the studio'} as {texts.noun}:
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

/**
 * A settings section of people (admins, teachers, students): a search of the current ones, the list (100 a
 * page, infinite) with a remove icon each, and the add modal. Lists change only with the server's answer.
 */
export function PeopleSection({ studio, people }: { studio: Studio; people: StudioPeople }) {
  const texts = PEOPLE_TEXTS[people]
  const [keyword, setKeyword] = useState('')
  const debounced = useDebounced(keyword.trim(), PEOPLE_SEARCH_MS)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<StudioUser | null>(null)
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people, keyword: debounced || undefined })
  const [remove, { isLoading: removeBusy }] = useRemoveStudioPersonMutation()
  const users = pageItems(list.data?.pages)

  return (
    <Box>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, gap: 2, mb: 1 }}>
        <SearchField label={texts.search} value={keyword} onChange={setKeyword} />
        <Button variant="contained" size="large" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} sx={{ flexShrink: 0, minHeight: 48 }}>
          {texts.add}
        </Button>
      </Stack>
      {list.isLoading || (list.isFetching && !list.isFetchingNextPage && !users.length) ? (
        <PageLoader label={`Loading ${people}`} />
      ) : users.length ? (
        <List aria-label={`Current ${people}`}>
          {users.map((user) => (
            <ListItem
              key={user.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${userName(user)}`} onClick={() => setRemoving(user)}>
                  <PersonRemoveIcon />
                </IconButton>
              }
            >
              <ListItemAvatar>
                <ProfileAvatar aria-hidden="true" image={user.avatar} name={user.dancerName} size={40} />
              </ListItemAvatar>
              <ListItemText primary={<Link href={paths.profile.getHref(user.id)} sx={{ fontWeight: 700 }}>{userName(user)}</Link>} />
            </ListItem>
          ))}
        </List>
      ) : (
        <EmptyState title={debounced ? `No ${people} found` : texts.empty} text={debounced ? `No ${texts.noun}'s name contains "${debounced}".` : undefined} />
      )}
      <ShowMore list={list} />
      <AddPersonDialog studio={studio} people={people} present={users} open={adding} onClose={() => setAdding(false)} />
      <ConfirmActionDialog
        subject={removing}
        action={(user) => remove({ id: studio.id, people, userId: user.id }).unwrap()}
        title={removing ? `Remove ${userName(removing)}?` : `Remove ${texts.noun}?`}
        text={`They will no longer be listed as ${texts.noun === 'admin' ? 'an admin' : `a ${texts.noun}`} of ${studio.name || 'the studio'}.`}
        confirmLabel="Remove"
        destructive
        busy={removeBusy}
        onClose={() => setRemoving(null)}
      />
    </Box>
  )
}
