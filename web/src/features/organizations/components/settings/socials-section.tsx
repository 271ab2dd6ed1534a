import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { SocialLinkFields } from '@/components/ui/social-fields'
import { SectionForm } from '@/components/ui/submit-form'
import { isApiError } from '@/lib/api/base'
import { socialErrors, socialInputs, socialsToSave, type SocialInputs, type SocialKind } from '@/lib/socials'
import { useSaveOrganization } from '../../hooks/use-save-organization'
import type { Organization } from '../../types'

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
        <SocialLinkFields
          value={draft}
          errors={errors}
          onChange={(site, handle) => {
            setDraft((current) => ({ ...current, [site]: handle }))
            setErrors((current) => ({ ...current, [site]: undefined }))
          }}
        />
      </Stack>
    </SectionForm>
  )
}
