import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { DateMaskField } from '@/components/ui/date-mask-field'
import { isApiError } from '@/lib/api/base'
import { useSaveOrganization } from '../../hooks/use-save-organization'
import { ORG_NAME_MAX_LENGTH, descriptionForSave, foundedError } from '../../rules'
import type { Organization } from '../../types'
import { SectionForm } from '@/components/ui/submit-form'
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text'

type Errors = Partial<Record<'name' | 'founded' | 'description', string>>

/** 'General Info': name, 'Date created' (##/##/####), the description, 'Disable ranking', Save. */
export function GeneralSection({ org }: { org: Organization }) {
  const [name, setName] = useState(org.name)
  const [founded, setFounded] = useState(org.founded ?? '')
  const [description, setDescription] = useState(org.description)
  const [rankingDisabled, setRankingDisabled] = useState(org.rankingDisabled !== false)
  const [errors, setErrors] = useState<Errors>({})
  const [saveChanges, saving] = useSaveOrganization(org)

  const submit = async () => {
    const found: Errors = {}
    if (!name.trim()) found.name = ''
    const date = foundedError(founded)
    if (date) found.founded = date
    setErrors(found)
    if (Object.keys(found).length) return
    try {
      const saved = await saveChanges({ name: name.trim(), founded: founded.trim() || null, description: descriptionForSave(description), rankingDisabled })
      setName(saved.name)
      setFounded(saved.founded ?? '')
    } catch (error) {
      if (isApiError(error) && error.field && ['name', 'founded', 'description'].includes(error.field)) {
        setErrors({ [error.field]: error.message })
      }
    }
  }

  return (
    <SectionForm onSubmit={submit} saving={saving}>
      <Stack spacing={3}>
        <TextField
          label="Organization name"
          required
          value={name}
          error={errors.name !== undefined}
          helperText={errors.name || undefined}
          onChange={(event) => {
            setName(event.target.value)
            setErrors((current) => ({ ...current, name: undefined }))
          }}
          slotProps={{ htmlInput: { maxLength: ORG_NAME_MAX_LENGTH } }}
        />
        <DateMaskField
          label="Date created"
          placeholder="mm/dd/yyyy"
          value={founded}
          error={Boolean(errors.founded)}
          helperText={errors.founded || 'MM/DD/YYYY'}
          onChange={(value) => {
            setFounded(value)
            setErrors((current) => ({ ...current, founded: undefined }))
          }}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
          sx={{ maxWidth: 260 }}
        />
        <LazyRichTextEditor label="Description" value={org.description} onChange={setDescription} helperText={errors.description} />
        <Box>
          <FormControlLabel control={<Checkbox checked={rankingDisabled} onChange={(event) => setRankingDisabled(event.target.checked)} />} label="Disable ranking" />
          <FormHelperText sx={{ mt: -0.5, ml: 4 }}>The leaderboard keeps the points, without ranks or a rank order.</FormHelperText>
        </Box>
      </Stack>
    </SectionForm>
  )
}
