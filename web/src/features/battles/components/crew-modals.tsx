import Button from '@mui/material/Button'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ModalDialog } from '@/components/ui/dialogs'
import { useBattleAdminCrewMutation } from '../api/battles-api'
import { categoryLabel, confirmTexts, crewSizeText } from '../rules'
import type { Battle, Crew } from '../types'
import { ActionsMenu, ParticipantRow } from './participant-row'
import { useStaffActions, type Question } from './staff-actions'

interface CrewModalProps {
  battle: Battle
  crew: Crew
  onClose: () => void
}

function Heading({ battle, crew }: { battle: Battle; crew: Crew }) {
  return (
    <Typography sx={{ color: 'text.secondary', mb: 1 }}>
      {categoryLabel(battle.crewSize)} · {crewSizeText(crew, battle.crewSize)} members{crew.randId != null ? ` · #${crew.randId}` : ''}
      {crew.inWaitlist ? ' · on the wait list' : ''}
    </Typography>
  )
}

/** Anyone's view of a crew: its members, their studios and badges; Join crew for a dancer without one. */
export function CrewDetailsModal({ battle, crew, onClose, onJoin }: CrewModalProps & { onJoin?: () => void }) {
  return (
    <ModalDialog open title={crew.name} onClose={onClose} action={onJoin ? { label: 'Join crew', onClick: onJoin } : undefined}>
      <Heading battle={battle} crew={crew} />
      <List aria-label="Crew members" disablePadding>
        {crew.participants.map((participant) => (
          <ParticipantRow key={participant.id} participant={participant} />
        ))}
      </List>
    </ModalDialog>
  )
}

/**
 * The admins' crew modal (docs/product/battles-and-registration.md): unregister the crew, and per dancer accept or decline,
 * check in or un-check, unregister; every removal asked first with the product's texts. Edit crew opens the form.
 */
export function AdminCrewModal({ battle, crew, onClose, ask, onEdit }: CrewModalProps & { ask: (question: Question) => void; onEdit: () => void }) {
  const actionsFor = useStaffActions(battle, ask)
  const [crewCall] = useBattleAdminCrewMutation()
  const unregisterCrew = () =>
    ask({
      text: confirmTexts.unregisterCrew(crew.name),
      confirmLabel: 'Unregister',
      run: async () => {
        await crewCall({ battleId: battle.id, crewId: crew.id, action: 'unregister' }).unwrap()
        onClose()
      },
    })
  return (
    <ModalDialog
      open
      title={crew.name}
      onClose={onClose}
      actions={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button color="error" onClick={unregisterCrew} sx={{ minHeight: 48 }}>
            Unregister crew
          </Button>
          <Button variant="contained" onClick={onEdit} sx={{ minHeight: 48 }}>
            Edit crew
          </Button>
        </Stack>
      }
    >
      <Heading battle={battle} crew={crew} />
      <List aria-label="Crew members" disablePadding>
        {crew.participants.map((participant) => (
          <ParticipantRow key={participant.id} participant={participant} end={<ActionsMenu name={participant.dancerName || 'dancer'} actions={actionsFor(participant, crew)} />} />
        ))}
      </List>
    </ModalDialog>
  )
}
