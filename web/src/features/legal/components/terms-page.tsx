import Typography from '@mui/material/Typography'
import { paths } from '@/config/paths'
import { site } from '@/config/site'
import { ContactEmail, H2, LegalPage } from './legal-page'

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" related={{ href: paths.policy.getHref(), label: 'Privacy Policy' }}>
      <Typography>
        These Terms of Service govern your use of Cypher, a web platform for the breaking community operated by {site.company},
        a company based in {site.companyLocation} (&quot;Cypher&quot;, &quot;we&quot;, &quot;us&quot;). By creating a profile or using the
        platform you agree to these terms.
      </Typography>
      <H2>1. Your profile</H2>
      <Typography>
        You must give accurate information when you create a profile and keep your password safe. One account may hold several
        profiles; you are responsible for everything done with them. You must be at least 13 years old to create a profile.
      </Typography>
      <H2>2. Content you share</H2>
      <Typography>
        You keep the rights to the photos, videos, descriptions and other content you post. You grant Cypher a worldwide,
        non-exclusive, royalty-free licence to host, show and share that content on the platform so that the service works.
        Do not post content you do not have the right to share, or that is unlawful, hateful or harassing.
      </Typography>
      <H2>3. Events, battles and tickets</H2>
      <Typography>
        Organizers are responsible for their events, battles, results and refunds. Cypher provides the tools but is not a party
        to the agreement between organizers and participants. Paid tickets are processed by our card payment provider.
      </Typography>
      <H2>4. Acceptable use</H2>
      <Typography>
        Do not misuse the platform: no attempts to break its security, to scrape it at scale, to impersonate others or to send
        spam. We may suspend profiles that break these terms.
      </Typography>
      <H2>5. Links and requests</H2>
      <Typography>
        To ask us to remove or change a link or any content, or for any question about these terms, write to <ContactEmail />. We answer
        requests within 2-3 weeks.
      </Typography>
      <H2>6. Disclaimers and liability</H2>
      <Typography>
        The platform is provided &quot;as is&quot;. To the extent permitted by law, Cypher is not liable for indirect or consequential
        damages arising from your use of the platform.
      </Typography>
      <H2>7. Governing law</H2>
      <Typography>
        These terms are governed by the laws of the State of California, USA, without regard to its conflict-of-law rules. Any
        dispute will be heard by the state or federal courts located in Los Angeles County, California.
      </Typography>
      <H2>8. Changes</H2>
      <Typography>We may update these terms; we will say so on this page and change the date above.</Typography>
    </LegalPage>
  )
}
