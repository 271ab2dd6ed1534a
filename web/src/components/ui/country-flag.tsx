import Box from '@mui/material/Box'
import { findCountry, flagOf } from '@/lib/countries'

let support: boolean | undefined

/** Whether this system draws flag emoji (Windows and systems without an emoji font show two letters). */
function flagEmojiSupported(): boolean {
  if (support !== undefined) return support
  try {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 16
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) return (support = false)
    context.textBaseline = 'top'
    context.font = '14px sans-serif'
    context.fillText('\u{1F1FA}\u{1F1F8}', 0, 0)
    const pixels = context.getImageData(0, 0, 16, 16).data
    // a drawn flag has coloured pixels; letters or a missing glyph are black or grey
    support = false
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b, a] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
      if (a > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30)) {
        support = true
        break
      }
    }
  } catch {
    support = false
  }
  return support
}

/** A country's flag (an emoji where the system draws one, else its code on a tile), named for screen readers. */
export function CountryFlag({ country, size = 20 }: { country?: string | null; size?: number }) {
  const flag = flagOf(country)
  const code = findCountry(country)?.code
  if (!flag || !country || !code) return null
  if (flagEmojiSupported()) {
    return (
      <span role="img" aria-label={`Flag of ${country}`} style={{ fontSize: size, lineHeight: 1 }}>
        {flag}
      </span>
    )
  }
  return (
    <Box
      component="span"
      role="img"
      aria-label={`Flag of ${country}`}
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: size * 1.4,
        height: size,
        px: 0.5,
        borderRadius: 0.75,
        bgcolor: '#141414',
        color: '#fff',
        fontSize: size * 0.55,
        fontWeight: 800,
        letterSpacing: '0.04em',
        lineHeight: 1,
      }}
    >
      {code}
    </Box>
  )
}
