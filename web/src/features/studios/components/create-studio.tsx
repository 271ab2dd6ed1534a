import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { ProgressDots } from '@/components/ui/progress-dots'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isApiError, isNotFound } from '@/lib/api/base'
import { unplacedAddress } from '@/lib/api/places'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useNotFound } from '@/lib/not-found'
import { useDeleteStudioMutation, useGetStudioQuery, usePublishStudioMutation, useSaveStudioMutation } from '../api/studios-api'
import { draftErrors, nextLabel, STUDIO_TEXTS, STUDIO_WIZARD_STEPS, studioBody, studioDraft, WIZARD_STEPS, type StudioDraft } from '../rules'
import type { Studio } from '../types'
import { PeopleWizardStep } from './people'
import { fieldError, GeneralFields, LocationFields, SocialFields, type DraftErrors } from './studio-fields'

/** The step a field is on: a refusal of the server takes the user back there. */
const FIELD_STEPS: Record<string, number> = { name: 0, image: 0, founded: 0, description: 0, locationAddress: 1 }
const LOCATION_STEP = FIELD_STEPS.locationAddress

function Wizard({ studio, meId, onLeaving }: { studio: Studio; meId?: number; onLeaving: (studio: Studio | null) => void }) {
  const navigate = useNavigate()
  const [step, setStep] = useState(0)
  const [draft, setDraft] = useState<StudioDraft>(() => studioDraft(studio))
  const [errors, setErrors] = useState<DraftErrors>({})
  // the saved address the geocoder could not place: said under the address field
  const [unplaced, setUnplaced] = useState(() => unplacedAddress(studio))
  const [save, { isLoading: saving }] = useSaveStudioMutation()
  const [publish, { isLoading: publishing }] = usePublishStudioMutation()
  const [remove, { isLoading: deleting }] = useDeleteStudioMutation()
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const busy = saving || publishing || deleting

  // each step's title takes the focus, so a screen reader hears where it is
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [step])

  const onDraft = (changes: Partial<StudioDraft>) => {
    setDraft((current) => ({ ...current, ...changes }))
    setErrors((current) => {
      const next = { ...current }
      for (const key of Object.keys(changes)) delete next[key as keyof DraftErrors]
      if (changes.socials) for (const key of ['facebook', 'instagram', 'twitter', 'youtube', 'website'] as const) delete next[key]
      return next
    })
  }

  /** Saves the studio (every next and back), then moves; a refusal stays, or goes to the step of its field. An
   * address newly found nowhere keeps Next on the location step once, its message under the field (saved all the
   * same: Next again goes on). */
  const saveAndGo = async (to: number) => {
    const found = draftErrors(draft)
    if (Object.keys(found).length) {
      setErrors(found)
      setStep(0)
      return false
    }
    try {
      const saved = await save({ id: studio.id, body: studioBody(draft) }).unwrap()
      const notFound = unplacedAddress(saved)
      setUnplaced(notFound)
      if (step === LOCATION_STEP && to > step && notFound !== null && notFound !== unplaced) return false
      setStep(to)
      return true
    } catch (error) {
      if (isApiError(error)) {
        const onField = fieldError(error)
        setErrors(onField)
        const field = Object.keys(onField)[0]
        if (field) setStep(FIELD_STEPS[field] ?? 2)
      }
      return false
    }
  }

  const next = async () => {
    if (step < STUDIO_WIZARD_STEPS - 1) {
      await saveAndGo(step + 1)
      return
    }
    // the last step: saved, published, and the studio's page opens
    if (!(await saveAndGo(step))) return
    try {
      await publish(studio.id).unwrap()
      navigate(paths.studio.getHref(studio.id))
    } catch (error) {
      if (isApiError(error) && /name/i.test(error.message)) {
        setErrors({ name: error.message })
        setStep(0)
      }
    }
  }

  const cancel = async () => {
    // the page stops following the draft it deletes: nothing may read it again on the way out (a 404)
    onLeaving(studio)
    try {
      await remove(studio.id).unwrap()
      navigate(paths.studios.getHref())
    } catch {
      /* the failure was shown as a toast: the draft stays */
      onLeaving(null)
    }
  }

  const current = WIZARD_STEPS[step]
  return (
    <Paper component="section" elevation={0} aria-labelledby="create-studio-title" sx={{ width: '100%', maxWidth: 680, p: { xs: 2.5, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
      <Typography id="create-studio-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
        {STUDIO_TEXTS.wizardTitle}
      </Typography>
      <ProgressDots count={STUDIO_WIZARD_STEPS} current={step} />
      <Typography variant="h2" ref={heading} tabIndex={-1} sx={{ fontSize: '1.3rem', outline: 'none' }}>
        {current.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{current.text}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) void next()
        }}
      >
        {step === 0 ? <GeneralFields draft={draft} onDraft={onDraft} errors={errors} initialDescription={studio.description} /> : null}
        {step === 1 ? <LocationFields draft={draft} onDraft={onDraft} errors={errors} unplaced={unplaced} /> : null}
        {step === 2 ? <SocialFields draft={draft} onDraft={onDraft} errors={errors} /> : null}
        {step === 3 ? <PeopleWizardStep studio={studio} people="admins" meId={meId} /> : null}
        {step === 4 ? <PeopleWizardStep studio={studio} people="teachers" meId={meId} /> : null}
        {step === 5 ? <PeopleWizardStep studio={studio} people="students" meId={meId} /> : null}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5, mt: 4 }}>
          <Button size="large" color="inherit" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'flex-end' }}>
            <Button size="large" variant="outlined" onClick={() => void saveAndGo(step - 1)} disabled={step === 0 || busy}>
              Back
            </Button>
            <Button type="submit" size="large" variant="contained" disabled={busy}>
              {nextLabel(step)}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  )
}

/**
 * /create-studio/{id} (docs/product/studios.md): the six steps, the studio saved at every next
 * and back, published on 'create studio'; Cancel deletes the draft. A missing studio, or one the user may not
 * edit, is the 404 page.
 */
export function CreateStudioPage({ id }: { id: number }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const valid = Number.isInteger(id) && id > 0
  // while it is being deleted the query stops and the wizard keeps showing the copy it had
  const [leavingWith, setLeavingWith] = useState<Studio | null>(null)
  const { data, error, isFetching, refetch } = useGetStudioQuery(id, { skip: !valid || leavingWith !== null })
  const studio = leavingWith ?? data
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  useDocumentTitle(STUDIO_TEXTS.wizardTitle)

  const missing = !valid || isNotFound(error) || Boolean(studio && !studio.canEdit)
  useNotFound(missing)

  if (missing) return null
  if (error && !studio) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!studio) return <PageLoader label="Loading studio" />
  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 }, display: 'flex', justifyContent: 'center' }}>
      <Wizard studio={studio} meId={me?.id} onLeaving={setLeavingWith} />
    </Box>
  )
}
