import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { imageUrl } from '@/lib/api/images'
import { isNotFound } from '@/lib/api/base'
import { useLiveTopics } from '@/lib/live-topics'
import { CARPET_TAG, SPARRING_TAG, useScoreboardByCarpetQuery, useScoreboardEventQuery } from '../../api/competition-api'
import { SCOREBOARD_TEXTS, sideName, SPARRING_TEXTS, winnerColor } from '../../bracket-rules'
import type { Color, Sparring } from '../../bracket-types'
import { RED, ScoreRows } from '../sparring/score-rows'

const LIGHT_BLUE = '#64b5f6'
const tint = (color: Color) => (color === 'red' ? RED : LIGHT_BLUE)

function Side({ sparring, color }: { sparring: Sparring; color: Color }) {
  const side = sparring[color]
  const won = winnerColor(sparring) === color
  return (
    <Box data-testid={`board-${color}`} data-winner={won ? 'true' : undefined} sx={{ flex: 1, minWidth: 0, textAlign: 'center', borderTop: 10, borderColor: tint(color), pt: 2 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'center' }}>
        {won ? <EmojiEventsIcon titleAccess={SPARRING_TEXTS.winner} data-testid="crown" sx={{ color: '#fdd835', fontSize: 'clamp(2rem, 5vw, 5rem)' }} /> : null}
        <Typography component="p" sx={{ fontWeight: 900, fontSize: 'clamp(2rem, 6vw, 6.5rem)', lineHeight: 1.05, overflowWrap: 'anywhere' }}>
          {sideName(side)}
        </Typography>
      </Stack>
      <Typography component="p" data-testid={`board-${color}-total`} sx={{ fontWeight: 900, fontSize: 'clamp(3rem, 10vw, 11rem)', lineHeight: 1, color: tint(color) }}>
        {side?.totalPoints ?? 0}
      </Typography>
      <Typography component="p" data-testid={`board-${color}-audience`} sx={{ fontSize: 'clamp(1rem, 2.2vw, 2.2rem)', opacity: 0.85 }}>
        {SPARRING_TEXTS.audience}: {side?.audiencePoints ?? 0}
      </Typography>
    </Box>
  )
}

export interface ScoreboardPageProps {
  eventId: number
  carpetId: number
  /** how long after mounting the live feed opens (tests) */
  liveDelayMs?: number
}

/**
 * Display mode (seed 001; issue 16): one carpet's board, full screen for a projector or a TV beside the carpet —
 * the event's logo and background, the carpet, the sparring on it with each judge's points as they come in, the
 * totals, the audience's votes and the winner. Follows the carpet's topic (another sparring put on it) and the
 * sparring's (a score, a vote, a winner).
 */
export function ScoreboardPage({ eventId, carpetId, liveDelayMs }: ScoreboardPageProps) {
  const valid = Number.isInteger(eventId) && eventId > 0 && Number.isInteger(carpetId) && carpetId > 0
  const board = useScoreboardByCarpetQuery({ eventId, carpetId }, { skip: !valid })
  const event = useScoreboardEventQuery(eventId, { skip: !valid })
  const sparring = board.data?.sparring ?? null
  const topics = valid ? [`carpet:${carpetId}`, ...(sparring ? [`sparring:${sparring.sparringId}`] : [])] : []
  useLiveTopics(topics, {
    onReady: [{ type: CARPET_TAG, id: carpetId }, ...(sparring ? [{ type: SPARRING_TAG, id: sparring.sparringId }] : [])],
    delayMs: liveDelayMs,
  })
  useDocumentTitle(board.data?.carpetName ? `${board.data.carpetName} · Scoreboard` : 'Scoreboard')

  const logo = imageUrl(event.data?.scoreboardLogo, 400, 'logo')
  const background = imageUrl(event.data?.scoreboardBgImage, 1920, 'bg')
  const missing = !valid || isNotFound(board.error)

  return (
    <Box
      data-testid="scoreboard"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1300,
        overflow: 'auto',
        color: '#fff',
        bgcolor: '#0d0d12',
        backgroundImage: background ? `linear-gradient(rgba(0,0,0,0.6), rgba(0,0,0,0.75)), url("${background}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 2, md: 4 },
        gap: { xs: 2, md: 3 },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 3 }}>
        {logo ? <Box component="img" src={logo} alt={event.data?.title ? `${event.data.title} logo` : 'Event logo'} data-testid="board-logo" sx={{ width: 'clamp(64px, 9vw, 160px)', height: 'clamp(64px, 9vw, 160px)', objectFit: 'contain' }} /> : null}
        <Box sx={{ minWidth: 0 }}>
          {event.data?.title ? (
            <Typography component="p" sx={{ fontSize: 'clamp(1rem, 2vw, 2rem)', opacity: 0.8 }}>
              {event.data.title}
            </Typography>
          ) : null}
          <Typography component="h1" sx={{ fontWeight: 900, fontSize: 'clamp(1.8rem, 4vw, 4.5rem)', lineHeight: 1.1 }}>
            {board.data?.carpetName ?? 'Scoreboard'}
          </Typography>
          {sparring ? (
            <Typography component="p" sx={{ fontSize: 'clamp(1rem, 2vw, 2rem)', opacity: 0.8 }}>
              {[sparring.battleTitle, sparring.level].filter(Boolean).join(' · ')}
            </Typography>
          ) : null}
        </Box>
      </Stack>

      {missing ? (
        <Typography component="p" sx={{ m: 'auto', fontSize: 'clamp(1.5rem, 4vw, 4rem)', fontWeight: 800, textAlign: 'center' }}>
          {SCOREBOARD_TEXTS.missing}
        </Typography>
      ) : !board.data ? (
        <Typography component="p" role="status" sx={{ m: 'auto', fontSize: '2rem', opacity: 0.7 }}>
          Loading…
        </Typography>
      ) : !sparring ? (
        <Typography component="p" sx={{ m: 'auto', fontSize: 'clamp(1.5rem, 4vw, 4rem)', fontWeight: 800, textAlign: 'center', opacity: 0.85 }}>
          {SCOREBOARD_TEXTS.empty}
        </Typography>
      ) : (
        <>
          <Stack direction="row" sx={{ gap: { xs: 2, md: 6 }, alignItems: 'flex-start' }}>
            <Side sparring={sparring} color="red" />
            <Typography aria-hidden="true" sx={{ alignSelf: 'center', fontWeight: 900, fontSize: 'clamp(2rem, 5vw, 5rem)', opacity: 0.7 }}>
              VS
            </Typography>
            <Side sparring={sparring} color="blue" />
          </Stack>
          {sparring.status === 'need-tie-breaker' ? (
            <Typography component="p" sx={{ textAlign: 'center', fontSize: 'clamp(1.2rem, 3vw, 3rem)', fontWeight: 800, color: '#fdd835' }}>
              Tie breaker
            </Typography>
          ) : null}
          <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto' }}>
            <ScoreRows sparring={sparring} big />
          </Box>
        </>
      )}
    </Box>
  )
}
