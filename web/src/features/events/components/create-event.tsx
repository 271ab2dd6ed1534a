import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useDispatch } from 'react-redux'
import { useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ConfirmDialog, ModalDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { ProgressDots } from '@/components/ui/progress-dots'
import { SafeHtml } from '@/components/ui/safe-html'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useBattleByIdQuery } from '@/lib/api/battles'
import { imageUrl } from '@/lib/api/images'
import { PLACE_NOT_FOUND, placeNotFound, unplacedAddress } from '@/lib/api/places'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { toastShown } from '@/lib/toast'
import { useCreateEventMutation, useDeleteEventMutation, useGetEventQuery, usePublishEventMutation, useSaveEventMutation } from '../api/events-api'
import { BATTLE_TEXTS, battleCategory, STYLE_LABELS } from '../battle-rules'
import { costSummary, deleteQuestion, eventUpdate, firstStep, normaliseUpdate, publishProblems, TEXTS, TOTAL_STEP, WIZARD_STEPS } from '../rules'
import type { CypherEvent, EventBattleSummary, EventDraft, EventUser } from '../types'
import { BattlesStep, type WizardBattles } from './battles-step'
import { DateStep, DisplayModeStep, InfoStep, PLATFORM_ORG_NAME, TiersStep } from './wizard-steps'

const BATTLES_STEP = WIZARD_STEPS.indexOf('Battles')

/** /create-event: creates a draft and goes on to it; a failure goes to EventsPage. */
export function CreateEventEntry() {
  const navigate = useNavigate()
  const [create] = useCreateEventMutation()
  const started = useRef(false)
  useDocumentTitle(TEXTS.heading)
  useEffect(() => {
    // once, also under StrictMode's double effects: one visit makes one draft
    if (started.current) return
    started.current = true
    create()
      .unwrap()
      .then(({ id }) => navigate(paths.createEvent.getHref(id), { replace: true }))
      .catch(() => navigate(paths.events.getHref(), { replace: true }))
  }, [create, navigate])
  return <PageLoader label="Creating event" />
}

/** /create-event/{id}: without a user or an event, EventsPage; else the wizard. */
export function CreateEventProcessing({ id }: { id: number }) {
  const navigate = useNavigate()
  const signedIn = useAppSelector(selectIsSignedIn)
  const valid = Number.isInteger(id) && id > 0
  const { data: event, error, isLoading } = useGetEventQuery(id, { skip: !valid || !signedIn })
  useDocumentTitle(TEXTS.heading)
  const gone = !signedIn || !valid || Boolean(error) || (!isLoading && event === null) || Boolean(event && !event.permissions?.canEdit)
  useEffect(() => {
    if (gone) navigate(paths.events.getHref(), { replace: true })
  }, [gone, navigate])
  if (gone || !event) return <PageLoader label="Loading event" />
  return <Wizard event={event} />
}

function Wizard({ event }: { event: CypherEvent }) {
  const navigate = useNavigate()
  const dispatch = useDispatch()
  const [draft, setDraft] = useState<EventDraft>(() => eventUpdate(event))
  const [step, setStep] = useState(() => firstStep(event))
  // the step's list: the event's copy comes by projection from the battles service, so after an add or a delete
  // it may lag behind what the organizer just did
  const [battles, setBattles] = useState<WizardBattles>(() => event.battles ?? [])
  // editing one section from Total: save / cancel go back to Total
  const [fromTotal, setFromTotal] = useState(() => firstStep(event) === TOTAL_STEP)
  // the saved address the geocoder could not place: said under the location, and in the review
  const [unplaced, setUnplaced] = useState(() => unplacedAddress(event))
  const [carpetsSaving, setCarpetsSaving] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [save, { isLoading: saving }] = useSaveEventMutation()
  const [publish, { isLoading: publishing }] = usePublishEventMutation()
  const [remove, { isLoading: removing }] = useDeleteEventMutation()
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const isNew = event.status === 'draft'
  const onDraft = useCallback((changes: Partial<EventDraft>) => setDraft((current) => ({ ...current, ...changes })), [])
  const onCarpetsSaving = useCallback((value: boolean) => setCarpetsSaving(value), [])

  // each step's title takes the focus, so a screen reader hears where it is
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [step])

  /** Saves the whole event; the draft becomes the server's answer (e.g. a 50-cent tier comes back as $1). */
  const saveDraft = async (): Promise<CypherEvent | null> => {
    try {
      const saved = await save({ id: event.id, body: normaliseUpdate(draft) }).unwrap()
      setDraft(eventUpdate(saved))
      setUnplaced(unplacedAddress(saved))
      return saved
    } catch {
      return null
    }
  }

  const go = (next: number) => {
    setStep(next)
    if (next === TOTAL_STEP) setFromTotal(true)
  }
  const next = async () => {
    const saved = await saveDraft()
    // an address newly found nowhere keeps Info open once, its message under the location (saved all the same)
    const notFound = unplacedAddress(saved)
    if (saved && step === 0 && notFound !== null && notFound !== unplaced) return
    if (saved) go(fromTotal ? TOTAL_STEP : step + 1)
    // docs/product/events.md, The wizard: Next on the Battles step says only this when it fails
    else if (step === BATTLES_STEP) dispatch(toastShown(BATTLE_TEXTS.nextFailed))
  }
  const cancelEdit = () => {
    setDraft(eventUpdate(event))
    go(TOTAL_STEP)
  }
  const saveAsDraft = async () => {
    if (!(await saveDraft())) return
    dispatch(toastShown('eventCreated'))
    navigate(paths.event.getHref(event.id))
  }
  const deleteEvent = async () => {
    try {
      await remove(event.id).unwrap()
      navigate(paths.events.getHref(), { replace: true })
    } catch {
      /* the failure was shown as a toast */
    }
  }
  const publishEvent = async () => {
    try {
      await publish(event.id).unwrap()
      dispatch(toastShown('eventCreated'))
      navigate(paths.event.getHref(event.id), { state: { published: true } })
    } catch {
      /* e.g. 'Please select an event date': shown as a toast */
    }
  }

  const title = WIZARD_STEPS[step]
  const stepProps = { event, draft, onDraft }
  const notFound = placeNotFound(draft.locationAddress, unplaced)
  const problems = publishProblems(draft, notFound)
  const blocked = (step === 0 && !draft.title.trim()) || (step === 3 && (!draft.title.trim() || carpetsSaving))

  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 }, display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" elevation={0} aria-labelledby="create-event-title" sx={{ width: '100%', maxWidth: 720, p: { xs: 2.5, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="create-event-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
            {TEXTS.heading}
          </Typography>
          {isNew && step !== TOTAL_STEP ? (
            <Link component="button" type="button" onClick={() => setCancelling(true)} sx={{ fontWeight: 700 }}>
              Cancel
            </Link>
          ) : null}
        </Stack>
        {isNew ? <ProgressDots count={WIZARD_STEPS.length} current={step} /> : <Box sx={{ height: 16 }} />}
        <Typography variant="h2" ref={heading} tabIndex={-1} sx={{ fontSize: '1.3rem', outline: 'none', mb: 3 }}>
          {title}
        </Typography>
        {step === 0 ? <InfoStep {...stepProps} unplaced={unplaced} /> : null}
        {step === 1 ? <DateStep {...stepProps} /> : null}
        {step === 2 ? <TiersStep {...stepProps} /> : null}
        {step === 3 ? <DisplayModeStep {...stepProps} onSaving={onCarpetsSaving} /> : null}
        {step === BATTLES_STEP ? <BattlesStep event={event} battles={battles} onBattles={setBattles} /> : null}
        {step === TOTAL_STEP ? <TotalStep event={event} draft={draft} battles={battles} notFound={notFound} onEdit={(at) => setStep(at)} /> : null}

        {step === TOTAL_STEP ? (
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', mt: 4 }}>
            {isNew ? (
              <>
                <Stack direction="row" spacing={1}>
                  <Button color="inherit" size="large" onClick={() => setStep(step - 1)}>
                    Back
                  </Button>
                  <Button color="inherit" size="large" onClick={() => setCancelling(true)}>
                    Cancel
                  </Button>
                  <Button color="error" size="large" onClick={() => setDeleting(true)}>
                    Delete event
                  </Button>
                </Stack>
                <Button variant="contained" size="large" onClick={publishEvent} disabled={publishing || problems.length > 0} aria-describedby={problems.length ? 'publish-problems' : undefined}>
                  Publish Event
                </Button>
              </>
            ) : (
              <Button variant="contained" size="large" sx={{ ml: 'auto' }} onClick={() => navigate(paths.event.getHref(event.id))}>
                Done
              </Button>
            )}
          </Stack>
        ) : (
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 4 }}>
            {fromTotal ? (
              <Button color="inherit" size="large" onClick={cancelEdit}>
                Cancel
              </Button>
            ) : (
              <Button color="inherit" size="large" onClick={() => setStep(step - 1)} disabled={step === 0}>
                Back
              </Button>
            )}
            <Button variant="contained" size="large" onClick={next} disabled={blocked || saving}>
              {fromTotal ? 'Save' : 'Next'}
            </Button>
          </Stack>
        )}
      </Paper>
      <ModalDialog open={cancelling} title="Leave the event?" onClose={() => setCancelling(false)}
        actions={
          <>
            <Button color="error" onClick={deleteEvent} disabled={removing}>
              Delete event
            </Button>
            <Button variant="contained" onClick={saveAsDraft} disabled={saving || !draft.title.trim()}>
              Save as draft
            </Button>
          </>
        }
      >
        <Typography>Keep this event as a draft to finish it later, or delete it.</Typography>
      </ModalDialog>
      <ConfirmDialog open={deleting} title={deleteQuestion(draft.title)} confirmLabel="Delete event" destructive busy={removing} onConfirm={deleteEvent} onClose={() => setDeleting(false)} />
    </Box>
  )
}

function Section({ title, step, onEdit, children }: { title: string; step: number; onEdit: (step: number) => void; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ py: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {title}
        </Typography>
        <IconButton aria-label={`Edit ${title}`} onClick={() => onEdit(step)}>
          <EditIcon />
        </IconButton>
      </Stack>
      <Box sx={{ color: 'text.secondary' }}>{children}</Box>
    </Box>
  )
}

const names = (users: Pick<EventUser, 'dancerName'>[] | undefined) => users?.map((user) => user.dancerName || 'Unnamed dancer').join(', ') || '—'

/** The review: every section with its edit pencil. */
function TotalStep({ event, draft, battles, notFound, onEdit }: { event: CypherEvent; draft: EventDraft; battles: WizardBattles; notFound: boolean; onEdit: (step: number) => void }) {
  const org = draft.orgId === 0 ? PLATFORM_ORG_NAME : event.org?.name
  return (
    <Stack divider={<Divider flexItem />}>
      <Section title="Info" step={0} onEdit={onEdit}>
        {draft.image ? <Box component="img" src={imageUrl(draft.image, 400, 'event')} alt="" sx={{ width: 200, borderRadius: 2, mb: 1 }} /> : null}
        <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>{draft.title || 'Untitled'}</Typography>
        {org ? <Typography>Organization: {org}</Typography> : null}
        {draft.locationAddress?.trim() ? (
          <>
            <Typography>{draft.locationAddress}</Typography>
            {notFound ? (
              <Typography id="publish-problems" sx={{ color: 'error.main', fontWeight: 600 }}>
                {PLACE_NOT_FOUND}
              </Typography>
            ) : null}
          </>
        ) : (
          <Typography id="publish-problems" sx={{ color: 'error.main', fontWeight: 600 }}>
            {TEXTS.locationRequired}
          </Typography>
        )}
        {draft.website ? <Typography>{draft.website}</Typography> : null}
        <SafeHtml html={draft.description} />
        <Typography>Admins: {names(event.staff?.admins)}</Typography>
        <Typography>Host: {names(event.staff?.hosts)}</Typography>
        <Typography>Djs: {names(event.staff?.djs)}</Typography>
      </Section>
      <Section title="Date" step={1} onEdit={onEdit}>
        <Typography>{event.dateFlat && event.timeFlat ? `${event.dateFlat}, ${event.timeFlat}` : (draft.dateStart ?? 'No date yet').replace('T', ' ')}</Typography>
      </Section>
      <Section title="Tiers" step={2} onEdit={onEdit}>
        {draft.tiers.length ? (
          draft.tiers.map((tier, index) => <Typography key={tier.id ?? index}>{`${tier.title || `Tier ${index + 1}`}: ${costSummary([tier])}`}</Typography>)
        ) : (
          <Typography>{TEXTS.free}</Typography>
        )}
      </Section>
      <Section title="Display Mode" step={3} onEdit={onEdit}>
        <Typography>{event.carpets?.length ? event.carpets.map((carpet) => carpet.name).join(', ') : 'No carpets'}</Typography>
        <Typography>Logo: {draft.scoreboardLogo ? 'uploaded' : 'none'} · Background: {draft.scoreboardBgImage ? 'uploaded' : 'none'}</Typography>
      </Section>
      <Section title="Battles" step={BATTLES_STEP} onEdit={onEdit}>
        {battles.length ? (
          <Stack component="ul" aria-label="Battles of the event" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {battles.map((battle) => (
              <BattleReview key={battle.id} battle={battle} />
            ))}
          </Stack>
        ) : (
          <Typography>{BATTLE_TEXTS.noBattles}</Typography>
        )}
      </Section>
    </Stack>
  )
}

/** A battle in the review: its title and category, then its style, bracket size and judges from the battle's own
 * read (the one the battle dialog edits and keeps current; the event's summary has neither). */
function BattleReview({ battle }: { battle: EventBattleSummary }) {
  const { data, isError } = useBattleByIdQuery(battle.id)
  return (
    <Box component="li">
      <Typography sx={{ color: 'text.primary' }}>{`${battle.title || 'Untitled battle'}: ${battleCategory(battle.crewSize)}`}</Typography>
      {data ? (
        <>
          <Typography>{data.style === 'bracket' ? `Bracket size: ${data.bracketSize}` : `Style: ${STYLE_LABELS[data.style]}`}</Typography>
          <Typography>Judges: {names(data.judges)}</Typography>
        </>
      ) : isError ? (
        <Typography>The battle's details could not be loaded.</Typography>
      ) : (
        <Typography aria-busy="true">Loading the battle's details…</Typography>
      )}
    </Box>
  )
}
