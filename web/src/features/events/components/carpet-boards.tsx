import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import { paths } from '@/config/paths'
import { boardSparringLabel, useEventAssignScoreboardMutation, useEventBoardSparringsQuery, useEventScoreboardsQuery } from '../api/events-api'
import type { BoardShown, BoardSparringOption, CypherEvent } from '../types'

/**
 * A carpet's choices: the sparrings that can go on a board and, whatever its state, the one it shows (a finished
 * one keeps its name: from the bracket, else from the board's own copy).
 */
export function boardChoices(options: BoardSparringOption[], shown: BoardShown | null, manyBattles: boolean): { sparringId: number; label: string }[] {
  const choices = options.filter((option) => option.open || option.sparringId === shown?.sparringId)
  if (shown && !choices.some((option) => option.sparringId === shown.sparringId)) {
    const named = shown.level || shown.red || shown.blue
    choices.unshift({ sparringId: shown.sparringId, label: named ? boardSparringLabel(manyBattles ? shown.battleTitle : null, shown) : `Sparring ${shown.sparringId}`, open: false })
  }
  return choices.map(({ sparringId, label }) => ({ sparringId, label }))
}

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
          const board = boards.data?.find((item) => item.carpetId === carpet.id)?.sparring ?? null
          const shown = board?.sparringId ?? null
          const choices = boardChoices(options.data ?? [], board, battles.length > 1)
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
                {choices.map((option) => (
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
