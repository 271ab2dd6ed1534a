import { paths } from '@/config/paths'

/** The header navigation (docs/product/accounts-and-profiles.md). */
export const NAV_LINKS = [
  { label: 'Events', href: paths.events.getHref() },
  { label: 'Organizations', href: paths.organizations.getHref() },
  { label: 'Studios', href: paths.studios.getHref() },
  { label: 'Members', href: paths.members.getHref() },
  { label: 'Faqs', href: paths.faq.getHref() },
  { label: 'Patreon', href: paths.patreon.getHref() },
] as const
