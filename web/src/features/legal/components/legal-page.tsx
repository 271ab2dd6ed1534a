import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { site } from '@/config/site'

export const LEGAL_UPDATED = 'January 1, 2026'

/** A numbered heading of a legal text. */
export const H2 = ({ children }: { children: string }) => (
  <Typography variant="h2" component="h2">
    {children}
  </Typography>
)

/** The address that questions and requests go to, as a mailto link. */
export const ContactEmail = () => (
  <Link component="a" href={`mailto:${site.contactEmail}`}>
    {site.contactEmail}
  </Link>
)

export function LegalPage({ title, children, related }: { title: string; children: ReactNode; related: { href: string; label: string } }) {
  useDocumentTitle(title)
  return (
    <Box
      component="article"
      sx={{
        maxWidth: 820,
        mx: 'auto',
        px: { xs: 2, sm: 3 },
        py: { xs: 4, md: 6 },
        '& h2': { fontSize: '1.3rem', mt: 4, mb: 1.5 },
        '& p, & li': { lineHeight: 1.7, color: 'text.primary' },
      }}
    >
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>Last updated {LEGAL_UPDATED}</Typography>
      {children}
      <Typography sx={{ mt: 5 }}>
        See also our <Link href={related.href}>{related.label}</Link>.
      </Typography>
    </Box>
  )
}
