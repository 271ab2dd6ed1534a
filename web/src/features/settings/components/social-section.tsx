import Stack from '@mui/material/Stack'
import { TextInput } from '@/components/ui/text-input'
import { SOCIAL_INPUTS, type SocialInputs, type SocialKind } from '@/lib/socials'

export interface SocialDraft extends SocialInputs {
  email: string
}

const prefix = (text: string) => ({ input: { startAdornment: text } })

/** Each link edited as its handle after the site's fixed prefix; saved as the server's link, a refusal shown on its field. */
export function SocialSection({
  draft,
  errors,
  onChange,
}: {
  draft: SocialDraft
  errors: Partial<Record<SocialKind, string>>
  onChange: (changes: Partial<SocialDraft>) => void
}) {
  return (
    <Stack spacing={2.5}>
      <TextInput label="Email" type="email" autoComplete="email" value={draft.email} onChange={(event) => onChange({ email: event.target.value.trim() })} slotProps={prefix('mailto:')} />
      {SOCIAL_INPUTS.map((site) => (
        <TextInput
          key={site.key}
          label={site.label}
          autoComplete={site.key === 'website' ? 'url' : undefined}
          value={draft[site.key]}
          error={Boolean(errors[site.key])}
          helperText={errors[site.key]}
          onChange={(event) => onChange({ [site.key]: event.target.value })}
          slotProps={prefix(site.prefix)}
        />
      ))}
    </Stack>
  )
}
