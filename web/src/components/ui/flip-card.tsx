import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import FlipIcon from '@mui/icons-material/ThreeSixty'
import { useState, type MouseEvent, type ReactNode } from 'react'

interface FlipCardProps {
  front: ReactNode
  back: ReactNode
  /** whose card it is, for the turn-over button's name */
  label: string
  width?: number | string
  height?: number | string
}

/**
 * A card that turns over when clicked or tapped (links and buttons on it keep working), or with its
 * turn-over button from the keyboard.
 */
export function FlipCard({ front, back, label, width = 280, height = 400 }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false)
  const onCardClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return
    setFlipped((value) => !value)
  }
  const face = {
    position: 'absolute',
    inset: 0,
    backfaceVisibility: 'hidden',
    borderRadius: 3,
    overflow: 'hidden',
    boxShadow: 3,
  } as const
  return (
    <Box sx={{ perspective: 1200, width, maxWidth: '100%', height, position: 'relative', flexShrink: 0 }}>
      <Box
        onClick={onCardClick}
        data-testid="flip-card"
        data-flipped={flipped}
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          cursor: 'pointer',
          transformStyle: 'preserve-3d',
          transition: 'transform 600ms ease',
          transform: flipped ? 'rotateY(180deg)' : 'none',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        <Box sx={face} inert={flipped || undefined}>
          {front}
        </Box>
        <Box sx={{ ...face, transform: 'rotateY(180deg)' }} inert={!flipped || undefined}>
          {back}
        </Box>
      </Box>
      <IconButton
        onClick={() => setFlipped((value) => !value)}
        aria-pressed={flipped}
        aria-label={`Turn over the card of ${label}`}
        size="small"
        sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'rgba(255,255,255,0.92)', color: '#141414', '&:hover': { bgcolor: '#fff' } }}
      >
        <FlipIcon fontSize="small" />
      </IconButton>
    </Box>
  )
}
