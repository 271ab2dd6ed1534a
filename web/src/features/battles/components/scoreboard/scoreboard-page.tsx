import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import { current } from '@reduxjs/toolkit'
import { useAppDispatch } from '@/app/hooks'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { imageUrl } from '@/lib/api/images'
import { isNotFound } from '@/lib/api/base'
import { useLiveTopics } from '@/lib/live-topics'
import { CARPET_TAG, competitionApi, useScoreboardByCarpetQuery, useScoreboardEventQuery } from '../../api/competition-api'
import { liveBoard, pointsText, SCOREBOARD_TEXTS, sideName, SPARRING_TEXTS, winnerColor } from '../../bracket-rules'
import type { Color, Sparring } from '../../bracket-types'
import { JUDGING_TEXTS, isDeciding } from '../../judging-rules'
import { decisionText, fadersLine, RED, roundLabel, voteMark } from '../sparring/score-rows'
import { boardScale, CARD_GAP_VH, CARD_PADDING_VH, HEADER_VH, PAGE_PADDING_VH, SECTION_GAP_VH, TIE_LINE_VH, VOTES_VH, type BoardScale } from './board-scale'

const LIGHT_BLUE = '#64b5f6'
const tint = (color: Color) => (color === 'red' ? RED : LIGHT_BLUE)

/** Long names wrap between words, two lines at most, then an ellipsis: never wider than their column. */
const NAME_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  overflowWrap: 'normal',
  wordBreak: 'normal',
} as const

/** One line, cut with an ellipsis (the score cards' cells). */
const ONE_LINE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

function Side({ sparring, color, scale }: { sparring: Sparring; color: Color; scale: BoardScale }) {
  const side = sparring[color]
  const won = winnerColor(sparring) === color
  return (
    <Box data-testid={`board-${color}`} data-winner={won ? 'true' : undefined} sx={{ flex: 1, minWidth: 0, textAlign: 'center', borderTop: '1vh solid', borderColor: tint(color), pt: '1.2vh' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'center', minWidth: 0 }}>
        {won ? <EmojiEventsIcon titleAccess={SPARRING_TEXTS.winner} data-testid="crown" sx={{ color: '#fdd835', flexShrink: 0, fontSize: `min(5vw, ${scale.nameVh}vh)` }} /> : null}
        <Typography component="p" sx={{ ...NAME_LINES, minWidth: 0, fontWeight: 900, fontSize: `min(6vw, ${scale.nameVh}vh)`, lineHeight: 1.05 }}>
          {sideName(side)}
        </Typography>
      </Stack>
      <Typography component="p" sx={{ fontWeight: 900, fontSize: `min(10vw, ${scale.totalVh}vh)`, lineHeight: 1, color: tint(color) }}>
        <span data-testid={`board-${color}-total`}>{(isDeciding(sparring) ? side?.roundsWon : side?.totalPoints) ?? 0}</span>
        {/* a deciding mode counts rounds, not points: the number says so on the line it is on (the line count is the board's scale) */}
        {isDeciding(sparring) ? (
          <Box component="span" data-testid={`board-${color}-caption`} sx={{ ml: '0.4em', fontSize: `max(0.9rem, min(2.2vw, ${VOTES_VH}vh))`, fontWeight: 700, verticalAlign: 'middle' }}>
            {JUDGING_TEXTS.roundsWon}
          </Box>
        ) : null}
      </Typography>
      <Typography component="p" data-testid={`board-${color}-audience`} sx={{ ...ONE_LINE, fontSize: `max(0.9rem, min(2.2vw, ${VOTES_VH}vh))`, lineHeight: 1.4, opacity: 0.85 }}>
        {SPARRING_TEXTS.audience}: {side?.audiencePoints ?? 0}
      </Typography>
    </Box>
  )
}

/**
 * The rounds as cards (a header, each judge's points, the sum), side by side on a wide screen and one under the
 * other on a phone; a fixed table layout: a cell never widens its card, a long name ends in an ellipsis.
 */
function BoardRounds({ sparring, scale }: { sparring: Sparring; scale: BoardScale }) {
  const cell = { ...ONE_LINE, px: '0.4em', py: '0.15em', borderBottom: '1px solid rgba(255,255,255,0.15)' }
  const points = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const
  // a deciding mode: each judge's vote in the side's column, the votes, then the round's decision (docs/product/judging.md)
  const deciding = isDeciding(sparring)
  return (
    <Box
      data-testid="board-rounds"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${Math.min(scale.columns, 2)}, minmax(0, 1fr))`, md: `repeat(${scale.columns}, minmax(0, 1fr))` },
        gap: `${CARD_GAP_VH}vh 1.5vw`,
        width: '100%',
        maxWidth: 1800,
        mx: 'auto',
        // a phone reads in rem; a screen in the share of its height the scale gives
        fontSize: { xs: 'min(4.2vw, 1.1rem)', md: `min(${scale.rowVh}vh, ${scale.columns >= 3 ? 1.9 : 2.4}vw)` },
        lineHeight: 1.3,
      }}
    >
      {sparring.rounds.map((round) => (
        <Box key={round.round} sx={{ minWidth: 0, bgcolor: 'rgba(0,0,0,0.35)', borderRadius: 1, py: `${CARD_PADDING_VH / 2}vh`, px: '0.5vw' }}>
          <Box component="table" aria-label={roundLabel(sparring, round.round)} data-testid={`round-${round.round}`} sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}>
            <colgroup>
              <col style={{ width: '46%' }} />
              <col style={{ width: '27%' }} />
              <col style={{ width: '27%' }} />
            </colgroup>
            <Box component="thead">
              <Box component="tr">
                <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left', fontWeight: 800 }}>
                  {roundLabel(sparring, round.round)}
                </Box>
                <Box component="th" scope="col" sx={{ ...points, fontWeight: 800, color: RED }}>
                  {sideName(sparring.red)}
                </Box>
                <Box component="th" scope="col" sx={{ ...points, fontWeight: 800, color: LIGHT_BLUE }}>
                  {sideName(sparring.blue)}
                </Box>
              </Box>
            </Box>
            <Box component="tbody">
              {round.scores.map((score) => (
                <Box component="tr" key={score.id} data-testid={`score-${round.round}-${score.id}`}>
                  <Box component="td" sx={cell} title={fadersLine(sparring, score.faders) ?? undefined}>
                    {score.dancerName || 'Judge'}
                  </Box>
                  <Box component="td" sx={{ ...points, color: deciding ? RED : undefined }}>
                    {deciding ? voteMark(score, 'red') : pointsText(score.redPoints)}
                  </Box>
                  <Box component="td" sx={{ ...points, color: deciding ? LIGHT_BLUE : undefined }}>
                    {deciding ? voteMark(score, 'blue') : pointsText(score.bluePoints)}
                  </Box>
                </Box>
              ))}
              <Box component="tr">
                <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 800, borderBottom: 0 }}>
                  {deciding ? 'Votes' : 'Sum'}
                </Box>
                <Box component="td" sx={{ ...points, fontWeight: 800, borderBottom: 0, color: RED }}>
                  {pointsText(round.sumRedPoints)}
                </Box>
                <Box component="td" sx={{ ...points, fontWeight: 800, borderBottom: 0, color: LIGHT_BLUE }}>
                  {pointsText(round.sumBluePoints)}
                </Box>
              </Box>
              {deciding ? (
                <Box component="tr" data-testid={`board-decision-${round.round}`}>
                  <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 800, borderBottom: 0 }}>
                    {JUDGING_TEXTS.decision}
                  </Box>
                  <Box component="td" colSpan={2} sx={{ ...points, fontWeight: 900, borderBottom: 0, color: round.decision === 'red' ? RED : round.decision === 'blue' ? LIGHT_BLUE : undefined }}>
                    {decisionText(sparring, round.decision)}
                  </Box>
                </Box>
              ) : null}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  )
}

/** The board's sizes for its sparring: its rounds, and its judges (or the most scores a round has). */
export function sparringScale(sparring: Sparring | null): BoardScale {
  const rounds = sparring?.rounds.length ?? 0
  const judges = Math.max(sparring?.judges.length ?? 0, ...(sparring?.rounds ?? []).map((round) => round.scores.length))
  // a deciding mode's rounds have one row more, their decision: sized as one judge more
  return boardScale(rounds, judges + (sparring && isDeciding(sparring) ? 1 : 0))
}

export interface ScoreboardPageProps {
  eventId: number
  carpetId: number
  /** how long after mounting the live feed opens (tests) */
  liveDelayMs?: number
}

/**
 * Display mode (docs/product/competition.md): one carpet's board, full screen for a projector or a TV beside the carpet —
 * the event's logo and background, the carpet, the sparring on it with each judge's points as they come in, the
 * totals, the audience's votes and the winner. Follows the carpet's topic: another sparring put on it, and the
 * shown sparring's scores, votes and winner.
 */
export function ScoreboardPage({ eventId, carpetId, liveDelayMs }: ScoreboardPageProps) {
  const valid = Number.isInteger(eventId) && eventId > 0 && Number.isInteger(carpetId) && carpetId > 0
  const dispatch = useAppDispatch()
  const board = useScoreboardByCarpetQuery({ eventId, carpetId }, { skip: !valid })
  const event = useScoreboardEventQuery(eventId, { skip: !valid })
  const sparring = board.data?.sparring ?? null
  // the sparring a board shows announces itself on the carpet's topic too (docs/events.md): one topic, so the
  // shared feed need not reopen when another sparring is put on the carpet
  useLiveTopics(valid ? [`carpet:${carpetId}`] : [], {
    onReady: [{ type: CARPET_TAG, id: carpetId }],
    delayMs: liveDelayMs,
    // scores and votes are applied to the board's copy, as the sparring page does; the rest is re-read
    apply: (envelope) => {
      let applied = false
      dispatch(
        competitionApi.util.updateQueryData('scoreboardByCarpet', { eventId, carpetId }, (draft) => {
          const patched = liveBoard(current(draft), envelope)
          applied = patched !== null
          return patched ?? undefined
        }),
      )
      return applied
    },
  })
  const scale = sparringScale(sparring)
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
        // sized to fit (board-scale.ts); past its limits it scrolls down, never sideways
        overflowY: 'auto',
        overflowX: 'hidden',
        color: '#fff',
        bgcolor: '#0d0d12',
        backgroundImage: background ? `linear-gradient(rgba(0,0,0,0.6), rgba(0,0,0,0.75)), url("${background}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        display: 'flex',
        flexDirection: 'column',
        px: { xs: 2, md: '3vw' },
        py: { xs: 2, md: `${PAGE_PADDING_VH}vh` },
        gap: { xs: 2, md: `${SECTION_GAP_VH}vh` },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 2, md: '2vw' }, minWidth: 0, flexShrink: 0 }}>
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt={event.data?.title ? `${event.data.title} logo` : 'Event logo'}
            data-testid="board-logo"
            sx={{ flexShrink: 0, width: { xs: 56, md: `min(9vw, ${HEADER_VH - 0.7}vh)` }, height: { xs: 56, md: `min(9vw, ${HEADER_VH - 0.7}vh)` }, objectFit: 'contain' }}
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          {event.data?.title ? (
            <Typography component="p" sx={{ ...ONE_LINE, fontSize: { xs: '1rem', md: 'min(2vw, 2.4vh)' }, lineHeight: 1.3, opacity: 0.8 }}>
              {event.data.title}
            </Typography>
          ) : null}
          <Typography component="h1" sx={{ ...ONE_LINE, fontWeight: 900, fontSize: { xs: '1.6rem', md: 'min(4vw, 5vh)' }, lineHeight: 1.1 }}>
            {board.data?.carpetName ?? 'Scoreboard'}
          </Typography>
          {sparring ? (
            <Typography component="p" sx={{ ...ONE_LINE, fontSize: { xs: '1rem', md: 'min(2vw, 2.4vh)' }, lineHeight: 1.3, opacity: 0.8 }}>
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
          <Stack direction="row" sx={{ gap: { xs: 1.5, md: '4vw' }, alignItems: 'flex-start', minWidth: 0, flexShrink: 0 }}>
            <Side sparring={sparring} color="red" scale={scale} />
            <Typography aria-hidden="true" sx={{ alignSelf: 'center', flexShrink: 0, fontWeight: 900, fontSize: `min(5vw, ${scale.nameVh}vh)`, opacity: 0.7 }}>
              VS
            </Typography>
            <Side sparring={sparring} color="blue" scale={scale} />
          </Stack>
          {sparring.status === 'need-tie-breaker' ? (
            <Typography component="p" sx={{ textAlign: 'center', fontSize: `min(3vw, ${TIE_LINE_VH / 1.2}vh)`, lineHeight: 1.2, fontWeight: 800, color: '#fdd835' }}>
              Tie breaker
            </Typography>
          ) : null}
          {sparring.rounds.length ? <BoardRounds sparring={sparring} scale={scale} /> : null}
        </>
      )}
    </Box>
  )
}
