import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera'
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react'
import { useDispatch } from 'react-redux'
import { IMAGE_MAX_BYTES, IMAGE_TYPES, imageUrl, useUploadImageMutation } from '@/lib/api/images'
import type { ImageCreated, ImageType } from '@/lib/api/types'
import { IMAGE_TOO_BIG, toastShown } from '@/lib/toast'

export const WRONG_IMAGE_TYPE = 'Use a PNG or JPEG image'

/** The refusal names the types the field takes: 'Use a PNG or JPEG image', 'Use a PNG, JPEG or WEBP image'. */
export function wrongImageType(types: readonly string[]): string {
  const names = types.map((type) => type.replace('image/', '').toUpperCase())
  if (names.length < 2) return `Use a ${names[0] ?? 'PNG'} image`
  return `Use a ${names.slice(0, -1).join(', ')} or ${names.at(-1)} image`
}

/** Why a file cannot be uploaded, or null: png or jpeg only, at most 10,000,000 bytes. */
export function checkImageFile(
  file: File,
  tooBigMessage: string = IMAGE_TOO_BIG,
  types: readonly string[] = IMAGE_TYPES,
): string | null {
  if (!types.includes(file.type)) return wrongImageType(types)
  if (file.size > IMAGE_MAX_BYTES) return tooBigMessage
  return null
}

/**
 * The change handler of an image file input: the chosen file is checked (a refusal is a toast), uploaded to
 * the images service and handed to `onUploaded`; a failed call was already shown as a toast. Also answers
 * whether an upload is under way.
 */
export function useImageFileUpload(
  onUploaded: (image: ImageCreated) => void | Promise<void>,
  tooBigMessage: string = IMAGE_TOO_BIG,
  types: readonly string[] = IMAGE_TYPES,
) {
  const dispatch = useDispatch()
  const [upload, { isLoading }] = useUploadImageMutation()

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = checkImageFile(file, tooBigMessage, types)
    if (problem) {
      dispatch(toastShown(problem))
      return
    }
    try {
      const image = await upload(file).unwrap()
      await onUploaded(image)
    } catch {
      /* the failed response was already shown as a toast */
    }
  }
  return [onFile, isLoading] as const
}

interface ImageUploadProps {
  /** the image id shown now */
  value: string | null | undefined
  /** called with the uploaded image once the images service has stored it */
  onUploaded: (image: ImageCreated) => void | Promise<void>
  imageType?: ImageType
  uploadLabel?: string
  editLabel?: string
  tooBigMessage?: string
  hint?: ReactNode
  shape?: 'circle' | 'rounded'
  previewSize?: number
  /** png and jpeg unless said otherwise */
  accept?: readonly string[]
  disabled?: boolean
}

/**
 * Choose an image, check it (type, 10 MB), upload it to the images service (POST /api/images, field
 * `file`) and show it. The button reads 'Upload Image' until there is one, then 'Edit Image'.
 */
export function ImageUpload({
  value,
  onUploaded,
  imageType = 'avatar',
  uploadLabel = 'Upload Image',
  editLabel = 'Edit Image',
  tooBigMessage = IMAGE_TOO_BIG,
  hint,
  shape = 'rounded',
  previewSize = 120,
  accept = IMAGE_TYPES,
  disabled,
}: ImageUploadProps) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [onFile, isLoading] = useImageFileUpload(onUploaded, tooBigMessage, accept)

  const src = imageUrl(value, Math.min(1000, previewSize * 2), imageType)
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: previewSize,
          height: previewSize,
          borderRadius: shape === 'circle' ? '50%' : 2,
          bgcolor: 'grey.200',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          position: 'relative',
          flexShrink: 0,
        }}
      >
        {src ? (
          <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PhotoCameraIcon sx={{ color: 'grey.600', fontSize: previewSize / 3 }} aria-hidden="true" />
        )}
        {isLoading ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255,255,255,0.7)' }}>
            <CircularProgress size={32} aria-label="Uploading" />
          </Box>
        ) : null}
      </Box>
      <Box>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept.join(',')}
          hidden
          onChange={onFile}
          disabled={disabled || isLoading}
          data-testid="image-input"
        />
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={disabled || isLoading}
          startIcon={<PhotoCameraIcon />}
        >
          {value ? editLabel : uploadLabel}
        </Button>
        {hint ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
    </Box>
  )
}
