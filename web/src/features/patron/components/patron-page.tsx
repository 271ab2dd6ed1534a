import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { site } from '@/config/site'

/** The patron-support page (linked from the header as Patreon). */
export function PatronPage() {
  useDocumentTitle('Patreon')
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Support Cypher on Patreon
      </Typography>
      <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>
        Cypher is built for the breaking community. Patrons keep it running and independent: servers, new features for
        organizers and judges, and free tools for local jams.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <Typography>Patrons carry this label on their profile:</Typography>
        <Chip label="Patreon" size="small" sx={{ bgcolor: '#f96854', color: '#141414', fontWeight: 700 }} />
      </Stack>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        How it works
      </Typography>
      <Box component="ol" sx={{ pl: 3, mb: 4, '& li': { mb: 1 } }}>
        <li>Become a patron on Patreon with the email of your Cypher profile.</li>
        <li>We add the Patreon label to your profile, usually within a few days.</li>
        <li>Your support goes straight into the platform and the events it serves.</li>
      </Box>
      <Button component="a" href={site.patreonUrl} target="_blank" rel="noopener noreferrer" variant="contained" size="large">
        Become a patron
      </Button>
    </Box>
  )
}
