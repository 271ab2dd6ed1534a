import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import { useState } from 'react'
import { ModalDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SearchField } from '@/components/ui/search-field'
import { useDebounced } from '@/lib/use-debounced'
import { useBattleAdminRegisterMutation, useBattleAdminSignMutation, useBattleCatalogueUsersQuery } from '../api/battles-api'
import { isRealDate, SEARCH_DEBOUNCE_MS } from '../rules'
import type { Battle, CatalogueUser } from '../types'

type Doc = 'agreement' | 'waiver'

const DOC_LABEL: Record<Doc, string> = { agreement: 'Agreement', waiver: 'Waiver' }

/**
 * 'Add competitors': the admin catalogue searched by dancer name (50 a page, debounced), several picked, then
 * registered at once. Each picked dancer must have signed the organization's agreement and waiver (where it has
 * them): the staff sign on their behalf here, and Add stays disabled until every document is signed (the server
 * refuses the batch otherwise, and records who signed).
 */
export function CompetitorPicker({ battle, open, onClose }: { battle: Battle; open: boolean; onClose: () => void }) {
  const battleId = battle.id
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<CatalogueUser[]>([])
  // signatures given in this dialog (the admin calls answer only a date)
  const [signedHere, setSignedHere] = useState<Record<Doc, number[]>>({ agreement: [], waiver: [] })
  const debounced = useDebounced(keyword, SEARCH_DEBOUNCE_MS)
  const { data, isFetching, isError } = useBattleCatalogueUsersQuery({ battleId, k: debounced }, { skip: !open })
  const [register, { isLoading }] = useBattleAdminRegisterMutation()
  const [signFor, signing] = useBattleAdminSignMutation()
  const users = data?.data ?? []
  const isPicked = (id: number) => picked.some((user) => user.id === id)
  const toggle = (user: CatalogueUser) => setPicked((now) => (isPicked(user.id) ? now.filter((item) => item.id !== user.id) : [...now, user]))

  const docs = ([battle.hasAgreement ? 'agreement' : null, battle.hasWaiver ? 'waiver' : null] as const).filter((doc): doc is Doc => doc !== null)
  const signed = (user: CatalogueUser, doc: Doc) => {
    if (signedHere[doc].includes(user.id)) return true
    const latest = users.find((item) => item.id === user.id) ?? user
    return isRealDate(doc === 'agreement' ? latest.agreementSignedAt : latest.waiverSignedAt)
  }
  const unsigned = picked.filter((user) => docs.some((doc) => !signed(user, doc)))

  const close = () => {
    setPicked([])
    setKeyword('')
    setSignedHere({ agreement: [], waiver: [] })
    onClose()
  }
  const sign = async (user: CatalogueUser, doc: Doc) => {
    try {
      await signFor({ battleId, userId: user.id, doc }).unwrap()
      setSignedHere((now) => ({ ...now, [doc]: [...now[doc], user.id] }))
    } catch {
      /* the failure was shown as a toast */
    }
  }
  const add = async () => {
    try {
      await register({ battleId, userIds: picked.map((user) => user.id) }).unwrap()
      close()
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <ModalDialog
      open={open}
      title="Add competitors"
      onClose={close}
      action={{
        label: picked.length ? `Add competitors (${picked.length})` : 'Add competitors',
        onClick: () => void add(),
        disabled: !picked.length || unsigned.length > 0 || isLoading,
      }}
    >
      <SearchField label="Search dancers" value={keyword} onChange={setKeyword} sx={{ width: '100%', mt: 1 }} autoFocus />
      {isFetching && !users.length ? <PageLoader label="Searching" /> : null}
      {isError && !isFetching ? <Typography sx={{ color: 'error.main', py: 2 }}>The dancers could not be loaded. Try again.</Typography> : null}
      {!isFetching && !isError && !users.length ? <Typography sx={{ color: 'text.secondary', py: 2 }}>No dancers found</Typography> : null}
      <List aria-label="Dancers" aria-busy={isFetching}>
        {users.map((user) => (
          <ListItemButton key={user.id} onClick={() => toggle(user)} sx={{ minHeight: 48 }} role="checkbox" aria-checked={isPicked(user.id)} aria-label={user.dancerName ?? undefined}>
            <ListItemIcon>
              <Checkbox edge="start" checked={isPicked(user.id)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
            </ListItemIcon>
            <ListItemAvatar>
              <ProfileAvatar image={user.avatar} name={user.dancerName} size={36} />
            </ListItemAvatar>
            <ListItemText primary={user.dancerName} />
          </ListItemButton>
        ))}
      </List>
      {picked.length && docs.length ? (
        <>
          <Typography component="h3" sx={{ fontWeight: 800, mt: 1 }} id="picked-signatures">
            To sign before adding
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Each dancer signs {docs.length === 2 ? 'the agreement and the waiver' : `the ${docs[0]}`}; you can sign on their behalf.
          </Typography>
          <List aria-labelledby="picked-signatures" disablePadding>
            {picked.map((user) => (
              <ListItem key={user.id} sx={{ px: 0, gap: 1.5, flexWrap: 'wrap', borderBottom: '1px solid', borderColor: 'divider' }} data-testid={`picked-${user.id}`}>
                <Typography sx={{ fontWeight: 700, flexGrow: 1, overflowWrap: 'anywhere' }}>{user.dancerName}</Typography>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  {docs.map((doc) =>
                    signed(user, doc) ? (
                      <Stack key={doc} direction="row" sx={{ alignItems: 'center', gap: 0.5, color: 'success.main', minHeight: 40 }}>
                        <CheckCircleIcon aria-hidden="true" fontSize="small" />
                        <Typography variant="body2">{DOC_LABEL[doc]} signed</Typography>
                      </Stack>
                    ) : (
                      <Button
                        key={doc}
                        size="small"
                        variant="outlined"
                        sx={{ minHeight: 40 }}
                        disabled={signing.isLoading}
                        onClick={() => void sign(user, doc)}
                        aria-label={`Sign ${doc} for ${user.dancerName ?? 'dancer'}`}
                      >
                        Sign {doc}
                      </Button>
                    ),
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </ModalDialog>
  )
}
