import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

/** The column an entity's page and its settings stand in. */
export function EntityFrame({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>{children}</Box>
}
