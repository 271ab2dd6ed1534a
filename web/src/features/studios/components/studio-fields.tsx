import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { DateMaskField } from '@/components/ui/date-mask-field'
import { ImageUpload } from '@/components/ui/image-upload'
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text'
import { PlaceSearch } from '@/components/ui/place-search'
import { placeNotFound } from '@/lib/api/places'
import { SocialLinkFields } from '@/components/ui/social-fields'
import type { SocialKind } from '@/lib/socials'
import { STUDIO_TEXTS, type StudioDraft } from '../rules'

export type DraftErrors = Partial<Record<'name' | 'founded' | 'description' | 'locationAddress' | 'image' | 'email' | SocialKind, string>>

interface FieldsProps {
  draft: StudioDraft
  onDraft: (changes: Partial<StudioDraft>) => void
  errors: DraftErrors
  /** the rich text starts from this (the editor is not controlled) */
  initialDescription?: string
}

/** The founded date's label: 'Studio start date' in the creation wizard, 'Date created' in the settings. */
export type FoundedLabel = 'Studio start date' | 'Date created'


/** Image, 'Studio name', the founded date (MM/DD/YYYY) and the description. */
export function GeneralFields({ draft, onDraft, errors, initialDescription, foundedLabel = 'Studio start date' }: FieldsProps & { foundedLabel?: FoundedLabel }) {
  return (
    <Stack spacing={3}>
      <ImageUpload value={draft.image} onUploaded={(uploaded) => onDraft({ image: uploaded.id })} imageType="studio" previewSize={140} hint="PNG or JPEG, smaller than 10Mb" />
      <TextField
        label="Studio name"
        value={draft.name}
        error={Boolean(errors.name)}
        helperText={errors.name}
        onChange={(event) => onDraft({ name: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <DateMaskField
        label={foundedLabel}
        placeholder="MM/DD/YYYY"
        value={draft.founded}
        error={Boolean(errors.founded)}
        helperText={errors.founded || 'MM/DD/YYYY'}
        onChange={(founded) => onDraft({ founded })}
        slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'numeric' } }}
        sx={{ maxWidth: 260 }}
      />
      <LazyRichTextEditor label="Description" value={initialDescription ?? draft.description} onChange={(description) => onDraft({ description })} helperText={errors.description} />
    </Stack>
  )
}

/** The address autocomplete 'Address of the studio': a picked place brings its coordinates; `unplaced` is the
 * saved address the geocoder could not place, said under the field while it is still there. */
export function LocationFields({ draft, onDraft, errors, unplaced }: FieldsProps & { unplaced?: string | null }) {
  return (
    <Stack spacing={1}>
      <PlaceSearch
        label="Address"
        placeholder={STUDIO_TEXTS.addressPlaceholder}
        address={draft.locationAddress}
        notFound={!errors.locationAddress && placeNotFound(draft.locationAddress, unplaced)}
        onChange={(locationAddress, coordinates) => onDraft({ locationAddress, locationLat: coordinates?.lat ?? null, locationLng: coordinates?.lng ?? null })}
      />
      {errors.locationAddress ? <FormHelperText error>{errors.locationAddress}</FormHelperText> : null}
    </Stack>
  )
}

/** Email, then each social link as its handle after the site's fixed prefix. */
export function SocialFields({ draft, onDraft, errors }: FieldsProps) {
  return (
    <Stack spacing={2.5}>
      <TextField
        label="Email"
        type="email"
        value={draft.email}
        error={Boolean(errors.email)}
        helperText={errors.email}
        onChange={(event) => onDraft({ email: event.target.value })}
        slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } }}
      />
      <SocialLinkFields value={draft.socials} errors={errors} onChange={(site, handle) => onDraft({ socials: { ...draft.socials, [site]: handle } })} />
    </Stack>
  )
}

/** A refusal of the server on one field (`field` 'founded', 'socials.email'...) as that field's message. */
export function fieldError(error: { field?: string; message: string }): DraftErrors {
  if (!error.field) return {}
  const field = error.field.replace(/^socials\./, '')
  return { [field]: error.message }
}
