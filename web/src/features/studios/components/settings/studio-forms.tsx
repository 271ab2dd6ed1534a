import Box from '@mui/material/Box'
import { useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { SectionForm } from '@/components/ui/submit-form'
import { isApiError } from '@/lib/api/base'
import { unplacedAddress } from '@/lib/api/places'
import { toastShown } from '@/lib/toast'
import { useSaveStudioMutation } from '../../api/studios-api'
import { draftErrors, studioBody, studioDraft, type StudioDraft } from '../../rules'
import type { Studio } from '../../types'
import { fieldError, GeneralFields, LocationFields, SocialFields, type DraftErrors } from '../studio-fields'

/** A settings form over the loaded studio: its own draft, Save (PUT the studio), changesSaved or the field's refusal. */
function useStudioForm(studio: Studio) {
  const dispatch = useAppDispatch()
  const [draft, setDraft] = useState<StudioDraft>(() => studioDraft(studio))
  const [errors, setErrors] = useState<DraftErrors>({})
  // the saved address the geocoder could not place: said under the address field
  const [unplaced, setUnplaced] = useState(() => unplacedAddress(studio))
  const [save, { isLoading }] = useSaveStudioMutation()
  const onDraft = (changes: Partial<StudioDraft>) => {
    setDraft((current) => ({ ...current, ...changes }))
    setErrors({})
  }
  const submit = async () => {
    const found = draftErrors(draft)
    setErrors(found)
    if (Object.keys(found).length) return
    try {
      const saved = await save({ id: studio.id, body: studioBody(draft) }).unwrap()
      setDraft((current) => ({ ...studioDraft(saved), description: current.description }))
      setUnplaced(unplacedAddress(saved))
      dispatch(toastShown('changesSaved'))
    } catch (error) {
      if (isApiError(error)) setErrors(fieldError(error))
    }
  }
  return { draft, errors, onDraft, submit, saving: isLoading, unplaced }
}

/** 'General Info': image, name, Date created, location, description, Save. */
export function GeneralSection({ studio }: { studio: Studio }) {
  const form = useStudioForm(studio)
  return (
    <SectionForm onSubmit={form.submit} saving={form.saving}>
      <GeneralFields draft={form.draft} onDraft={form.onDraft} errors={form.errors} initialDescription={studio.description} foundedLabel="Date created" />
      <Box sx={{ mt: 3 }}>
        <LocationFields draft={form.draft} onDraft={form.onDraft} errors={form.errors} unplaced={form.unplaced} />
      </Box>
    </SectionForm>
  )
}

/** 'Social': email and the links, Save. */
export function SocialsSection({ studio }: { studio: Studio }) {
  const form = useStudioForm(studio)
  return (
    <SectionForm onSubmit={form.submit} saving={form.saving}>
      <SocialFields draft={form.draft} onDraft={form.onDraft} errors={form.errors} />
    </SectionForm>
  )
}
