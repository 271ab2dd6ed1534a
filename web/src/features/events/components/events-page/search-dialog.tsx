import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { ModalDialog } from '@/components/ui/dialogs'
import { SearchField } from '@/components/ui/search-field'
import { BROWSE_TEXTS } from '../../rules'

/** The search on small screens: the box in a dialog; Enter or 'Show events' applies it at once. */
export default function SearchDialog({ text, onText, onApply, onClose }: { text: string; onText: (text: string) => void; onApply: () => void; onClose: () => void }) {
  return (
    <ModalDialog
      open
      title={BROWSE_TEXTS.search}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onApply}>
          Show events
        </Button>
      }
    >
      <Box
        component="form"
        role="search"
        onSubmit={(submit) => {
          submit.preventDefault()
          onApply()
        }}
        sx={{ pt: 1 }}
      >
        <SearchField label={BROWSE_TEXTS.search} value={text} onChange={onText} sx={{ width: '100%' }} autoFocus />
      </Box>
    </ModalDialog>
  )
}
