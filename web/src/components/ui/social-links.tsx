import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import EmailIcon from '@mui/icons-material/Email'
import FacebookIcon from '@mui/icons-material/Facebook'
import InstagramIcon from '@mui/icons-material/Instagram'
import LanguageIcon from '@mui/icons-material/Language'
import XIcon from '@mui/icons-material/X'
import YouTubeIcon from '@mui/icons-material/YouTube'
import type { ReactNode } from 'react'
import { socialEntries, type SocialValues } from '@/lib/socials'

export { socialEntries, type SocialValues } from '@/lib/socials'

const ICONS: Record<keyof SocialValues, ReactNode> = {
  email: <EmailIcon />,
  instagram: <InstagramIcon />,
  facebook: <FacebookIcon />,
  twitter: <XIcon />,
  youtube: <YouTubeIcon />,
  website: <LanguageIcon />,
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
            {ICONS[entry.key]}
          </IconButton>
        </li>
      ))}
    </Stack>
  )
}
