import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import CloseIcon from '@mui/icons-material/Close'
import { useState } from 'react'
import { ConfirmDialog, ModalDialog } from '@/components/ui/dialogs'
import { TextInput } from '@/components/ui/text-input'
import { UserPicker, type PickerSource } from '@/components/ui/user-picker'
import {
  useBattleAdminSignMutation,
  useBattleCreateCrewMutation,
  useBattleCrewCandidatesQuery,
  useBattleSignMutation,
  useBattleUpdateCrewMutation,
} from '../api/battles-api'
import {
  addMember,
  agreementSigned,
  BATTLE_TEXTS,
  crewSaveDisabled,
  isCrewFull,
  isRealDate,
  needsEmptyCrewConfirm,
  unsignedMembers,
  waiverSigned,
  type CrewMember,
} from '../rules'
import type { Battle, BattleUser, Crew } from '../types'
import { CheckedAvatar, StudioLinks } from './participant-row'

type Doc = 'agreement' | 'waiver'

export interface CrewFormProps {
  battle: Battle
  /** the crew edited; none: a new crew */
  crew: Crew | null
  open: boolean
  onClose: () => void
  /** the signed-in dancer; a new crew of a dancer starts with them (its captain) */
  me: BattleUser | null
}

function startMembers(crew: Crew | null, me: BattleUser | null, admin: boolean): CrewMember[] {
  if (crew) return crew.participants.map((participant) => ({ id: participant.id, dancerName: participant.dancerName, avatar: participant.avatar, participant }))
  // the battle's admins register crews for others: they are not in them
  return me && !admin ? [{ id: me.id, dancerName: me.dancerName, avatar: me.avatar }] : []
}

/**
 * The crew form modal (seed 002, Crew form modal and section 5): 'Crew name*', the user search (the server's
 * candidates, 100 a page: only dancers who may join; the form leaves out those already picked), the members with
 * their signing controls, Register Crew or Save edits. Mounted per opening, so Cancel and a save leave nothing
 * behind.
 */
export function CrewForm({ battle, crew, open, onClose, me }: CrewFormProps) {
  const admin = battle.isAdmin
  const [name, setName] = useState(crew?.name ?? '')
  const [touched, setTouched] = useState(false)
  const [members, setMembers] = useState<CrewMember[]>(() => startMembers(crew, me, admin))
  // signatures given in this form for others (the admin calls answer only a date)
  const [signedHere, setSignedHere] = useState<Record<Doc, number[]>>({ agreement: [], waiver: [] })
  const [confirming, setConfirming] = useState(false)
  const [create, creating] = useBattleCreateCrewMutation()
  const [update, updating] = useBattleUpdateCrewMutation()
  const [signOwn] = useBattleSignMutation()
  const [signFor] = useBattleAdminSignMutation()
  const meId = me?.id ?? null
  const [search, setSearch] = useState({ k: '', open: false })
  const candidates = useBattleCrewCandidatesQuery({ battleId: battle.id, crewId: crew?.id ?? null, k: search.k }, { skip: !search.open })
  const source: PickerSource = {
    results: candidates.data?.data.map((user) => ({ id: user.id, dancerName: user.dancerName ?? '', avatar: user.avatar, confirmed: user.confirmed ?? true })),
    searching: candidates.isFetching,
    onSearch: setSearch,
  }
  const pickMember = (id: number) => {
    const user = candidates.data?.data.find((item) => item.id === id)
    if (!user) return
    const member: CrewMember = { id: user.id, dancerName: user.dancerName, avatar: user.avatar, agreementSignedAt: user.agreementSignedAt, waiverSignedAt: user.waiverSignedAt }
    setMembers((now) => addMember(now, member, battle.crewSize))
  }

  const done = (doc: Doc) => (id: number) => {
    if (id === meId) return isRealDate(doc === 'agreement' ? battle.orgLegalDocs.agreementSignedAt : battle.orgLegalDocs.waiverSignedAt)
    if (signedHere[doc].includes(id)) return true
    const member = members.find((item) => item.id === id)
    const participant = member?.participant
    if (participant) return doc === 'agreement' ? agreementSigned(participant) : waiverSigned(participant)
    return isRealDate(doc === 'agreement' ? member?.agreementSignedAt : member?.waiverSignedAt)
  }
  const needs = {
    hasAgreement: battle.hasAgreement,
    hasWaiver: battle.hasWaiver,
    canSignFor: (id: number) => id === meId || admin,
    agreementDone: done('agreement'),
    waiverDone: done('waiver'),
  }
  const unsigned = unsignedMembers(members, needs)
  const busy = creating.isLoading || updating.isLoading
  const nameError = touched && !name.trim() ? BATTLE_TEXTS.crewNameRequired : undefined

  const sign = async (id: number, doc: Doc) => {
    try {
      if (id === meId) await signOwn({ battleId: battle.id, doc }).unwrap()
      else {
        await signFor({ battleId: battle.id, userId: id, doc }).unwrap()
        setSignedHere((now) => ({ ...now, [doc]: [...now[doc], id] }))
      }
    } catch {
      /* the failure was shown as a toast */
    }
  }

  const save = async () => {
    setConfirming(false)
    const body = { eventId: battle.eventId, name: name.trim(), userIds: members.map((member) => member.id) }
    try {
      if (crew) await update({ battleId: battle.id, crewId: crew.id, body }).unwrap()
      else await create({ battleId: battle.id, body }).unwrap()
      onClose()
    } catch {
      /* the failure was shown as a toast; the form keeps what was typed */
    }
  }

  const submit = () => {
    setTouched(true)
    if (!name.trim()) return
    if (needsEmptyCrewConfirm(members)) setConfirming(true)
    else void save()
  }

  const signControl = (member: CrewMember, doc: Doc) => {
    const has = doc === 'agreement' ? battle.hasAgreement : battle.hasWaiver
    if (!has) return null
    const label = doc === 'agreement' ? 'Agreement' : 'Waiver'
    if (needs[doc === 'agreement' ? 'agreementDone' : 'waiverDone'](member.id)) {
      return (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color: 'success.main' }}>
          <CheckCircleIcon aria-hidden="true" fontSize="small" />
          <Typography variant="body2">{label} signed</Typography>
        </Stack>
      )
    }
    if (!needs.canSignFor(member.id)) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{label} not signed</Typography>
    return (
      <Button size="small" variant="outlined" sx={{ minHeight: 40 }} onClick={() => void sign(member.id, doc)} aria-label={`Sign ${doc} for ${member.dancerName ?? 'dancer'}`}>
        Sign {doc}
      </Button>
    )
  }

  return (
    <>
      <ModalDialog
        open={open}
        title={crew ? 'Edit crew' : BATTLE_TEXTS.registerCrew}
        onClose={onClose}
        action={{
          label: crew ? BATTLE_TEXTS.saveEdits : BATTLE_TEXTS.registerCrew,
          onClick: submit,
          disabled: busy || crewSaveDisabled(name, members, unsigned),
        }}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextInput
            label="Crew name*"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(nameError)}
            helperText={nameError}
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: 100 } }}
          />
          <UserPicker
            label="Add dancers"
            selected={meId ? [...members, { id: meId }] : members}
            onPick={(user) => pickMember(user.id)}
            disabled={isCrewFull(members, battle.crewSize)}
            source={source}
          />
          <List aria-label="Crew members" disablePadding>
            {members.map((member) => (
              <ListItem key={member.id} sx={{ px: 0, gap: 1.5, alignItems: 'flex-start', borderBottom: '1px solid', borderColor: 'divider' }} data-testid={`member-${member.id}`}>
                <CheckedAvatar participant={member.participant ?? member} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {member.dancerName}
                    {member.id === meId ? ' (you)' : ''}
                  </Typography>
                  {member.participant ? <StudioLinks participant={member.participant} /> : null}
                  <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                    {signControl(member, 'agreement')}
                    {signControl(member, 'waiver')}
                  </Stack>
                </Box>
                {member.id !== meId || admin ? (
                  <IconButton aria-label={`Remove ${member.dancerName ?? 'dancer'}`} sx={{ width: 48, height: 48 }} onClick={() => setMembers((now) => now.filter((item) => item.id !== member.id))}>
                    <CloseIcon />
                  </IconButton>
                ) : null}
              </ListItem>
            ))}
          </List>
        </Stack>
      </ModalDialog>
      <ConfirmDialog
        open={confirming}
        title={crew ? BATTLE_TEXTS.saveEdits : BATTLE_TEXTS.registerCrew}
        text={BATTLE_TEXTS.emptyCrew}
        confirmLabel="OK"
        busy={busy}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </>
  )
}
