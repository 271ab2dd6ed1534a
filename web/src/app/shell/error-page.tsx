import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'

export const NOT_FOUND_TEXT = "Page not found. Sorry, we can't find the page you're looking for."

/** The 404 page. */
export function ErrorPage() {
  useDocumentTitle('Page not found')
  return (
    <Box component="section" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography component="p" sx={{ fontSize: { xs: 96, md: 140 }, fontWeight: 900, lineHeight: 1, color: 'primary.main' }} aria-hidden="true">
        404
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, my: 3 }}>
        Page not found.
        <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '1.1rem', mt: 1.5, color: 'text.secondary' }}>
          {' '}
          Sorry, we can&apos;t find the page you&apos;re looking for.
        </Box>
      </Typography>
      <Button href={paths.home.getHref()} variant="contained" size="large">
        Back to home
      </Button>
    </Box>
  )
}
