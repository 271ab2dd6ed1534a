import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { ReactNode } from 'react'

/** A form whose submit (its button, or Enter in a field) runs `onSubmit` instead of loading a page. */
export function SubmitForm({ onSubmit, children }: { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {children}
    </Box>
  )
}

/** A settings section: its fields, then Save (disabled while saving). */
export function SectionForm({ onSubmit, saving, children }: { onSubmit: () => unknown; saving: boolean; children: ReactNode }) {
  return (
    <SubmitForm onSubmit={onSubmit}>
      {children}
      <Box sx={{ mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          Save
        </Button>
      </Box>
    </SubmitForm>
  )
}
