import Box, { type BoxProps } from '@mui/material/Box'
import { imageSrcSet, imageUrl } from '@/lib/api/images'
import { ORG_IMAGE_SIZES } from '../rules'

interface OrgImageProps extends Omit<BoxProps, 'children'> {
  image: string | null | undefined
  name: string
  /** the width the image is shown at, in CSS px (for `sizes`) */
  width: number
}

/** An organization's image (sizes 300 and 1000 of the images service), or its initial on ink. */
export function OrgImage({ image, name, width, sx, ...props }: OrgImageProps) {
  const src = imageUrl(image, ORG_IMAGE_SIZES[0], 'org')
  return (
    <Box
      {...props}
      sx={{
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        ...sx,
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          srcSet={imageSrcSet(image, [...ORG_IMAGE_SIZES], 'org')}
          sizes={`${width}px`}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box component="span" aria-hidden="true" sx={{ fontSize: Math.max(24, width / 3), fontWeight: 900, lineHeight: 1 }}>
          {name.trim().charAt(0).toUpperCase() || '?'}
        </Box>
      )}
    </Box>
  )
}
