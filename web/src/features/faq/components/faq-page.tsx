import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { site } from '@/config/site'

const QUESTIONS: { q: string; a: ReactNode }[] = [
  {
    q: 'What is Cypher?',
    a: 'Cypher is a platform for the breaking community: find events, register for battles, follow brackets and results, and keep a profile with your stats.',
  },
  {
    q: 'Do I need a profile to look around?',
    a: 'No. Anyone can browse events, organizations, studios and members. You need a profile to register for battles, like events and get notifications.',
  },
  {
    q: 'Can I have more than one profile?',
    a: (
      <>
        Yes. One account can hold several profiles (for example yours and your crew&apos;s). Add one from the user menu or from{' '}
        <Link href={paths.profileSetting.getHref('SettingsOtherProfiles')}>Other profiles</Link> in your settings. One of them is
        your main profile; a profile can later be released to get its own email and password.
      </>
    ),
  },
  {
    q: 'Who can see my stats?',
    a: (
      <>
        You decide: in <Link href={paths.profileSetting.getHref('SettingsStats')}>Stats</Link> each of the five stats can be shown or
        hidden from the public.
      </>
    ),
  },
  {
    q: 'I forgot my password.',
    a: (
      <>
        Use <Link href={paths.resetPassword.getHref()}>forgot password</Link> to get a reset link by email, or log in with a{' '}
        <Link href={paths.magicLink.getHref()}>magic link</Link>.
      </>
    ),
  },
  {
    q: 'How do I contact the team?',
    a: (
      <>
        Write to <Link component="a" href={`mailto:${site.contactEmail}`}>{site.contactEmail}</Link>.
      </>
    ),
  },
]

export function FaqPage() {
  useDocumentTitle('Faqs')
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Frequently asked questions
      </Typography>
      {QUESTIONS.map((item, index) => (
        <Accordion key={item.q} defaultExpanded={index === 0} disableGutters elevation={0} sx={{ border: '1px solid', borderColor: 'divider', '&:not(:last-of-type)': { borderBottom: 0 } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {item.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography component="div">{item.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  )
}
