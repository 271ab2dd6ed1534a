import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { BATTLE_TEXTS, HIDDEN_ROWS } from '../rules'

/** Hidden participants: 16 blurred placeholder rows in place of the list (docs/product/battles-and-registration.md). */
export function HiddenRows() {
  return (
    <Box role="img" aria-label={BATTLE_TEXTS.hidden} data-testid="hidden-rows">
      {Array.from({ length: HIDDEN_ROWS }, (_, index) => (
        <Stack key={index} data-hidden-row direction="row" aria-hidden="true" sx={{ alignItems: 'center', gap: 1.5, py: 1, px: 1, filter: 'blur(4px)', borderBottom: '1px solid', borderColor: 'divider' }}>
          <Skeleton variant="circular" width={40} height={40} animation={false} />
          <Skeleton variant="text" width={`${40 + ((index * 17) % 40)}%`} animation={false} />
        </Stack>
      ))}
    </Box>
  )
}

/** The counts above a list: big figures with their names, read out politely when they change. */
export function Counters({ items }: { items: { label: string; value: number | string }[] }) {
  return (
    <Box component="dl" role="status" aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, my: 2 }} data-testid="battle-counters">
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center', minWidth: 110, px: 2, py: 1, borderRadius: 2, bgcolor: 'background.default', border: '1px solid', borderColor: 'divider' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: 24, fontWeight: 900 }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

/** A battle's counts: registered (`registered` names them: dancers or crews), checked in, on the wait list. */
export function BattleCounters({ counters, registered }: { counters: { registered: number; checkedIn: number; waitList: number }; registered: string }) {
  return (
    <Counters
      items={[
        { label: registered, value: counters.registered },
        { label: 'Checked in', value: counters.checkedIn },
        { label: 'Wait list', value: counters.waitList },
      ]}
    />
  )
}

export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Typography variant="h2" id={id} sx={{ fontSize: { xs: '1.25rem', sm: '1.4rem' }, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  )
}
