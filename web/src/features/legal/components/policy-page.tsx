import Typography from '@mui/material/Typography'
import { paths } from '@/config/paths'
import { site } from '@/config/site'
import { ContactEmail, H2, LegalPage } from './legal-page'

export function PolicyPage() {
  return (
    <LegalPage title="Privacy Policy" related={{ href: paths.terms.getHref(), label: 'Terms of Service' }}>
      <Typography>
        This Privacy Policy explains how {site.company}, a company based in {site.companyLocation}, collects, uses and protects
        your personal information when you use Cypher.
      </Typography>
      <H2>1. What we collect</H2>
      <Typography>
        Your email address and password (stored only as a one-way hash), the profile details you give us (dancer name, full
        name, birthday, location, photos, social links) and what you do on the platform (events attended, battles entered,
        results). We also keep technical logs needed to run and secure the service.
      </Typography>
      <H2>2. How we use it</H2>
      <Typography>
        To run your profile and the platform, to show your public profile and results, to send you the emails you ask for
        (password resets, sign-in links, notifications) and to keep the platform safe. We do not sell your personal information.
      </Typography>
      <H2>3. What is public</H2>
      <Typography>
        Your dancer name, photo, location, social links and the stats you choose to show are public. You choose which stats are
        visible in your profile settings. Your email address is never shown to other users.
      </Typography>
      <H2>4. Cookies</H2>
      <Typography>
        We use a cookie to keep you signed in and one to remember your answer to the cookie banner. We do not use advertising
        cookies.
      </Typography>
      <H2>5. Your California privacy rights</H2>
      <Typography>
        If you live in California, the California Consumer Privacy Act (as amended by the CPRA) gives you the right to know what
        personal information we hold about you, to have it corrected or deleted, and not to be discriminated against for using
        these rights.
      </Typography>
      <H2>6. Contact and requests</H2>
      <Typography>
        To use your rights, to ask us to remove a link or for any question about your data, write to <ContactEmail />. We answer requests
        within 2-3 weeks.
      </Typography>
      <H2>7. Changes</H2>
      <Typography>We may update this policy; we will say so on this page and change the date above.</Typography>
    </LegalPage>
  )
}
