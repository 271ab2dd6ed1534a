import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import { useEffect, useRef, useState } from 'react'
import { useAppSelector } from '@/app/hooks'
import { ImageUpload } from '@/components/ui/image-upload'
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text'
import { RoleUsers } from '@/components/ui/role-users'
import { UserPicker } from '@/components/ui/user-picker'
import { placeNotFound } from '@/lib/api/places'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import {
  useAddStaffMutation,
  useInitScoreboardsMutation,
  useMyOrganizationsQuery,
  useRemoveStaffMutation,
  useSaveCarpetsMutation,
} from '../api/events-api'
import {
  centsToDollars,
  dollarsToCents,
  endBeforeStart,
  EVENT_TITLE_MAX_LENGTH,
  joinLocal,
  MAX_TIERS,
  newTier,
  nextCarpetName,
  PLATFORM_ORG_ID,
  splitLocal,
  TEXTS,
} from '../rules'
import type { Carpet, CarpetIn, CypherEvent, EventDraft, StaffRole, TierDraft } from '../types'
import { PlaceSearch } from '@/components/ui/place-search'

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const PLATFORM_ORG_NAME = 'Cypher (no organization)'

export interface StepProps {
  event: CypherEvent
  draft: EventDraft
  onDraft: (changes: Partial<EventDraft>) => void
}

const STAFF: { role: StaffRole; key: 'admins' | 'hosts' | 'djs'; label: string; picker: string }[] = [
  { role: 'admin', key: 'admins', label: 'Admins', picker: 'Add admin' },
  { role: 'host', key: 'hosts', label: 'Host', picker: 'Add host' },
  { role: 'dj', key: 'djs', label: 'Djs', picker: 'Add DJ' },
]

/** Admin, host and DJ pickers: every change is a call, and the lists are the server's answer. */
function StaffPickers({ event }: { event: CypherEvent }) {
  const [addStaff] = useAddStaffMutation()
  const [removeStaff] = useRemoveStaffMutation()
  const [busyId, setBusyId] = useState<number | null>(null)
  const change = async (role: StaffRole, userId: number, remove: boolean) => {
    setBusyId(userId)
    try {
      await (remove ? removeStaff : addStaff)({ id: event.id, userId, role }).unwrap()
    } catch {
      /* the failure was shown as a toast */
    } finally {
      setBusyId(null)
    }
  }
  return (
    <Stack spacing={3}>
      {STAFF.map((staff) => {
        const users = event.staff?.[staff.key] ?? []
        return (
          <Box key={staff.role}>
            <UserPicker label={staff.picker} selected={users} onPick={(user) => void change(staff.role, user.id, false)} />
            <RoleUsers users={users} label={staff.label} empty={`No ${staff.label.toLowerCase()} yet`} busyId={busyId} onRemove={(user) => void change(staff.role, user.id, true)} />
          </Box>
        )
      })}
    </Stack>
  )
}

/** `unplaced`: the saved address the geocoder could not place, said under the location while it is still there. */
export function InfoStep({ event, draft, onDraft, unplaced }: StepProps & { unplaced?: string | null }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const { data: orgs } = useMyOrganizationsQuery(me?.id ?? 0, { skip: !me })
  const options = [{ id: PLATFORM_ORG_ID, name: PLATFORM_ORG_NAME }, ...(orgs?.items ?? [])]
  if (!options.some((org) => org.id === draft.orgId) && event.org) options.push({ id: event.org.id, name: event.org.name ?? '' })

  return (
    <Stack spacing={3}>
      <ImageUpload value={draft.image} onUploaded={(image) => onDraft({ image: image.id })} imageType="event" previewSize={140} hint="PNG or JPEG, smaller than 10Mb" />
      <TextField select label="Organization" value={draft.orgId} onChange={(input) => onDraft({ orgId: Number(input.target.value) })}>
        {options.map((org) => (
          <MenuItem key={org.id} value={org.id}>
            {org.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Event name"
        required
        value={draft.title}
        onChange={(input) => onDraft({ title: input.target.value })}
        helperText={`${draft.title.length}/${EVENT_TITLE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: EVENT_TITLE_MAX_LENGTH } }}
      />
      <PlaceSearch
        required
        address={draft.locationAddress ?? ''}
        notFound={placeNotFound(draft.locationAddress, unplaced)}
        onChange={(locationAddress, coordinates) => onDraft({ locationAddress, coordinates })}
      />
      <TextField label="Website (optional)" type="url" value={draft.website ?? ''} placeholder="https://" onChange={(input) => onDraft({ website: input.target.value })} />
      <LazyRichTextEditor label="Description" value={draft.description ?? ''} onChange={(description) => onDraft({ description })} />
      <StaffPickers event={event} />
    </Stack>
  )
}

export function DateStep({ draft, onDraft }: StepProps) {
  const start = splitLocal(draft.dateStart)
  const end = splitLocal(draft.dateEnd)
  const field = { slotProps: { inputLabel: { shrink: true } }, sx: { flex: 1 } }
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
        {TEXTS.localDate}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field} label="Start date" type="date" value={start.date} onChange={(input) => onDraft({ dateStart: joinLocal(input.target.value, start.time) })} />
        <TextField {...field} label="Start time" type="time" value={start.time} onChange={(input) => onDraft({ dateStart: joinLocal(start.date, input.target.value) })} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field} label="End date" type="date" value={end.date} onChange={(input) => onDraft({ dateEnd: joinLocal(input.target.value, end.time) })} />
        <TextField {...field} label="End time" type="time" value={end.time} onChange={(input) => onDraft({ dateEnd: joinLocal(end.date, input.target.value) })} />
      </Stack>
      {endBeforeStart(draft.dateStart, draft.dateEnd) ? (
        <Alert severity="warning" role="alert">
          {TEXTS.endBeforeStart}
        </Alert>
      ) : null}
    </Stack>
  )
}

function TierRow({ tier, index, onChange, onRemove }: { tier: TierDraft; index: number; onChange: (tier: TierDraft) => void; onRemove?: () => void }) {
  const [cost, setCost] = useState(tier.cost ? centsToDollars(tier.cost) : '')
  const [invalid, setInvalid] = useState(false)
  // the server's answer (the 0-1 rule) replaces what was typed
  const [seenCost, setSeenCost] = useState(tier.cost)
  if (tier.cost !== seenCost) {
    setSeenCost(tier.cost)
    if (dollarsToCents(cost) !== tier.cost) setCost(centsToDollars(tier.cost))
  }
  const describing = tier.description !== null
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 2, m: 0 }}>
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
        Tier {index + 1}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Title" value={tier.title} onChange={(input) => onChange({ ...tier, title: input.target.value })} sx={{ flex: 2 }} />
          <TextField
            label="Cost"
            value={cost}
            inputMode="decimal"
            error={invalid}
            helperText={invalid ? 'Enter an amount in dollars, e.g. 15 or 12.50' : undefined}
            onChange={(input) => {
              setCost(input.target.value)
              const cents = dollarsToCents(input.target.value)
              setInvalid(cents === null)
              if (cents !== null) onChange({ ...tier, cost: cents })
            }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        {describing ? (
          <TextField label="Description" multiline minRows={2} value={tier.description ?? ''} onChange={(input) => onChange({ ...tier, description: input.target.value })} />
        ) : null}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Link component="button" type="button" onClick={() => onChange({ ...tier, description: describing ? null : '' })}>
            {describing ? 'Remove description' : 'Add description'}
          </Link>
          {onRemove ? (
            <IconButton aria-label={`Remove tier ${index + 1}`} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  )
}

export function TiersStep({ draft, onDraft }: StepProps) {
  const tiers = draft.tiers.length ? draft.tiers : [newTier()]
  // stable row keys, so removing a tier keeps the others' typed text
  const nextKey = useRef(tiers.length)
  const [keys, setKeys] = useState(() => tiers.map((_, index) => index))
  const set = (next: TierDraft[]) => onDraft({ tiers: next })
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
        {TEXTS.costOptional}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Add a tier for each kind of ticket (general admission, competitor, VIP). Leave it empty and the event is free. Amounts are in US dollars.
      </Typography>
      {tiers.map((tier, index) => (
        <TierRow
          key={keys[index] ?? index}
          tier={tier}
          index={index}
          onChange={(changed) => set(tiers.map((other, at) => (at === index ? changed : other)))}
          onRemove={
            index === 0
              ? undefined
              : () => {
                  set(tiers.filter((_, at) => at !== index))
                  setKeys(keys.filter((_, at) => at !== index))
                }
          }
        />
      ))}
      {tiers.length < MAX_TIERS ? (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              set([...tiers, newTier()])
              setKeys([...keys.slice(0, tiers.length), nextKey.current++])
            }}
          >
            Add tier
          </Button>
        </Box>
      ) : null}
    </Stack>
  )
}

/** A rename is saved once the typing pauses this long (or its field is left, or another carpet edit goes first). */
export const CARPET_RENAME_SAVE_MS = 500

/**
 * Carpets are saved as they change, the whole list each time; after each save the scoreboards are initialised
 * (the battles service also keeps them by itself, so this call is only a nudge). Both failures are only logged
 * (docs/product/events.md).
 */
function carpetsKey(carpets: CarpetIn[] | undefined): string {
  return JSON.stringify((carpets ?? []).map((carpet) => [carpet.id ?? null, carpet.name]))
}

/** A carpet on screen: `key` stays the same from 'Add carpet' on, so the answer that gives the carpet its id
 * does not remount its field (a remount drops the focus and the letters typed into it). */
type ShownCarpet = Pick<Carpet, 'name'> & Partial<Pick<Carpet, 'id'>> & { key: string }

let newCarpets = 0

function shown(carpets: Carpet[] | undefined): ShownCarpet[] {
  return (carpets ?? []).map((carpet) => ({ ...carpet, key: carpet.id === undefined ? `new-${(newCarpets += 1)}` : `carpet-${carpet.id}` }))
}

/**
 * The list on screen is the truth: every edit (add, remove, rename) changes it at once and is never undone by an
 * answer. Saves go one after another, each sending the list as it is when it leaves; an answer only gives ids to
 * the carpets it was sent (matched by their keys), so a carpet added or renamed while a save travelled stays.
 * 'Add carpet' and the remove buttons stay enabled while saving (disabling them between a press and its click
 * lost the click); Next waits (`onSaving`) until no edit is unsaved and no save is queued or travelling.
 */
export function DisplayModeStep({ event, draft, onDraft, onSaving }: StepProps & { onSaving?: (saving: boolean) => void }) {
  const [carpets, setCarpets] = useState<ShownCarpet[]>(() => shown(event.carpets))
  const [saveCarpets] = useSaveCarpetsMutation()
  const [initScoreboards] = useInitScoreboardsMutation()
  // saves queued or travelling, and a rename waiting for its pause
  const [pending, setPending] = useState(0)
  const [unsaved, setUnsaved] = useState(false)
  const updating = pending > 0 || unsaved
  useEffect(() => onSaving?.(updating), [updating, onSaving])

  const latest = useRef(carpets)
  // every handler sets both; this keeps the ref on a list taken from a re-read below
  useEffect(() => {
    latest.current = carpets
  }, [carpets])
  const queue = useRef<Promise<void>>(Promise.resolve())
  const renameTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // every list this step sent or was answered: a re-read of the event that brings one of them is ours, late
  const [ours, setOurs] = useState(() => new Set([carpetsKey(event.carpets)]))
  const remember = (key: string) => setOurs((known) => (known.has(key) ? known : new Set(known).add(key)))

  // The event's re-read is taken only when it brings a list this step did not make (another editor's) and
  // nothing of ours is unsaved or travelling.
  const eventCarpets = carpetsKey(event.carpets)
  const [lastRead, setLastRead] = useState(eventCarpets)
  const [adopted, setAdopted] = useState(eventCarpets)
  if (eventCarpets !== lastRead) {
    setLastRead(eventCarpets)
    if (!updating && !ours.has(eventCarpets)) {
      setAdopted(eventCarpets)
      setCarpets(shown(event.carpets))
    }
  }
  // what the server holds, as far as this step knows: a save of the same list is not sent again
  const lastSaved = useRef(adopted)
  useEffect(() => {
    lastSaved.current = adopted
  }, [adopted])

  const send = async () => {
    const sending = latest.current
    const body = sending.map(({ id, name }) => ({ id, name: name.trim() || 'Carpet' }))
    if (carpetsKey(body) === lastSaved.current) {
      setPending((count) => count - 1)
      return
    }
    remember(carpetsKey(body))
    let saved: Carpet[]
    try {
      saved = await saveCarpets({ id: event.id, carpets: body }).unwrap()
    } catch (error) {
      // logged only; the edit stays on screen and the next save sends the whole list again
      console.info('Carpets were not saved', error)
      setPending((count) => count - 1)
      return
    }
    if (Array.isArray(saved)) {
      remember(carpetsKey(saved))
      lastSaved.current = carpetsKey(saved)
      const ids = new Map(sending.map((carpet, at) => [carpet.key, saved[at]?.id]))
      const merged = latest.current.map((carpet) => (carpet.id === undefined && ids.get(carpet.key) !== undefined ? { ...carpet, id: ids.get(carpet.key) } : carpet))
      latest.current = merged
      setCarpets(merged)
    }
    setPending((count) => count - 1)
    initScoreboards(event.id)
      .unwrap()
      .catch((error: unknown) => console.info('Scoreboards were not initialised', error))
  }

  const save = (next: ShownCarpet[]) => {
    clearTimeout(renameTimer.current)
    renameTimer.current = undefined
    setUnsaved(false)
    latest.current = next
    setCarpets(next)
    setPending((count) => count + 1)
    queue.current = queue.current.then(send)
  }

  const rename = (key: string, name: string) => {
    const next = latest.current.map((other) => (other.key === key ? { ...other, name } : other))
    latest.current = next
    setCarpets(next)
    setUnsaved(true)
    clearTimeout(renameTimer.current)
    renameTimer.current = setTimeout(() => save(latest.current), CARPET_RENAME_SAVE_MS)
  }

  const flush = () => {
    if (renameTimer.current !== undefined) save(latest.current)
  }
  // leaving the step (Cancel from Total) with a rename still waiting: it is saved all the same
  const flushRef = useRef(flush)
  useEffect(() => {
    flushRef.current = flush
  })
  useEffect(() => () => flushRef.current(), [])

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Carpets
        </Typography>
        <Stack spacing={1.5}>
          {carpets.map((carpet, index) => (
            <Stack key={carpet.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={`Carpet ${index + 1} name`}
                value={carpet.name}
                size="small"
                sx={{ flex: 1 }}
                onChange={(input) => rename(carpet.key, input.target.value)}
                onBlur={flush}
              />
              <IconButton aria-label={`Remove ${carpet.name || `carpet ${index + 1}`}`} onClick={() => save(latest.current.filter((other) => other.key !== carpet.key))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => save([...latest.current, { name: nextCarpetName(latest.current), key: `new-${(newCarpets += 1)}` }])}>
          Add carpet
        </Button>
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Logo
        </Typography>
        <ImageUpload value={draft.scoreboardLogo} onUploaded={(image) => onDraft({ scoreboardLogo: image.id })} imageType="logo" accept={LOGO_TYPES} hint="PNG, JPEG or WEBP, 1:1, 800x800 recommended" uploadLabel="Upload logo" editLabel="Change logo" />
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Background image
        </Typography>
        <ImageUpload value={draft.scoreboardBgImage} onUploaded={(image) => onDraft({ scoreboardBgImage: image.id })} imageType="bg" hint="PNG or JPEG, 16:9, 1920x1080 recommended" uploadLabel="Upload background" editLabel="Change background" />
      </Box>
    </Stack>
  )
}
