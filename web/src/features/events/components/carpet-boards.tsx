import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import { paths } from '@/config/paths'
import { useEventAssignScoreboardMutation, useEventBoardSparringsQuery, useEventScoreboardsQuery } from '../api/events-api'
import type { CypherEvent } from '../types'

/**
 * The display mode's scoreboards (issue 16): per saved carpet, 'Open scoreboard' (a new tab for the projector or
 * the TV beside it) and a select that puts a sparring of the event's battles on that carpet's board. The choices
 * are read under the battles' tags: the page follows `boardTopics` while they show, so a decided sparring leaves
 * them and the next one, its sides set, joins them.
 */
export function CarpetBoards({ event }: { event: CypherEvent }) {
  const carpets = (event.carpets ?? []).filter((carpet): carpet is { id: number; name: string } => typeof carpet.id === 'number')
  const battles = (event.battles ?? []).map((battle) => ({ id: battle.id, title: battle.title }))
  const boards = useEventScoreboardsQuery(event.id, { skip: !carpets.length })
  const options = useEventBoardSparringsQuery(battles, { skip: !carpets.length || !battles.length })
  const [assign, { isLoading }] = useEventAssignScoreboardMutation()
  if (!carpets.length) return null
  return (
    <Box component="section" aria-labelledby="carpet-boards" sx={{ mt: 3 }}>
      <Typography id="carpet-boards" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Scoreboards
      </Typography>
      <Stack spacing={2}>
        {carpets.map((carpet) => {
          const shown = boards.data?.find((board) => board.carpetId === carpet.id)?.sparring?.sparringId ?? null
          const known = options.data ?? []
          return (
            <Stack key={carpet.id} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
              <TextField
                select
                size="small"
                label={`Sparring on ${carpet.name}`}
                value={shown === null ? '' : String(shown)}
                disabled={isLoading}
                onChange={(change) => void assign({ id: event.id, carpetId: carpet.id, sparringId: change.target.value ? Number(change.target.value) : null })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 1, '& .MuiInputBase-root': { minHeight: 44 } }}
              >
                <option value="">None</option>
                {shown !== null && !known.some((option) => option.sparringId === shown) ? <option value={shown}>{`Sparring ${shown}`}</option> : null}
                {known.map((option) => (
                  <option key={option.sparringId} value={option.sparringId}>
                    {option.label}
                  </option>
                ))}
              </TextField>
              <Button
                href={paths.scoreboard.getHref(event.id, carpet.id)}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon />}
                aria-label={`Open scoreboard of ${carpet.name}`}
                sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
              >
                Open scoreboard
              </Button>
            </Stack>
          )
        })}
      </Stack>
    </Box>
  )
}

/** The live topics the boards' choices follow: the event's battles (none without a carpet). */
export const boardTopics = (event: Pick<CypherEvent, 'carpets' | 'battles'>) =>
  (event.carpets ?? []).some((carpet) => typeof carpet.id === 'number') ? (event.battles ?? []).map((battle) => `battle:${battle.id}`) : []
