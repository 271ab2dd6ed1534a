import { api } from './base'
import type { ImageCreated, ImageType } from './types'

export const IMAGE_MAX_BYTES = 10_000_000
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const
/** Uploads may be slow on venue Wi-Fi: they get longer than the 15 s of ordinary calls. */
const UPLOAD_TIMEOUT_MS = 120_000

/** The one way to show an image of the images service: by id, width and where it is shown. */
export function imageUrl(id: string | null | undefined, size: number, type: ImageType = 'avatar'): string | undefined {
  if (!id) return undefined
  return `/api/images/${encodeURIComponent(id)}?size=${size}&type=${type}`
}

/** A srcset for the widths an image is shown at (1x and 2x screens). */
export function imageSrcSet(id: string | null | undefined, sizes: number[], type: ImageType = 'avatar') {
  if (!id) return undefined
  return sizes.map((size) => `${imageUrl(id, size, type)} ${size}w`).join(', ')
}

export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<ImageCreated, File>({
      query: (file) => {
        const body = new FormData()
        body.append('file', file)
        return { url: '/images', method: 'POST', body, timeout: UPLOAD_TIMEOUT_MS }
      },
    }),
  }),
})

export const { useUploadImageMutation } = imagesApi
