import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { APP_ERROR } from '@/lib/toast'
import { Glyph } from './glyph'

/**
 * A read that failed (a 5xx, a timeout, a lost connection): said so, with a Retry, instead of an empty page
 * or the 404 page. The text is the product's app-level message (docs/product/accounts-and-profiles.md); the toast says the same.
 */
export function ErrorState({
  onRetry,
  retrying = false,
  text = APP_ERROR,
}: {
  onRetry: () => void
  retrying?: boolean
  text?: string
}) {
  return (
    <Box role="alert" data-testid="error-state" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Box sx={{ color: 'text.secondary', mb: 1 }}>
        <Glyph name="cloudOff" size={56} />
      </Box>
      <Typography variant="h3" component="p" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button variant="contained" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </Box>
  )
}
