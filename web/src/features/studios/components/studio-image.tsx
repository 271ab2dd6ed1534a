import Box, { type BoxProps } from '@mui/material/Box'
import StoreIcon from '@mui/icons-material/Store'
import { imageUrl } from '@/lib/api/images'

interface StudioImageProps extends Omit<BoxProps, 'children'> {
  image: string | null | undefined
  /** the size asked of the images service (100 for chips, 1000 for the header) */
  size: number
  eager?: boolean
}

/** A studio's image (type studio of the images service), or a storefront on ink. */
export function StudioImage({ image, size, eager = false, sx, ...props }: StudioImageProps) {
  const src = imageUrl(image, size, 'studio')
  return (
    <Box {...props} sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', display: 'grid', placeItems: 'center', overflow: 'hidden', ...sx }}>
      {src ? (
        <Box component="img" src={src} alt="" loading={eager ? 'eager' : 'lazy'} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <StoreIcon aria-hidden="true" sx={{ fontSize: '2.5em', opacity: 0.8 }} />
      )}
    </Box>
  )
}
