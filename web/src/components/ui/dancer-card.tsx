import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { imageSrcSet, imageUrl } from '@/lib/api/images'
import { CountryFlag } from './country-flag'
import { FlipCard } from './flip-card'
import { SocialLinks, type SocialValues } from './social-links'

export interface DancerCardData {
  id?: number
  dancerName?: string | null
  fullName?: string | null
  city?: string | null
  state?: string | null
  country?: string | null
  avatar?: string | null
  card?: string | null
  isPatron?: boolean
  eventsAttended?: number | null
  battlesEntered?: number | null
  battlesWon?: number | null
  socials?: SocialValues | null
}

/** The local preview of an image chosen but not uploaded yet may stand in for the card photo. */
interface DancerCardProps {
  dancer: DancerCardData
  previewSrc?: string
  profileHref?: string
  width?: number
  height?: number
  action?: ReactNode
}

function place(dancer: DancerCardData) {
  return [dancer.city, dancer.state, dancer.country].filter(Boolean).join(', ')
}

/** The dancer card: a photo with the dancer name in front, stats, flag and links on the back. */
export function DancerCard({ dancer, previewSrc, profileHref, width = 280, height = 400, action }: DancerCardProps) {
  const photo = dancer.card ?? dancer.avatar
  const name = dancer.dancerName || 'Your dancer name'
  const stats: [string, number | null | undefined][] = [
    ['Events attended', dancer.eventsAttended],
    ['Battles entered', dancer.battlesEntered],
    ['Battles won', dancer.battlesWon],
  ]
  const front = (
    <Box sx={{ position: 'relative', height: '100%', bgcolor: '#1d1d1f', color: '#fff' }}>
      {previewSrc || photo ? (
        <Box
          component="img"
          src={previewSrc ?? imageUrl(photo, 726, 'card')}
          srcSet={previewSrc ? undefined : imageSrcSet(photo, [363, 726, 1090], 'card')}
          sizes={`${width}px`}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', fontSize: 96, fontWeight: 800, color: '#ffffff33' }} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </Box>
      )}
      <Box sx={{ position: 'absolute', insetInline: 0, bottom: 0, p: 2, background: 'linear-gradient(transparent, rgba(0,0,0,0.85))' }}>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: 24, lineHeight: 1.1, wordBreak: 'break-word' }}>
          {name}
        </Typography>
        {place(dancer) ? <Typography sx={{ color: '#e6e6e6', fontSize: 14 }}>{place(dancer)}</Typography> : null}
      </Box>
    </Box>
  )
  const back = (
    <Stack sx={{ height: '100%', bgcolor: '#141414', color: '#fff', p: 2.5, gap: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CountryFlag country={dancer.country} size={24} />
        <Typography component="p" sx={{ fontWeight: 800, fontSize: 20, wordBreak: 'break-word' }}>
          {name}
        </Typography>
      </Stack>
      {dancer.isPatron ? <Chip label="Patreon" size="small" sx={{ alignSelf: 'flex-start', bgcolor: '#f96854', color: '#141414', fontWeight: 700 }} /> : null}
      {place(dancer) ? <Typography sx={{ color: '#e6e6e6' }}>{place(dancer)}</Typography> : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75 }}>
        {stats.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ color: '#d0d0d0' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
              {value ?? 0}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <SocialLinks socials={dancer.socials} size="small" />
      {profileHref ? (
        <Link href={profileHref} sx={{ color: '#fff', fontWeight: 700 }}>
          View profile
        </Link>
      ) : null}
      {action}
    </Stack>
  )
  return <FlipCard front={front} back={back} label={name} width={width} height={height} />
}
