import Box from '@mui/material/Box'
import { videoEmbedUrl } from '../rules'

/** YouTube's privacy-enhanced player of a video id, 16:9. */
export function VideoFrame({ id, title, autoplay }: { id: string; title: string; autoplay?: boolean }) {
  return (
    <Box
      component="iframe"
      src={`${videoEmbedUrl(id)}${autoplay ? '?autoplay=1' : ''}`}
      title={title}
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sx={{ width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block', bgcolor: 'common.black' }}
    />
  )
}
