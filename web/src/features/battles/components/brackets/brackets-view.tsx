import Typography from '@mui/material/Typography'
import type { Battle } from '../../types'

/** Placeholder until helper W1's Brackets screen is merged (it replaces this file). */
export function BracketsView({ battle }: { battle: Battle }) {
  return <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>Brackets of {battle.title}</Typography>
}
