import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import { SOCIAL_INPUTS, type SocialInputs, type SocialKind } from '@/lib/socials'

const HELPERS: Partial<Record<SocialKind, string>> = { youtube: 'The channel id (UC…), or an @handle' }

/** Each social link edited as its handle after the site's fixed prefix; a refusal shows on its field. */
export function SocialLinkFields({ value, errors, onChange }: { value: SocialInputs; errors: Partial<Record<SocialKind, string>>; onChange: (site: SocialKind, handle: string) => void }) {
  return SOCIAL_INPUTS.map((site) => (
    <TextField
      key={site.key}
      label={site.label}
      value={value[site.key]}
      error={Boolean(errors[site.key])}
      helperText={errors[site.key] || HELPERS[site.key]}
      onChange={(event) => onChange(site.key, event.target.value)}
      slotProps={{
        htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start" sx={{ mr: 0.25, '& p': { fontSize: 14 } }}>
              {site.prefix}
            </InputAdornment>
          ),
        },
      }}
    />
  ))
}
