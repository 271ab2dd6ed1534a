import Stack from '@mui/material/Stack'
import { TextInput } from '@/components/ui/text-input'
import { CountrySelect } from '@/components/ui/country-select'
import { DateMaskField } from '@/components/ui/date-mask-field'
import { ImageUpload } from '@/components/ui/image-upload'
import { needsState } from '@/lib/countries'
import { withCountry } from '@/lib/location'
import { SETTINGS_IMAGE_HINT, SETTINGS_IMAGE_TOO_BIG, type ProfileDraft } from '../rules'

interface ProfileSectionProps {
  draft: ProfileDraft
  avatar: string | null
  errors: Partial<Record<keyof ProfileDraft, string>>
  onChange: (changes: Partial<ProfileDraft>) => void
  onAvatar: (id: string) => void
}

export function ProfileSection({ draft, avatar, errors, onChange, onAvatar }: ProfileSectionProps) {
  const helper = (key: keyof ProfileDraft) => ({ error: Boolean(errors[key]), helperText: errors[key] ?? ' ' })
  return (
    <Stack spacing={1.5}>
      <ImageUpload
        value={avatar}
        onUploaded={(image) => onAvatar(image.id)}
        imageType="avatar"
        shape="circle"
        previewSize={96}
        uploadLabel="Edit Photo"
        editLabel="Edit Photo"
        tooBigMessage={SETTINGS_IMAGE_TOO_BIG}
        hint={SETTINGS_IMAGE_HINT}
      />
      <TextInput label="Dancer Name" value={draft.dancerName} onChange={(event) => onChange({ dancerName: event.target.value })} {...helper('dancerName')} />
      <TextInput label="Full Name" autoComplete="name" value={draft.fullName} onChange={(event) => onChange({ fullName: event.target.value })} {...helper('fullName')} />
      <DateMaskField label="Birthday" placeholder="10/18/1993" value={draft.birthday} onChange={(birthday) => onChange({ birthday })} {...helper('birthday')} />
      <CountrySelect
        value={draft.country}
        onChange={(country) => onChange(withCountry({ country: draft.country, city: draft.city, state: draft.state }, country))}
        error={Boolean(errors.country)}
        helperText={errors.country ?? ' '}
      />
      {needsState(draft.country) ? (
        <TextInput label="State" autoComplete="address-level1" value={draft.state} onChange={(event) => onChange({ state: event.target.value })} {...helper('state')} />
      ) : null}
      <TextInput label="City" autoComplete="address-level2" value={draft.city} onChange={(event) => onChange({ city: event.target.value })} {...helper('city')} />
    </Stack>
  )
}
