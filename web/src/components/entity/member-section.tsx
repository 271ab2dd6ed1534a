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
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { userName, type RoleUser } from '@/components/ui/role-users'
import { SearchField } from '@/components/ui/search-field'
import { ShowMore } from '@/components/ui/show-more'
import { UserPicker, type PickerRole } from '@/components/ui/user-picker'
import { paths } from '@/config/paths'
import type { UserListItem } from '@/lib/api/types'
import { useDebounced } from '@/lib/use-debounced'
import type { MemberTexts } from './rules'

/** What the section reads of the current people's infinite query. */
export interface MemberList {
  isLoading: boolean
  isFetching: boolean
  isFetchingNextPage: boolean
  isError: boolean
  hasNextPage: boolean
  fetchNextPage: () => unknown
  refetch: () => unknown
}

/** The typed search of a members section: the keyword as typed, and as searched once typing paused. */
export function useMemberSearch(delayMs: number) {
  const [keyword, setKeyword] = useState('')
  const searched = useDebounced(keyword.trim(), delayMs)
  return { keyword, setKeyword, searched }
}

export type MemberSearch = ReturnType<typeof useMemberSearch>

interface MemberSectionProps<U extends RoleUser> {
  texts: MemberTexts & {
    /** the add dialog's user picker */
    picker: string
    /** above the picked user: 'Will be added to <name>:' */
    addNote: string
    /** while no one is listed and nothing is searched */
    empty: { title: string; text?: string }
    /** the remove confirmation's text */
    removeText: string
  }
  search: MemberSearch
  list: MemberList
  /** the people listed, page after page */
  users: U[]
  /** the picker's role, for its invitation */
  role?: PickerRole
  /** adds a user; true when the server took them (the dialog closes then) */
  add: (userId: number) => Promise<boolean>
  adding: boolean
  remove: (user: U) => Promise<unknown>
  removing: boolean
  /** a failed read says so with a Retry (instead of the empty text) */
  retries?: boolean
}

/** The add dialog: a user picker, the picked user, and Add (disabled until someone is picked). */
function AddMemberDialog({ texts, present, role, add, busy, open, onClose }: { texts: MemberSectionProps<RoleUser>['texts']; present: RoleUser[]; role?: PickerRole; add: (userId: number) => Promise<boolean>; busy: boolean; open: boolean; onClose: () => void }) {
  const [picked, setPicked] = useState<UserListItem | null>(null)

  const close = () => {
    setPicked(null)
    onClose()
  }
  const submit = async () => {
    if (!picked) return
    try {
      if (await add(picked.id)) close()
    } catch {
      /* the failure was shown as a toast: the dialog stays open */
    }
  }

  return (
    <ModalDialog open={open} title={texts.add} onClose={close} action={{ label: 'Add', onClick: submit, disabled: !picked || busy }}>
      <Box sx={{ pt: 1, minHeight: 340 }}>
        <UserPicker label={texts.picker} selected={picked ? [...present, picked] : present} role={role} allowInvite autoFocus onPick={setPicked} />
        {picked ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {texts.addNote}
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
 * A settings section of an entity's people (an organization's members, a studio's admins, teachers or
 * students): a search of the current ones, the list (a page at a time, infinite) with a remove icon each, and
 * the add dialog. The list changes only with the server's answer.
 */
export function MemberSection<U extends RoleUser>({ texts, search, list, users, role, add, adding, remove, removing, retries = false }: MemberSectionProps<U>) {
  const [dialogOpen, setDialogOpen] = useState(false)
  const [leaving, setLeaving] = useState<U | null>(null)
  const searched = search.searched

  return (
    <Box>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, gap: 2, mb: 1 }}>
        <SearchField label={texts.search} value={search.keyword} onChange={search.setKeyword} />
        <Button variant="contained" size="large" startIcon={<PersonAddIcon />} onClick={() => setDialogOpen(true)} sx={{ flexShrink: 0, minHeight: 48 }}>
          {texts.add}
        </Button>
      </Stack>
      {list.isLoading || (list.isFetching && !list.isFetchingNextPage && !users.length) ? (
        <PageLoader label={texts.loading} />
      ) : retries && list.isError && !users.length ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : users.length ? (
        <List aria-label={texts.list}>
          {users.map((user) => (
            <ListItem
              key={user.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${userName(user)}`} onClick={() => setLeaving(user)}>
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
        <EmptyState {...(searched ? texts.notFound(searched) : texts.empty)} />
      )}
      <ShowMore list={list} />
      <AddMemberDialog texts={texts} present={users} role={role} add={add} busy={adding} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmActionDialog
        subject={leaving}
        action={remove}
        title={leaving ? `Remove ${userName(leaving)}?` : texts.removeTitle}
        text={texts.removeText}
        confirmLabel="Remove"
        destructive
        busy={removing}
        onClose={() => setLeaving(null)}
      />
    </Box>
  )
}
