import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import GroupAddIcon from '@mui/icons-material/GroupAdd'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { EmptyState } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SearchField } from '@/components/ui/search-field'
import { paths } from '@/config/paths'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useBattleCrewActionMutation } from '../api/battles-api'
import { BATTLE_TEXTS, confirmTexts, crewSizeText, filterCrews } from '../rules'
import type { Battle, BattleUser, Crew } from '../types'
import { CrewForm } from './crew-form'
import { CsvDownload } from './csv-download'
import { AdminCrewModal, CrewDetailsModal } from './crew-modals'
import { LegalSigning } from './legal-signing'
import { BattleCounters, HiddenRows, SectionTitle } from './list-pieces'
import { RegisterButton } from './register-button'
import { useQuestion } from './staff-actions'
import { WinnersSection } from './winners'

/** The caller's pending invitations: accept or decline each. */
function Invitations({ battle }: { battle: Battle }) {
  const [call, { isLoading }] = useBattleCrewActionMutation()
  if (!battle.invitations.length) return null
  return (
    <Box component="section" aria-labelledby="invitations-title" sx={{ mb: 2 }}>
      <SectionTitle id="invitations-title">Invitations</SectionTitle>
      <Stack spacing={1}>
        {battle.invitations.map((invitation) => (
          <Paper key={invitation.crewId} elevation={0} sx={{ p: 1.5, border: '1px solid', borderColor: 'primary.main', borderRadius: 2 }} data-testid={`invitation-${invitation.crewId}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' } }}>
              <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
                <ProfileAvatar image={invitation.captain.avatar} name={invitation.captain.dancerName} size={40} />
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{invitation.captain.dancerName}</strong> invites you to join <strong>{invitation.crewName}</strong>
                </Typography>
              </Stack>
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button variant="contained" disabled={isLoading} sx={{ minHeight: 48 }} aria-label={`Accept the invitation to ${invitation.crewName}`} onClick={() => void call({ battleId: battle.id, crewId: invitation.crewId, action: 'accept' })}>
                  Accept
                </Button>
                <Button variant="outlined" disabled={isLoading} sx={{ minHeight: 48 }} aria-label={`Decline the invitation to ${invitation.crewName}`} onClick={() => void call({ battleId: battle.id, crewId: invitation.crewId, action: 'decline' })}>
                  Decline
                </Button>
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  )
}

function CrewRow({ crew, battle, mine, onOpen }: { crew: Crew; battle: Battle; mine: boolean; onOpen: () => void }) {
  return (
    <ListItemButton
      onClick={onOpen}
      data-testid={`crew-${crew.id}`}
      aria-current={mine ? 'true' : undefined}
      sx={{ minHeight: 56, gap: 1.5, borderBottom: '1px solid', borderColor: 'divider', bgcolor: mine ? 'action.selected' : undefined, borderLeft: mine ? '4px solid' : undefined, borderLeftColor: 'primary.main' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{crew.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {crewSizeText(crew, battle.crewSize)}
        </Typography>
      </Box>
      {mine ? <Chip label="Your crew" color="primary" size="small" /> : null}
      {crew.randId != null ? (
        <Typography component="span" sx={{ fontWeight: 800 }} aria-label={`Number ${crew.randId}`}>
          #{crew.randId}
        </Typography>
      ) : null}
      {crew.randId != null ? <CheckCircleIcon titleAccess="Checked in" sx={{ color: 'success.main' }} /> : null}
    </ListItemButton>
  )
}

/** The crew layout (docs/product/battles-and-registration.md): invitations, the register block, the crews list, the wait list. */
export function CrewLayout({ battle, me }: { battle: Battle; me: BattleUser | null }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const navigate = useNavigate()
  const location = useLocation()
  const { ask, dialog } = useQuestion()
  const [keyword, setKeyword] = useState('')
  const [openCrewId, setOpenCrewId] = useState<number | null>(null)
  // the crew form: a new crew (null) or a crew's id; unmounted when closed, so each opening starts fresh
  const [form, setForm] = useState<{ crewId: number | null } | null>(null)
  const [leave, leaving] = useBattleCrewActionMutation()

  const waitList = battle.waitList as Crew[]
  const allCrews = [...battle.crews, ...waitList]
  const findCrew = (id: number | null) => (id === null ? null : allCrews.find((crew) => crew.id === id) ?? null)
  const myCrew = findCrew(battle.myCrewId)
  const openCrew = findCrew(openCrewId)
  const shown = filterCrews(battle.crews, keyword)
  const openForm = (crewId: number | null) => setForm({ crewId })
  const isCaptain = myCrew !== null && me !== null && myCrew.captainId === me.id

  const leaveCrew = () => {
    if (!myCrew) return
    const run = () => leave({ battleId: battle.id, crewId: myCrew.id, action: 'unregister' }).unwrap()
    if (isCaptain) ask({ text: confirmTexts.unregisterCrew(myCrew.name), confirmLabel: 'Unregister', run })
    else void run().catch(() => undefined)
  }

  const join = (crew: Crew) => {
    if (!signedIn) {
      navigate(paths.login.getHref(location.pathname + location.search))
      return
    }
    void leave({ battleId: battle.id, crewId: crew.id, action: 'join' })
      .unwrap()
      .then(() => setOpenCrewId(null))
      .catch(() => undefined)
  }

  // a dancer without a crew may ask to join one while registration is open; a guest is sent to Login
  const mayJoin = (crew: Crew) =>
    !battle.myCrewId &&
    battle.event.period !== 'past' &&
    (signedIn ? battle.permissions.registerButtonVisible : true) &&
    !crew.participants.some((participant) => participant.id === me?.id)

  const list = (crews: Crew[]) => (
    <List disablePadding>
      {crews.map((crew) => (
        <CrewRow key={crew.id} crew={crew} battle={battle} mine={crew.id === battle.myCrewId} onOpen={() => setOpenCrewId(crew.id)} />
      ))}
    </List>
  )

  return (
    <Box>
      <Invitations battle={battle} />
      <Paper elevation={0} component="section" aria-label="Registration" sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
        {myCrew ? (
          <Stack spacing={1.5} data-testid="my-crew">
            <Alert severity={myCrew.inWaitlist ? 'info' : 'success'}>
              {myCrew.inWaitlist ? `Your crew ${myCrew.name} is on the wait list.` : `Your crew ${myCrew.name} is registered.`}
            </Alert>
            <LegalSigning battle={battle} />
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {isCaptain ? (
                <Button variant="contained" sx={{ minHeight: 48 }} onClick={() => openForm(myCrew.id)}>
                  Edit crew
                </Button>
              ) : null}
              {battle.canUnregister ? (
                <Button variant="outlined" color="error" sx={{ minHeight: 48 }} disabled={leaving.isLoading} onClick={leaveCrew}>
                  Unregister
                </Button>
              ) : null}
            </Stack>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
            <Box sx={{ flexGrow: 1 }}>
              <LegalSigning battle={battle} />
              <RegisterButton battle={battle} label={BATTLE_TEXTS.registerCrew} onRegister={() => openForm(null)} />
            </Box>
            {battle.isAdmin ? (
              <Button variant="outlined" startIcon={<GroupAddIcon />} sx={{ minHeight: 48 }} onClick={() => openForm(null)}>
                Add crew
              </Button>
            ) : null}
          </Stack>
        )}
      </Paper>

      <WinnersSection battle={battle} />

      <BattleCounters counters={battle.counters} registered="Crews registered" />

      <Box component="section" aria-labelledby="crews-title">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <SectionTitle id="crews-title">Crews</SectionTitle>
          {battle.canDownload ? <CsvDownload battleId={battle.id} /> : null}
        </Stack>
        {battle.isHiddenParticipants ? (
          <HiddenRows />
        ) : (
          <>
            <SearchField label="Search crews" value={keyword} onChange={setKeyword} sx={{ width: '100%', maxWidth: { sm: 420 }, mb: 1 }} />
            {!battle.crews.length ? <EmptyState title="No crews yet" /> : !shown.length ? <EmptyState title="No crews match this search" /> : list(shown)}
          </>
        )}
      </Box>
      {!battle.isHiddenParticipants && waitList.length ? (
        <Box component="section" aria-labelledby="crew-waitlist-title">
          <SectionTitle id="crew-waitlist-title">Wait list</SectionTitle>
          {list(waitList)}
        </Box>
      ) : null}

      {openCrew && battle.isAdmin ? (
        <AdminCrewModal
          battle={battle}
          crew={openCrew}
          ask={ask}
          onClose={() => setOpenCrewId(null)}
          onEdit={() => {
            setOpenCrewId(null)
            openForm(openCrew.id)
          }}
        />
      ) : null}
      {openCrew && !battle.isAdmin ? (
        <CrewDetailsModal
          battle={battle}
          crew={openCrew}
          onClose={() => setOpenCrewId(null)}
          onJoin={mayJoin(openCrew) ? () => join(openCrew) : undefined}
        />
      ) : null}
      {form ? <CrewForm key={form.crewId ?? 'new'} battle={battle} crew={findCrew(form.crewId)} open onClose={() => setForm(null)} me={me} /> : null}
      {dialog}
    </Box>
  )
}
