import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import EmailIcon from '@mui/icons-material/Email'
import FacebookIcon from '@mui/icons-material/Facebook'
import InstagramIcon from '@mui/icons-material/Instagram'
import LanguageIcon from '@mui/icons-material/Language'
import XIcon from '@mui/icons-material/X'
import YouTubeIcon from '@mui/icons-material/YouTube'
import type { ReactNode } from 'react'
import { socialHref } from '@/lib/socials'

export interface SocialValues {
  email?: string | null
  facebook?: string | null
  instagram?: string | null
  twitter?: string | null
  youtube?: string | null
  website?: string | null
}

const SITES: { key: keyof SocialValues; label: string; icon: ReactNode }[] = [
  { key: 'email', label: 'Email', icon: <EmailIcon /> },
  { key: 'instagram', label: 'Instagram', icon: <InstagramIcon /> },
  { key: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { key: 'twitter', label: 'Twitter', icon: <XIcon /> },
  { key: 'youtube', label: 'Youtube', icon: <YouTubeIcon /> },
  { key: 'website', label: 'Website', icon: <LanguageIcon /> },
]

/** Only the links that are set; the email as mailto, the others (the server's social-link rule) in a new tab. */
export function socialEntries(socials: SocialValues | null | undefined) {
  if (!socials) return []
  return SITES.flatMap((site) => {
    const value = socials[site.key]?.trim()
    if (!value) return []
    const href = site.key === 'email' ? `mailto:${value}` : socialHref(site.key, value)
    return [{ ...site, href }]
  })
}

export function SocialLinks({ socials, color = 'inherit', size = 'medium' }: { socials?: SocialValues | null; color?: 'inherit' | 'primary'; size?: 'small' | 'medium' }) {
  const entries = socialEntries(socials)
  if (!entries.length) return null
  return (
    <Stack direction="row" spacing={0.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Social links">
      {entries.map((entry) => (
        <li key={entry.key}>
          <IconButton
            component="a"
            href={entry.href}
            target={entry.key === 'email' ? undefined : '_blank'}
            rel="noopener noreferrer"
            aria-label={entry.label}
            color={color}
            size={size}
          >
            {entry.icon}
          </IconButton>
        </li>
      ))}
    </Stack>
  )
}
