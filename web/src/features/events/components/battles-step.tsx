import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import MenuItem from '@mui/material/MenuItem'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import { memo, useCallback, useId, useState, type Dispatch, type SetStateAction } from 'react'
import { useDispatch } from 'react-redux'
import { useAppSelector } from '@/app/hooks'
import { ConfirmActionDialog, ModalDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text'
import { RoleUsers } from '@/components/ui/role-users'
import { UserPicker } from '@/components/ui/user-picker'
import { isApiError } from '@/lib/api/base'
import { useBattleByIdQuery } from '@/lib/api/battles'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { toastShown } from '@/lib/toast'
import {
  useAddBattleJudgeMutation,
  useAddEventBattleMutation,
  useDeleteEventBattleMutation,
  useRemoveBattleJudgeMutation,
  useUpdateEventBattleMutation,
} from '../api/event-battles-api'
import { useMyOrganizationsQuery } from '../api/events-api'
import {
  BATTLE_TEXTS,
  BATTLE_TITLE_MAX_LENGTH,
  battleCategory,
  battleForSave,
  battleUpdate,
  BRACKET_SIZES,
  bracketLevels,
  chooseCap,
  clampRounds,
  CREW_SIZES,
  hideParticipants,
  JUDGING_MODES,
  LIMIT_MAX,
  nextPrizePlace,
  parseAmount,
  parseLimit,
  PRIZE_PLACES,
  prizeAmount,
  registrationCapDisabled,
  ROUNDS_MAX,
  ROUNDS_MIN,
  STYLE_LABELS,
} from '../battle-rules'
import { joinLocal, PLATFORM_ORG_ID, splitLocal } from '../rules'
import type { BattleDraft, BracketSize, CypherEvent, Battle, EventBattleSummary } from '../types'
import { PLATFORM_ORG_NAME } from './wizard-steps'

/** The event's battles as the wizard shows them; the step keeps the list (the event's own copy comes later, by projection). */
export type WizardBattles = EventBattleSummary[]

export function battleSummary(battle: Battle, previous?: EventBattleSummary): EventBattleSummary {
  return {
    id: battle.id,
    title: battle.title,
    crewSize: battle.crewSize,
    isRegistered: battle.isRegistered ?? previous?.isRegistered ?? false,
    orgChip: battle.orgChip ? { id: battle.orgChip.id, image: battle.orgChip.image } : null,
  }
}

/** Battles (optional): a block per battle with edit and delete, and 'Add Battle', which opens the dialog on the new one. */
export function BattlesStep({ event, battles, onBattles }: { event: CypherEvent; battles: WizardBattles; onBattles: Dispatch<SetStateAction<WizardBattles>> }) {
  const [addBattle, { isLoading: adding }] = useAddEventBattleMutation()
  const [deleteBattle] = useDeleteEventBattleMutation()
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<EventBattleSummary | null>(null)

  const add = async () => {
    try {
      const battle = await addBattle(event.id).unwrap()
      onBattles((list) => [...list, battleSummary(battle)])
      setEditing(battle.id)
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>Optional: add the battles of this event, alone or in crews.</Typography>
      {battles.length ? (
        <Stack component="ul" aria-label="Battles" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {battles.map((battle) => (
            <Box component="li" key={battle.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{battle.title || 'Untitled battle'}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {battleCategory(battle.crewSize)}
                </Typography>
              </Box>
              <IconButton aria-label={`Edit ${battle.title || 'battle'}`} onClick={() => setEditing(battle.id)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`Delete ${battle.title || 'battle'}`} onClick={() => setDeleting(battle)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : (
        <Typography>{BATTLE_TEXTS.noBattles}</Typography>
      )}
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={adding}>
          {BATTLE_TEXTS.addBattle}
        </Button>
      </Box>
      {editing !== null ? (
        <BattleDialog
          key={editing}
          battleId={editing}
          event={event}
          onClose={() => setEditing(null)}
          onSaved={(saved) => onBattles((list) => list.map((battle) => (battle.id === saved.id ? battleSummary(saved, battle) : battle)))}
        />
      ) : null}
      <ConfirmActionDialog
        subject={deleting}
        title={BATTLE_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        destructive
        action={async (battle) => {
          await deleteBattle(battle.id).unwrap()
          onBattles((list) => list.filter((other) => other.id !== battle.id))
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}

interface DialogProps {
  battleId: number
  event: CypherEvent
  onClose: () => void
  onSaved: (battle: Battle) => void
}

/** The battle dialog: the battle read whole from GET /api/battles/{id}, then its form. */
function BattleDialog({ battleId, event, onClose, onSaved }: DialogProps) {
  const { data: battle, error, isFetching, refetch } = useBattleByIdQuery(battleId)
  if (battle) return <BattleForm battle={battle} event={event} onClose={onClose} onSaved={onSaved} />
  return (
    <ModalDialog open title="Battle" onClose={onClose}>
      {error && !isFetching ? (
        <ErrorState onRetry={refetch} retrying={isFetching} />
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading battle" />
        </Box>
      )}
    </ModalDialog>
  )
}

/** Every field of the battle; Save puts them all. A failed save says so and closes (docs/product/battles-and-registration.md). */
function BattleForm({ battle, event, onClose, onSaved }: Omit<DialogProps, 'battleId'> & { battle: Battle }) {
  const dispatch = useDispatch()
  const [draft, setDraft] = useState<BattleDraft>(() => battleUpdate(battle, event.timeZone))
  const [invalid, setInvalid] = useState<Record<string, boolean>>({})
  const [update, { isLoading: saving }] = useUpdateEventBattleMutation()
  const change = useCallback((changes: Partial<BattleDraft>) => setDraft((current) => ({ ...current, ...changes })), [])
  const changeDescription = useCallback((description: string) => change({ description }), [change])
  const validity = (field: string) => (bad: boolean) => setInvalid((current) => (current[field] === bad ? current : { ...current, [field]: bad }))
  const blocked = !draft.title.trim() || Object.values(invalid).some(Boolean)

  const save = async () => {
    try {
      const saved = await update({ id: battle.id, body: battleForSave(draft, event.timeZone) }).unwrap()
      if (saved) onSaved(saved)
    } catch (failure) {
      // a refusal the server explains (409: the judging mode is fixed once a judge has scored) says its reason
      dispatch(toastShown(isApiError(failure) && failure.status === 409 ? failure.message : BATTLE_TEXTS.updateFailed))
    }
    onClose()
  }

  const start = splitLocal(draft.startDate)
  const dateField = { slotProps: { inputLabel: { shrink: true } }, sx: { flex: 1 } }

  return (
    <ModalDialog open title={battle.title ? `Edit ${battle.title}` : 'Edit battle'} onClose={onClose} action={{ label: saving ? 'Saving…' : 'Save', onClick: save, disabled: blocked || saving }}>
      <Stack spacing={3} sx={{ pt: 1 }}>
        <TextField label="Title" required value={draft.title} onChange={(input) => change({ title: input.target.value })} error={!draft.title.trim()} helperText={draft.title.trim() ? undefined : 'A battle needs a title'} slotProps={{ htmlInput: { maxLength: BATTLE_TITLE_MAX_LENGTH } }} />
        <TextField select label="Category" value={draft.crewSize} onChange={(input) => change({ crewSize: Number(input.target.value) })}>
          {CREW_SIZES.map((size) => (
            <MenuItem key={size.value} value={size.value}>
              {size.label}
            </MenuItem>
          ))}
        </TextField>
        <OrganizationFields battle={battle} event={event} draft={draft} onChange={change} />
        <DescriptionEditor label="Description" value={draft.description} onChange={changeDescription} />
        <CapFields draft={draft} onDraft={setDraft} onValidity={validity('limit')} />
        <StyleFields draft={draft} onChange={change} onValidity={validity('rounds')} />
        <Judges battle={battle} />
        <TextField label="Prize purse (optional)" multiline minRows={2} value={draft.prizesDesc} onChange={(input) => change({ prizesDesc: input.target.value })} />
        <Prizes draft={draft} onChange={change} onValidity={validity('prizes')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...dateField} label="Start date" type="date" value={start.date} onChange={(input) => change({ startDate: joinLocal(input.target.value, start.time) })} />
          <TextField {...dateField} label="Start time" type="time" value={start.time} onChange={(input) => change({ startDate: joinLocal(start.date, input.target.value) })} />
        </Stack>
      </Stack>
    </ModalDialog>
  )
}

/** The organization: the event's, or one of mine (as the Info step offers them), or none. */
function OrganizationFields({ battle, event, draft, onChange }: { battle: Battle; event: CypherEvent; draft: BattleDraft; onChange: (changes: Partial<BattleDraft>) => void }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const { data: orgs } = useMyOrganizationsQuery(me?.id ?? 0, { skip: !me })
  const options: { id: number; name: string }[] = [{ id: PLATFORM_ORG_ID, name: PLATFORM_ORG_NAME }]
  const offer = (org: { id: number; name?: string | null } | null | undefined) => {
    if (org && org.id && !options.some((option) => option.id === org.id)) options.push({ id: org.id, name: org.name || `Organization ${org.id}` })
  }
  offer(event.org)
  orgs?.items.forEach(offer)
  if (battle.orgChip && battle.orgChip.id === draft.orgId) offer(battle.orgChip)
  offer({ id: draft.orgId })
  return (
    <Box>
      <TextField select fullWidth label="Organization" value={draft.orgId} onChange={(input) => onChange({ orgId: Number(input.target.value), ...(Number(input.target.value) ? {} : { organizationCompetitorsOnly: false }) })}>
        {options.map((org) => (
          <MenuItem key={org.id} value={org.id}>
            {org.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={draft.organizationCompetitorsOnly} onChange={(input) => onChange({ organizationCompetitorsOnly: input.target.checked })} />}
        label="Only the organization's members can register"
        disabled={!draft.orgId}
      />
    </Box>
  )
}

/** Hide participants and the participation cap, with the product's rules (battle-rules: chooseCap, hideParticipants). */
function CapFields({ draft, onDraft, onValidity }: { draft: BattleDraft; onDraft: Dispatch<SetStateAction<BattleDraft>>; onValidity: (invalid: boolean) => void }) {
  const labelId = useId()
  const hidden = registrationCapDisabled(draft)
  return (
    <Box>
      <FormControlLabel control={<Switch checked={draft.hideParticipants} onChange={(input) => onDraft((current) => hideParticipants(current, input.target.checked))} />} label="Hide participants" />
      <FormLabel id={labelId} component="div" sx={{ mt: 1, mb: 1 }}>
        Participation cap
      </FormLabel>
      <Stack direction="row" spacing={1} role="group" aria-labelledby={labelId} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ToggleButton value="registration" size="small" color="primary" selected={draft.participationCapType === 'registration'} disabled={hidden} onChange={() => onDraft((current) => chooseCap(current, 'registration'))}>
          {BATTLE_TEXTS.registrationCap}
        </ToggleButton>
        <ToggleButton value="checkIn" size="small" color="primary" selected={draft.participationCapType === 'checkIn'} onChange={() => onDraft((current) => chooseCap(current, 'checkIn'))}>
          {BATTLE_TEXTS.checkInCap}
        </ToggleButton>
      </Stack>
      {hidden ? <FormHelperText>The registration cap is off while participants are hidden.</FormHelperText> : null}
      {draft.participationCapType !== 'none' ? (
        <WholeNumberField label="Limit" value={draft.limit} min={0} max={LIMIT_MAX} onChange={(limit) => onDraft((current) => ({ ...current, limit }))} onValidity={onValidity} sx={{ mt: 2, maxWidth: 200 }} />
      ) : null}
    </Box>
  )
}

/**
 * A whole number typed as text: a value in range is taken at once; leaving the field brings a number out of
 * range back into it (rounds 500 → 101) and anything else back to the last value.
 */
function WholeNumberField({ label, value, min, max, onChange, onValidity, sx }: { label: string; value: number; min: number; max?: number; onChange: (value: number) => void; onValidity: (invalid: boolean) => void; sx?: object }) {
  const [text, setText] = useState(String(value))
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    if (parseLimit(text) !== value) setText(String(value))
  }
  const parsed = parseLimit(text)
  const bad = parsed === null || parsed < min || (max !== undefined && parsed > max)
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`
  return (
    <TextField
      label={label}
      value={text}
      error={bad}
      helperText={bad ? `A whole number ${range}` : undefined}
      sx={sx}
      slotProps={{ htmlInput: { inputMode: 'numeric', min, max } }}
      onChange={(input) => {
        setText(input.target.value)
        const number = parseLimit(input.target.value)
        const ok = number !== null && number >= min && (max === undefined || number <= max)
        onValidity(!ok && number === null)
        if (ok) onChange(number)
      }}
      onBlur={() => {
        const next = parsed === null ? value : Math.max(min, max === undefined ? parsed : Math.min(max, parsed))
        setText(String(next))
        onValidity(false)
        if (next !== value) onChange(next)
      }}
    />
  )
}

const STYLES = ['classic', 'bracket', 'smoke'] as const

/**
 * Style, and for a bracket its size and levels (derived from the size; rounds editable 1 to 101), who votes, and
 * how the judges decide its sparrings (a classic battle has none).
 */
function StyleFields({ draft, onChange, onValidity }: { draft: BattleDraft; onChange: (changes: Partial<BattleDraft>) => void; onValidity: (invalid: boolean) => void }) {
  const labelId = useId()
  return (
    <Box>
      <FormLabel id={labelId}>Style</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={draft.style} onChange={(input) => onChange({ style: STYLES.find((style) => style === input.target.value) ?? 'classic' })}>
        <FormControlLabel value="classic" control={<Radio />} label="Classic" />
        <FormControlLabel value="bracket" control={<Radio />} label="Bracket" />
        {/* beside the spec (docs/decisions.md, "Seven to smoke") */}
        <FormControlLabel value="smoke" control={<Radio />} label={STYLE_LABELS.smoke} />
      </RadioGroup>
      {draft.style === 'bracket' ? (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Bracket size"
            value={draft.bracketSize}
            sx={{ maxWidth: 200 }}
            onChange={(input) => {
              const size = Number(input.target.value) as BracketSize
              onChange({ bracketSize: size, bracketLevels: bracketLevels(size) })
            }}
          >
            {BRACKET_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
          <Stack component="ul" aria-label="Bracket levels" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {draft.bracketLevels.map((level, index) => (
              <Stack component="li" key={level.name} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1, fontWeight: 600 }}>{level.name}</Typography>
                <WholeNumberField
                  label={`${level.name} rounds`}
                  value={level.rounds}
                  min={ROUNDS_MIN}
                  max={ROUNDS_MAX}
                  onValidity={onValidity}
                  sx={{ width: 160 }}
                  onChange={(rounds) => onChange({ bracketLevels: draft.bracketLevels.map((other, at) => (at === index ? { ...other, rounds: clampRounds(rounds) } : other)) })}
                />
              </Stack>
            ))}
          </Stack>
          {draft.bracketSize >= 4 ? (
            <FormControlLabel
              control={<Switch checked={draft.thirdPlace} onChange={(input) => onChange({ thirdPlace: input.target.checked })} />}
              label={BATTLE_TEXTS.thirdPlace}
            />
          ) : null}
          <FormControlLabel
            control={<Switch checked={draft.roundRobin} onChange={(input) => onChange({ roundRobin: input.target.checked })} />}
            label={BATTLE_TEXTS.roundRobin}
          />
          <FormControlLabel
            control={<Switch checked={draft.votersCheckedIn} onChange={(input) => onChange({ votersCheckedIn: input.target.checked })} />}
            label={BATTLE_TEXTS.votersCheckedIn}
          />
          <TextField
            select
            label={BATTLE_TEXTS.judging}
            value={draft.judgingMode}
            helperText={BATTLE_TEXTS.judgingHelp[draft.judgingMode]}
            sx={{ maxWidth: 360 }}
            onChange={(input) => onChange({ judgingMode: JUDGING_MODES.find((mode) => mode === input.target.value) ?? 'points' })}
          >
            {JUDGING_MODES.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {BATTLE_TEXTS.judgingModes[mode]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      ) : null}
    </Box>
  )
}

/** Judges: each change is a call, and the list is the server's answer. Memoised, as the editor below: a key typed
 * elsewhere in the dialog does not render them again. */
const Judges = memo(function Judges({ battle }: { battle: Battle }) {
  const [addJudge] = useAddBattleJudgeMutation()
  const [removeJudge] = useRemoveBattleJudgeMutation()
  const [busyId, setBusyId] = useState<number | null>(null)
  const judges = battle.judges ?? []
  const change = async (userId: number, remove: boolean) => {
    setBusyId(userId)
    try {
      await (remove ? removeJudge : addJudge)({ battleId: battle.id, userId }).unwrap()
    } catch {
      /* the failure was shown as a toast */
    } finally {
      setBusyId(null)
    }
  }
  return (
    <Box>
      <UserPicker label="Add judge" selected={judges} onPick={(user) => void change(user.id, false)} />
      <RoleUsers users={judges} label="Judges" empty="No judges yet" busyId={busyId} onRemove={(user) => void change(user.id, true)} />
    </Box>
  )
})

const DescriptionEditor = memo(LazyRichTextEditor)

/** Prizes per place: each known place once, an amount in dollars (a value between 0 and 1 becomes 1). */
function Prizes({ draft, onChange, onValidity }: { draft: BattleDraft; onChange: (changes: Partial<BattleDraft>) => void; onValidity: (invalid: boolean) => void }) {
  const [rows, setRows] = useState(() => draft.prizes.map((_, index) => index))
  const [nextKey, setNextKey] = useState(draft.prizes.length)
  const [bad, setBad] = useState<Record<number, boolean>>({})
  const place = nextPrizePlace(draft.prizes)
  const mark = (key: number, invalid: boolean) => {
    const next = { ...bad, [key]: invalid }
    setBad(next)
    onValidity(Object.values(next).some(Boolean))
  }
  return (
    <Box>
      <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        Prizes
      </Typography>
      <Stack spacing={1.5}>
        {draft.prizes.map((prize, index) => {
          const key = rows[index] ?? index
          return (
            <PrizeRow
              key={key}
              prize={prize}
              places={PRIZE_PLACES.filter((title) => title === prize.title || !draft.prizes.some((other) => other.title === title))}
              onChange={(changed) => onChange({ prizes: draft.prizes.map((other, at) => (at === index ? changed : other)) })}
              onValidity={(invalid) => mark(key, invalid)}
              onRemove={() => {
                onChange({ prizes: draft.prizes.filter((_, at) => at !== index) })
                setRows(rows.filter((_, at) => at !== index))
                mark(key, false)
              }}
            />
          )
        })}
      </Stack>
      {place ? (
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => {
            onChange({ prizes: [...draft.prizes, { title: place, amount: 0 }] })
            setRows([...rows.slice(0, draft.prizes.length), nextKey])
            setNextKey(nextKey + 1)
          }}
        >
          Add prize
        </Button>
      ) : null}
    </Box>
  )
}

function PrizeRow({ prize, places, onChange, onValidity, onRemove }: { prize: { title: string; amount: number }; places: string[]; onChange: (prize: { title: string; amount: number }) => void; onValidity: (invalid: boolean) => void; onRemove: () => void }) {
  const [text, setText] = useState(prize.amount ? String(prize.amount) : '')
  const invalid = parseAmount(text) === null
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField select label="Place" value={prize.title} sx={{ flex: 1 }} onChange={(input) => onChange({ ...prize, title: input.target.value })}>
        {places.map((title) => (
          <MenuItem key={title} value={title}>
            {title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`${prize.title} amount`}
        value={text}
        error={invalid}
        helperText={invalid ? 'Enter an amount in dollars, e.g. 100 or 12.50' : undefined}
        sx={{ flex: 1 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
        onChange={(input) => {
          setText(input.target.value)
          const amount = parseAmount(input.target.value)
          onValidity(amount === null)
          if (amount !== null) onChange({ ...prize, amount })
        }}
        onBlur={() => {
          const amount = parseAmount(text)
          if (amount === null) return
          // the 0-1 rule, shown as soon as the field is left
          const saved = prizeAmount(amount)
          setText(saved ? String(saved) : '')
          if (saved !== amount) onChange({ ...prize, amount: saved })
        }}
      />
      <IconButton aria-label={`Remove ${prize.title} prize`} onClick={onRemove} sx={{ mt: 1 }}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  )
}
