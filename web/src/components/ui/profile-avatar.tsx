import Avatar, { type AvatarProps } from '@mui/material/Avatar'
import { imageUrl } from '@/lib/api/images'

interface ProfileAvatarProps extends Omit<AvatarProps, 'src'> {
  image?: string | null
  name?: string | null
  size?: number
}

/** A profile's avatar from the images service, or the dancer name's first letter. */
export function ProfileAvatar({ image, name, size = 40, sx, ...props }: ProfileAvatarProps) {
  const pixels = Math.min(1000, Math.ceil(size * 2))
  return (
    <Avatar
      {...props}
      src={imageUrl(image, pixels, 'avatar')}
      alt={name ?? ''}
      sx={{ width: size, height: size, fontSize: size / 2.4, bgcolor: 'secondary.main', ...sx }}
      slotProps={{ img: { loading: 'lazy', width: size, height: size } }}
    >
      {(name ?? '?').trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  )
}
