import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { type RuntimeSite, site, type SocialKind } from '@/config/site'
import { useFooterHidden } from '@/lib/footer-visibility'
import { Logo } from './logo'

const ICONS: Record<SocialKind, string> = {
  instagram:
    'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4zm9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3',
  facebook:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
  twitter: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.46 21H2.39l7.17-8.19L2 3h6.33l4.37 5.78zm-1.08 16.18h1.7L7.4 4.73H5.58z',
  youtube:
    'M10 15l5.19-3L10 9zm11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73',
}

const LABELS: [SocialKind, string][] = [
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['youtube', 'Youtube'],
]

/**
 * The footer: Privacy Policy, Terms of Service, the contact mail, the platform's accounts and the credit line. The
 * accounts are the deployment's (config/site.ts): an icon without one is not shown, and without any there is no row.
 */
export function Footer({ socials = site.socials }: { socials?: RuntimeSite['socials'] }) {
  const links = LABELS.flatMap(([kind, label]) => (socials[kind] ? [{ kind, label, href: socials[kind] }] : []))
  // a screen may ask for none (lib/footer-visibility): the events map, the calendar on a narrow window
  if (useFooterHidden()) return null
  return (
    <footer className="ftr">
      <div className="ftr-row">
        <Logo />
        <nav aria-label="Legal" className="ftr-links">
          <Link to={paths.policy.getHref()}>Privacy Policy</Link>
          <Link to={paths.terms.getHref()}>Terms of Service</Link>
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
        </nav>
        <span className="hdr-grow" />
        {links.length > 0 ? (
          <ul className="ftr-social" aria-label="Social links">
            {links.map(({ kind, label, href }) => (
              <li key={kind}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="hdr-icon">
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                    <path fill="currentColor" d={ICONS[kind]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="ftr-credit">
        © {new Date().getFullYear()} {site.company} · {site.credit}
      </p>
    </footer>
  )
}

export default Footer
