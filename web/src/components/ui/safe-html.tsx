import Box, { type BoxProps } from '@mui/material/Box'
import { useMemo } from 'react'
import { sanitizeHtml } from '@/lib/sanitize'

/** Server HTML (descriptions, agreements), sanitised again before it is shown. */
export function SafeHtml({ html, ...props }: { html: string | null | undefined } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />
}
