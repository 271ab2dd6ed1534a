import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** Loading: a spinner with a name for screen readers. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240, py: 6 }} role="status" aria-live="polite" data-testid="page-loader">
      <Box className="spinner" aria-label={label} role="progressbar" />
    </Box>
  )
}

/** Nothing to show: a short text and, maybe, what to do next. */
export function EmptyState({ title, text, action, icon }: { title: string; text?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      {icon ? <Box sx={{ fontSize: 48, mb: 1 }} aria-hidden="true">{icon}</Box> : null}
      <Typography variant="h3" component="p" sx={{ color: 'text.primary', mb: 1 }}>
        {title}
      </Typography>
      {text ? <Typography sx={{ maxWidth: 520, mx: 'auto' }}>{text}</Typography> : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Box>
  )
}

/** A part of the platform not built yet, said plainly. */
export function ComingSoon({ title, text }: { title: string; text?: string }) {
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontWeight: 800, letterSpacing: 2 }}>
        Coming soon
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        {text ?? 'This part of Cypher is being built. Check back soon.'}
      </Typography>
      <Button href="/" variant="contained">
        Back to home
      </Button>
    </Box>
  )
}
