import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import { useState } from 'react'
import { EmptyState } from '@/components/ui/feedback'
import { useBattleRegisterMutation, useBattleUnregisterMutation } from '../api/battles-api'
import type { Battle, Participant } from '../types'
import { CompetitorPicker } from './competitor-picker'
import { CsvDownload } from './csv-download'
import { LegalSigning } from './legal-signing'
import { BattleCounters, HiddenRows, SectionTitle } from './list-pieces'
import { ActionsMenu, ParticipantRow } from './participant-row'
import { RegisterButton } from './register-button'
import { useQuestion, useStaffActions } from './staff-actions'
import { WinnersSection } from './winners'

/** Agreement and waiver, then Register, or Unregister once registered (when canUnregister). */
function RegisterBlock({ battle, onWaitList }: { battle: Battle; onWaitList: boolean }) {
  const [register, registering] = useBattleRegisterMutation()
  const [unregister, unregistering] = useBattleUnregisterMutation()
  const registered = battle.isRegistered || battle.permissions.registered
  return (
    <Paper elevation={0} sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3 }} aria-label="Registration" component="section">
      {registered ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <Alert severity={onWaitList ? 'info' : 'success'} sx={{ flexGrow: 1 }}>
            {onWaitList ? 'You are on the wait list.' : 'You are registered.'}
          </Alert>
          {battle.canUnregister ? (
            <Button variant="outlined" color="error" sx={{ minHeight: 48 }} disabled={unregistering.isLoading} onClick={() => void unregister(battle.id)}>
              Unregister
            </Button>
          ) : null}
        </Stack>
      ) : (
        <>
          <LegalSigning battle={battle} />
          <RegisterButton battle={battle} label="Register" busy={registering.isLoading} onRegister={() => void register(battle.id)} />
        </>
      )}
    </Paper>
  )
}

/** The single-dancer layout (docs/product/battles-and-registration.md): register block, participants, wait list and counters. */
export function SingleLayout({ battle, meId }: { battle: Battle; meId: number | null }) {
  const { ask, dialog } = useQuestion()
  const actionsFor = useStaffActions(battle, ask)
  const [adding, setAdding] = useState(false)
  const waitList = battle.waitList as Participant[]
  const onWaitList = meId !== null && waitList.some((entry) => entry.id === meId)
  const staff = battle.isAdmin

  const rows = (list: Participant[]) => (
    <List disablePadding>
      {list.map((participant) => (
        <ParticipantRow
          key={participant.id}
          participant={participant}
          highlight={participant.id === meId}
          end={staff ? <ActionsMenu name={participant.dancerName || 'dancer'} actions={actionsFor(participant)} /> : null}
        />
      ))}
    </List>
  )

  return (
    <Box>
      <RegisterBlock battle={battle} onWaitList={onWaitList} />
      <WinnersSection battle={battle} />
      <BattleCounters counters={battle.counters} registered="Registered" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <SectionTitle id="participants-title">Participants</SectionTitle>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {battle.canDownload ? <CsvDownload battleId={battle.id} /> : null}
          {staff ? (
            <Button variant="outlined" startIcon={<PersonAddIcon />} sx={{ minHeight: 48 }} onClick={() => setAdding(true)}>
              Add competitors
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Box aria-labelledby="participants-title" component="section">
        {battle.isHiddenParticipants ? (
          <HiddenRows />
        ) : battle.participants.length ? (
          rows(battle.participants)
        ) : (
          <EmptyState title="No participants yet" />
        )}
      </Box>
      {!battle.isHiddenParticipants && waitList.length ? (
        <Box component="section" aria-labelledby="waitlist-title">
          <SectionTitle id="waitlist-title">Wait list</SectionTitle>
          {rows(waitList)}
        </Box>
      ) : null}
      {staff ? <CompetitorPicker battle={battle} open={adding} onClose={() => setAdding(false)} /> : null}
      {dialog}
    </Box>
  )
}
