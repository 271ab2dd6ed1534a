import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { lazy, Suspense } from 'react'
import type { RichTextEditorProps } from '@/components/ui/rich-text-editor'

// TipTap and ProseMirror load with the first rich-text field, not with the settings screen
const RichTextEditor = lazy(() => import('@/components/ui/rich-text-editor'))

function EditorPlaceholder({ label, minHeight = 160 }: { label: string; minHeight?: number }) {
  return (
    <Box role="status" aria-label={`Loading the ${label} editor`}>
      <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Skeleton variant="rounded" height={minHeight + 50} />
    </Box>
  )
}

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} minHeight={props.minHeight} />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}
