import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useLiveTopics } from '@/lib/live-topics'
import { useAppDispatch } from '@/app/hooks'
import { BATTLE_TAG } from '@/lib/api/battles'
import { prelimsMessageApplied } from '../../api/prelims-api'

/**
 * The frame of Creating Groups and Group info: back to the battle's prelims, the title, and the battle's live
 * topic (a change re-reads the battle and its prelims; a judge's points are applied to them instead).
 */
export function PrelimsFrame({ battleId, title, subtitle, liveDelayMs, children }: { battleId: number; title: string; subtitle?: string; liveDelayMs?: number; children: ReactNode }) {
  useDocumentTitle(title)
  const dispatch = useAppDispatch()
  useLiveTopics(battleId > 0 ? [`battle:${battleId}`] : [], {
    onReady: [{ type: BATTLE_TAG, id: battleId }],
    delayMs: liveDelayMs,
    apply: (envelope) => dispatch(prelimsMessageApplied(battleId, envelope)),
  })
  return (
    <Box sx={{ maxWidth: 800, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Button component={RouterLink} to={paths.battlePrelims.getHref(battleId)} startIcon={<ArrowBackIcon />} sx={{ minHeight: 48, ml: -1, mb: 1 }}>
        Back to prelims
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' } }}>
        {title}
      </Typography>
      {subtitle ? <Typography sx={{ color: 'text.secondary', fontWeight: 700, mb: 2 }}>{subtitle}</Typography> : null}
      {children}
    </Box>
  )
}
