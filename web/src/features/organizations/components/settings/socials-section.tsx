import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { isApiError } from '@/lib/api/base'
import { SOCIAL_INPUTS, socialErrors, socialInputs, socialsToSave, type SocialInputs, type SocialKind } from '@/lib/socials'
import { useSaveOrganization } from '../../hooks/use-save-organization'
import type { Organization } from '../../types'
import { SectionForm } from '../submit-form'

const HELPERS: Partial<Record<SocialKind, string>> = { youtube: 'The channel id (UC…), or an @handle' }

/** 'Social': each link edited as its handle after the site's fixed prefix; saved as the server's link, a refusal shown on its field. */
export function SocialsSection({ org }: { org: Organization }) {
  const [draft, setDraft] = useState<SocialInputs>(() => socialInputs(org.socials))
  const [errors, setErrors] = useState<Partial<Record<SocialKind, string>>>({})
  const [saveChanges, saving] = useSaveOrganization(org)

  const submit = async () => {
    setErrors({})
    try {
      const saved = await saveChanges({ socials: socialsToSave(draft) })
      setDraft(socialInputs(saved.socials))
    } catch (error) {
      setErrors(isApiError(error) ? socialErrors(error) : {})
    }
  }

  return (
    <SectionForm onSubmit={submit} saving={saving}>
      <Stack spacing={2.5}>
        {SOCIAL_INPUTS.map((site) => (
          <TextField
            key={site.key}
            label={site.label}
            value={draft[site.key]}
            error={Boolean(errors[site.key])}
            helperText={errors[site.key] || HELPERS[site.key]}
            onChange={(event) => {
              setDraft((current) => ({ ...current, [site.key]: event.target.value }))
              setErrors((current) => ({ ...current, [site.key]: undefined }))
            }}
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
        ))}
      </Stack>
    </SectionForm>
  )
}
