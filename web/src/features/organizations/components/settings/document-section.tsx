import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { useSaveOrganization } from '../../hooks/use-save-organization'
import { documentDraft, documentForSave, type DocumentDraft } from '../../rules'
import type { Organization } from '../../types'
import { SectionForm } from '@/components/ui/submit-form'
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text'

/** 'Agreement' or 'Waiver': Title, Subtitle, Version, the rich Text, and Save (empty saves as nothing). */
export function DocumentSection({ org, kind }: { org: Organization; kind: 'agreement' | 'waiver' }) {
  const [draft, setDraft] = useState<DocumentDraft>(() => documentDraft(org[kind]))
  const [saveChanges, saving] = useSaveOrganization(org)
  const set = (changes: Partial<DocumentDraft>) => setDraft((current) => ({ ...current, ...changes }))

  const submit = async () => {
    try {
      await saveChanges({ [kind]: documentForSave(draft) })
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <SectionForm onSubmit={submit} saving={saving}>
      <Stack spacing={2.5}>
        <TextField label="Title" value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        <TextField label="Subtitle" value={draft.subtitle} onChange={(event) => set({ subtitle: event.target.value })} />
        <TextField label="Version" value={draft.version} onChange={(event) => set({ version: event.target.value })} sx={{ maxWidth: 260 }} />
        <LazyRichTextEditor label="Text" value={draft.text} onChange={(text) => set({ text })} minHeight={220} />
      </Stack>
    </SectionForm>
  )
}
