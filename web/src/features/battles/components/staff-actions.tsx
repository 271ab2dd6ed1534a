import { useState } from 'react'
import { ConfirmActionDialog } from '@/components/ui/dialogs'
import {
  useBattleAdminCrewMutation,
  useBattleAdminSignMutation,
  useBattleAdminUnregisterMutation,
  useBattleCheckInMutation,
} from '../api/battles-api'
import { agreementSigned, confirmTexts, dancerLabel, isCheckedIn, waiverSigned } from '../rules'
import type { Battle, Crew, Participant } from '../types'
import type { RowAction } from './participant-row'

export interface Question {
  text: string
  confirmLabel: string
  run: () => Promise<unknown>
}

/** One confirmation at a time: the question asked, and the dialog asking it. */
export function useQuestion() {
  const [question, setQuestion] = useState<Question | null>(null)
  const dialog = (
    <ConfirmActionDialog
      subject={question}
      title={question?.text ?? ''}
      confirmLabel={question?.confirmLabel ?? 'OK'}
      destructive
      action={(asked) => asked.run()}
      onClose={() => setQuestion(null)}
    />
  )
  return { ask: setQuestion, dialog }
}

/**
 * The staff's actions on a dancer (docs/product/battles-and-registration.md): check in or un-check (asked first; the event's
 * editors, who check people in at the events service), unregister
 * (asked first), sign the agreement or waiver for them; in a crew also accept or decline a pending member.
 */
export function useStaffActions(battle: Battle, ask: (question: Question) => void) {
  const [checkIn] = useBattleCheckInMutation()
  const [sign] = useBattleAdminSignMutation()
  const [unregister] = useBattleAdminUnregisterMutation()
  const [crewCall] = useBattleAdminCrewMutation()
  const battleId = battle.id
  const eventId = battle.eventId

  return (participant: Participant, crew?: Crew): RowAction[] => {
    const name = dancerLabel(participant)
    const userId = participant.id
    const actions: RowAction[] = []
    if (crew && !participant.confirmed) {
      actions.push({ label: 'Accept', onClick: () => void crewCall({ battleId, crewId: crew.id, action: 'accept', userId }) })
      actions.push({
        label: 'Decline',
        onClick: () =>
          ask({ text: confirmTexts.decline(name, crew.name), confirmLabel: 'Decline', run: () => crewCall({ battleId, crewId: crew.id, action: 'decline', userId }).unwrap() }),
      })
    }
    // the events service checks people in: its editors (a host runs the floor, not the door)
    if (battle.canEdit && isCheckedIn(participant)) {
      actions.push({
        label: 'Un-check',
        onClick: () => ask({ text: confirmTexts.uncheck(name), confirmLabel: 'Un-check', run: () => checkIn({ battleId, eventId, userId, checked: false }).unwrap() }),
      })
    } else if (battle.canEdit) {
      actions.push({ label: 'Check in', onClick: () => void checkIn({ battleId, eventId, userId, checked: true }) })
    }
    if (battle.hasAgreement && !agreementSigned(participant)) {
      actions.push({ label: 'Sign agreement', onClick: () => void sign({ battleId, userId, doc: 'agreement' }) })
    }
    if (battle.hasWaiver && !waiverSigned(participant)) {
      actions.push({ label: 'Sign waiver', onClick: () => void sign({ battleId, userId, doc: 'waiver' }) })
    }
    actions.push({
      label: 'Unregister',
      onClick: () =>
        ask(
          crew
            ? {
                text: confirmTexts.unregisterFromCrew(name, crew.name),
                confirmLabel: 'Unregister',
                run: () => crewCall({ battleId, crewId: crew.id, action: 'unregister', userId }).unwrap(),
              }
            : { text: confirmTexts.unregister(name), confirmLabel: 'Unregister', run: () => unregister({ battleId, userId, crewId: null }).unwrap() },
        ),
    })
    return actions
  }
}
