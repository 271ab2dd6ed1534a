import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { useId, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import { STUDIO_CHIP_IMAGE_SIZE } from '../rules'
import type { StudioItem } from '../types'
import { StudioImage } from './studio-image'

/** A studio's chip: its image, name and address, opening the Studio page. */
export function StudioChip({ studio }: { studio: StudioItem }) {
  return (
    <Card elevation={0} sx={{ height: '100%', border: '1px solid', borderColor: 'divider', borderRadius: 3 }}>
      <CardActionArea href={paths.studio.getHref(studio.id)} sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 1.5, p: 1.25 }}>
        <StudioImage image={studio.image} size={STUDIO_CHIP_IMAGE_SIZE} sx={{ width: 64, height: 64, borderRadius: 2, flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
            {studio.name || 'Untitled studio'}
          </Typography>
          {studio.locationAddress ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {studio.locationAddress}
            </Typography>
          ) : null}
          {studio.status === 'draft' ? <Chip label="Draft" size="small" sx={{ mt: 0.5, fontWeight: 700 }} /> : null}
        </Box>
      </CardActionArea>
    </Card>
  )
}

/** A titled grid of studio chips (My Studios, All Studios); `placeholder` instead when there are none. */
export function StudioSection({ title, items, placeholder, footer }: { title: string; items: StudioItem[]; placeholder?: ReactNode; footer?: ReactNode }) {
  const headingId = useId()
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, mb: 2 }}>
        {title}
      </Typography>
      {items.length ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}
        >
          {items.map((studio) => (
            <li key={studio.id}>
              <StudioChip studio={studio} />
            </li>
          ))}
        </Box>
      ) : (
        placeholder
      )}
      {footer}
    </Box>
  )
}
