import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import { TextInput } from './text-input'
import Typography from '@mui/material/Typography'
import SearchIcon from '@mui/icons-material/Search'
import { useEffect, useId, useRef, useState } from 'react'
import type { UserListItem } from '@/lib/api/types'
import { USER_PICKER_PAGE_SIZE, useSearchUsersQuery } from '@/lib/api/users'
import { useDebounced } from '@/lib/use-debounced'
import { isEmail, MESSAGES } from '@/lib/validation'
import { ProfileAvatar } from './profile-avatar'

/** The result list closes this long after the field loses focus (a click on a result lands first). */
export const PICKER_CLOSE_DELAY_MS = 300
const SEARCH_DEBOUNCE_MS = 300

export type PickerRole = 'admin' | 'promoter' | 'teacher' | 'student' | 'member'

interface UserPickerProps {
  label: string
  /** users already in the list: never offered again */
  selected: { id: number }[]
  onPick: (user: UserListItem) => void
  /** the role the picked user will get; only named in texts */
  role?: PickerRole
  orgIds?: number[]
  /** offer 'Invite {email}' when the text is an address (sending invitations is not built yet) */
  allowInvite?: boolean
  disabled?: boolean
  autoFocus?: boolean
  /**
   * results searched elsewhere (a screen whose server decides who may be picked, as the crew form's): the picker
   * reports the debounced text and whether its list is open, and shows `results` instead of GET /api/users
   */
  source?: PickerSource
}

export interface PickerSource {
  results: UserListItem[] | undefined
  searching: boolean
  onSearch: (search: { k: string; open: boolean }) => void
}

/**
 * Search users by name (GET /api/users, page size 100) and pick one. Users already in the list are
 * excluded; the list closes 300 ms after the field loses focus; arrow keys and Enter work in the list.
 */
export function UserPicker({ label, selected, onPick, role, orgIds, allowInvite, disabled, autoFocus, source }: UserPickerProps) {
  const listId = useId()
  const [keyword, setKeyword] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [inviteMessage, setInviteMessage] = useState<{ error: boolean; text: string } | null>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const debounced = useDebounced(keyword, SEARCH_DEBOUNCE_MS)
  const exclude = selected.map((user) => user.id)
  const own = useSearchUsersQuery(
    { k: debounced, pp: USER_PICKER_PAGE_SIZE, p: 0, ex: exclude, orgs: orgIds, sb: 'name-asc' },
    { skip: !open || Boolean(source) },
  )
  const data = (source ? source.results : own.data) ?? []
  const isFetching = source ? source.searching : own.isFetching
  const onSearch = source?.onSearch
  useEffect(() => {
    onSearch?.({ k: debounced, open })
  }, [onSearch, debounced, open])
  const results = data.filter((user) => !exclude.includes(user.id))
  // until the typed text has been searched, the list shows the previous answer: say so (spinner, aria-busy), so
  // neither a reader nor a quick tap takes a result that is about to move, and 'No users found' does not flash
  const searching = open && (isFetching || keyword !== debounced)
  const looksLikeEmail = allowInvite && keyword.includes('@')

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  // The list opens under the field inside whatever scrolls around it (a dialog's content, the page): a field near
  // the bottom of a dialog would open it out of sight, so it is brought into view as it opens and as results
  // arrive ('nearest': nothing moves when it is already seen). Its height is capped to part of the screen, so the
  // field stays in view with it on a phone.
  const listBox = useRef<HTMLDivElement>(null)
  const shownCount = results.length
  const showsEmpty = !results.length && !searching
  useEffect(() => {
    if (open) listBox.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [open, shownCount, showsEmpty])

  const pick = (user: UserListItem) => {
    onPick(user)
    setKeyword('')
    setInviteMessage(null)
    // the list closes on a pick (it would cover what follows the field); typing or ArrowDown opens it again
    setOpen(false)
    setActive(0)
  }

  const invite = () => {
    if (!isEmail(keyword)) {
      setInviteMessage({ error: true, text: MESSAGES.invalidEmailPicker })
      return
    }
    setInviteMessage({ error: false, text: 'Invitations by e-mail are not sent yet: ask them to create a profile, then pick them here.' })
  }

  return (
    <Box sx={{ position: 'relative' }}>
      <TextInput
        label={label}
        value={keyword}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => {
          setKeyword(event.target.value)
          setActive(0)
          setInviteMessage(null)
          setOpen(true)
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current)
          setOpen(true)
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), PICKER_CLOSE_DELAY_MS)
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((index) => Math.min(index + 1, Math.max(results.length - 1, 0)))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((index) => Math.max(index - 1, 0))
          } else if (event.key === 'Enter') {
            event.preventDefault()
            if (looksLikeEmail && !results.length) invite()
            else if (results[active]) pick(results[active])
          } else if (event.key === 'Escape') {
            setOpen(false)
          }
        }}
        error={inviteMessage?.error}
        helperText={inviteMessage?.text}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-expanded': open,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': open && results[active] ? `${listId}-${results[active].id}` : undefined,
            autoComplete: 'off',
          },
          input: {
            startAdornment: <SearchIcon aria-hidden="true" />,
            endAdornment: searching ? <CircularProgress size={18} aria-label="Searching" /> : undefined,
          },
        }}
      />
      {open ? (
        <Paper ref={listBox} elevation={6} sx={{ position: 'absolute', zIndex: 10, left: 0, right: 0, mt: 0.5, maxHeight: 'min(320px, 40vh)', overflow: 'auto' }}>
          <List id={listId} role="listbox" aria-label={`${label} results`} aria-busy={searching} dense>
            {results.map((user, index) => (
              <ListItemButton
                key={user.id}
                id={`${listId}-${user.id}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(user)}
              >
                <ListItemAvatar aria-hidden="true">
                  <ProfileAvatar image={user.avatar} name={user.dancerName} size={36} />
                </ListItemAvatar>
                <ListItemText primary={user.dancerName} secondary={role ? `Add as ${role}` : undefined} />
              </ListItemButton>
            ))}
          </List>
          {showsEmpty ? (
            <Box sx={{ px: 2, pb: 1.5 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: looksLikeEmail ? 1 : 0 }}>
                No users found
              </Typography>
              {looksLikeEmail ? (
                <Button size="small" onMouseDown={(event) => event.preventDefault()} onClick={invite}>
                  Invite {keyword.trim()}
                </Button>
              ) : null}
            </Box>
          ) : null}
        </Paper>
      ) : null}
    </Box>
  )
}
