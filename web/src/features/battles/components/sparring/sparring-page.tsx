import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Breadcrumbs from '@mui/material/Breadcrumbs'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import { useCallback, useMemo, useState } from 'react'
import { current } from '@reduxjs/toolkit'
import { Link as RouterLink } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { ConfirmDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useLiveTopics } from '@/lib/live-topics'
import { useNotFound } from '@/lib/not-found'
import type { FlushResult } from '@/lib/offline-queue'
import { useOfflineQueue } from '@/lib/use-offline-queue'
import {
  competitionApi,
  SPARRING_TAG,
  useAddTieBreakerMutation,
  useFinishSparringMutation,
  useResetSparringMutation,
  useSetSparringWinnerMutation,
  useSparringByIdQuery,
  useVoteSparringMutation,
} from '../../api/competition-api'
import {
  draftChanged,
  finishWarning,
  isRoundOpen,
  isTie,
  judgeDraft,
  judgeDraftError,
  judgeEntries,
  judgePath,
  judgeSubmitHint,
  liveSparring,
  offersTieBreaker,
  queuedRounds,
  showsTieBreakerNotice,
  sideName,
  SPARRING_TEXTS,
  sparringMode,
  sparringScope,
  winnerColor,
  withQueued,
  type JudgeDraft,
} from '../../bracket-rules'
import type { Color, Sparring, SparringSide } from '../../bracket-types'
import { isDeciding, JUDGING_TEXTS, ownMarks, queuedMarks, withQueuedMarks, type MarkEntry } from '../../judging-rules'
import { DecidingEditor } from './deciding-editor'
import { PointsPicker } from './points-picker'
import { BLUE, RED, roundLabel, ScoreRows } from './score-rows'

const colorOf = (color: Color) => (color === 'red' ? RED : BLUE)

function SideCard({ side, color, winner, deciding }: { side: SparringSide | null; color: Color; winner: boolean; deciding: boolean }) {
  return (
    <Paper
      variant="outlined"
      data-testid={`sparring-${color}`}
      data-winner={winner ? 'true' : undefined}
      sx={{ flex: 1, minWidth: 0, p: 2, borderTop: 6, borderTopColor: colorOf(color), textAlign: 'center' }}
    >
      <Typography variant="overline" component="p" sx={{ color: colorOf(color), fontWeight: 800 }}>
        {color === 'red' ? 'Red' : 'Blue'}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', justifyContent: 'center' }}>
        {winner ? <EmojiEventsIcon titleAccess="Winner" data-testid="crown" sx={{ color: '#f9a825' }} /> : null}
        <Typography variant="h2" component="p" sx={{ fontSize: { xs: '1.3rem', sm: '1.7rem' }, overflowWrap: 'anywhere' }}>
          {sideName(side)}
        </Typography>
      </Stack>
      <Typography sx={{ mt: 1 }} data-testid={`${color}-total`}>
        {deciding ? JUDGING_TEXTS.roundsWon : SPARRING_TEXTS.total}: <strong>{(deciding ? side?.roundsWon : side?.totalPoints) ?? 0}</strong>
      </Typography>
      <Typography sx={{ color: 'text.secondary' }} data-testid={`${color}-audience`}>
        {SPARRING_TEXTS.audience}: <strong>{side?.audiencePoints ?? 0}</strong>
      </Typography>
    </Paper>
  )
}

interface JudgeEditorProps {
  sparring: Sparring
  saved: JudgeDraft
  pending: boolean
  online: boolean
  onSubmit: (draft: JudgeDraft) => void
}

/** The judge's rounds: a round opens once the previous has both sides; Submit sends every round given on both. */
function JudgeEditor({ sparring, saved, pending, online, onSubmit }: JudgeEditorProps) {
  const [edits, setEdits] = useState<JudgeDraft>({})
  const draft = useMemo(() => ({ ...saved, ...edits }), [saved, edits])
  const count = sparring.roundsCount
  const problem = judgeDraftError(draft, count)
  const hint = problem ? null : judgeSubmitHint(draft, count)
  const entries = judgeEntries(draft, count)
  const change = (round: number, color: Color, points: number | null) =>
    setEdits((now) => {
      const current = { ...(draft[round] ?? { red: null, blue: null }) }
      current[color] = points
      return { ...now, [round]: current }
    })
  const submit = () => {
    onSubmit(draft)
    setEdits({})
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="judge-editor" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="judge-editor" variant="h3" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Your scores
        </Typography>
        {pending ? <Chip label={SPARRING_TEXTS.pending} color="warning" size="small" data-testid="judge-pending" /> : null}
      </Stack>
      {!online ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SPARRING_TEXTS.offline}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {Array.from({ length: count }, (_, index) => index + 1).map((round) => {
          const open = isRoundOpen(draft, round, count)
          return (
            <Box component="fieldset" key={round} disabled={!open} data-testid={`editor-round-${round}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, opacity: open ? 1 : 0.5 }}>
              <Typography component="legend" sx={{ fontWeight: 800, px: 0.5 }}>
                {roundLabel(sparring, round)}
              </Typography>
              <Stack spacing={1}>
                {(['red', 'blue'] as const).map((color) => (
                  <Stack key={color} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
                    <Typography sx={{ minWidth: 120, fontWeight: 700, color: colorOf(color), overflowWrap: 'anywhere' }}>
                      {color === 'red' ? sideName(sparring.red) : sideName(sparring.blue)}
                    </Typography>
                    <PointsPicker
                      label={`${roundLabel(sparring, round)} ${color}`}
                      color={color}
                      value={draft[round]?.[color] ?? null}
                      disabled={!open}
                      onChange={(points) => change(round, color, points)}
                    />
                  </Stack>
                ))}
              </Stack>
            </Box>
          )
        })}
      </Stack>
      {problem ? (
        <Typography role="alert" sx={{ color: 'error.main', mt: 1 }}>
          {problem}
        </Typography>
      ) : null}
      {hint ? (
        <Typography id="judge-submit-hint" sx={{ color: 'text.secondary', mt: 1 }}>
          {hint}
        </Typography>
      ) : null}
      <Button
        variant="contained"
        onClick={submit}
        disabled={Boolean(problem) || Boolean(hint) || !entries.length || !draftChanged(draft, saved, count)}
        aria-describedby={hint ? 'judge-submit-hint' : undefined}
        sx={{ minHeight: 44, mt: 2 }}
      >
        {SPARRING_TEXTS.submit}
      </Button>
    </Paper>
  )
}

/** Red and blue side by side, the chosen one filled (a trophy on it with `trophy`); `group` names them as one. */
function SideChoice({ choice, onChoose, label, group, trophy = false }: { choice: Color | null; onChoose: (color: Color) => void; label: (color: Color) => string; group?: string; trophy?: boolean }) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }} role={group ? 'group' : undefined} aria-label={group}>
      {(['red', 'blue'] as const).map((color) => (
        <Button
          key={color}
          variant={choice === color ? 'contained' : 'outlined'}
          color={color === 'red' ? 'error' : 'info'}
          aria-pressed={choice === color}
          onClick={() => onChoose(color)}
          startIcon={trophy && choice === color ? <EmojiEventsIcon /> : undefined}
          sx={{ minHeight: 48, flex: 1, minWidth: 140 }}
        >
          {label(color)}
        </Button>
      ))}
    </Stack>
  )
}

/** Audience mode: pick a side, then Submit; once per person. Blue is MuiButton's info (the theme's primary is red). */
function AudienceVote({ sparring, onVote, busy }: { sparring: Sparring; onVote: (color: Color) => void; busy: boolean }) {
  const [choice, setChoice] = useState<Color | null>(null)
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audience-vote" sx={{ p: 2 }}>
      <Typography id="audience-vote" variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {SPARRING_TEXTS.audienceTitle}
      </Typography>
      <SideChoice choice={choice} onChoose={setChoice} label={(color) => `${SPARRING_TEXTS.vote} ${sideName(sparring[color])}`} />
      <Button variant="contained" disabled={!choice || busy} onClick={() => choice && onVote(choice)} sx={{ minHeight: 44, mt: 2 }}>
        {SPARRING_TEXTS.submit}
      </Button>
    </Paper>
  )
}

/** Admins and organizers before any points: pick the winner, then Finish (or Reset the choice). */
function ChooseWinner({ sparring, onFinish }: { sparring: Sparring; onFinish: (winnerId: number) => void }) {
  const [choice, setChoice] = useState<Color | null>(null)
  const sides = { red: sparring.red, blue: sparring.blue }
  const chosen = choice ? sides[choice] : null
  return (
    <Paper variant="outlined" component="section" aria-labelledby="choose-winner" sx={{ p: 2 }}>
      <Typography id="choose-winner" variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {SPARRING_TEXTS.chooseWinner}
      </Typography>
      <SideChoice choice={choice} onChoose={setChoice} label={(color) => sideName(sides[color])} group={SPARRING_TEXTS.chooseWinner} trophy />
      <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
        <Button variant="contained" disabled={!chosen} onClick={() => chosen && onFinish(chosen.id)} sx={{ minHeight: 44 }}>
          {SPARRING_TEXTS.finish}
        </Button>
        <Button color="inherit" disabled={!choice} onClick={() => setChoice(null)} sx={{ minHeight: 44 }}>
          {SPARRING_TEXTS.resetChoice}
        </Button>
      </Stack>
    </Paper>
  )
}

type Confirming = { kind: 'finish' } | { kind: 'reset' } | { kind: 'extra' } | { kind: 'winner'; winnerId: number }

function confirmText(sparring: Sparring, confirming: Confirming): { title: string; label: string; text?: string } {
  switch (confirming.kind) {
    case 'finish':
      return { title: 'Are you sure you want to finish this sparring?', label: SPARRING_TEXTS.finish, text: finishWarning(sparring) ?? undefined }
    case 'reset':
      return { title: 'Are you sure you want to reset the score of this sparring?', label: SPARRING_TEXTS.reset }
    case 'extra':
      return { title: 'Are you sure you want to add a tie breaker round?', label: SPARRING_TEXTS.addTieBreaker }
    case 'winner': {
      const side = sparring.red?.id === confirming.winnerId ? sparring.red : sparring.blue
      return { title: `Are you sure you want to finish with ${sideName(side)} as the winner?`, label: SPARRING_TEXTS.finish }
    }
  }
}

export interface SparringPageProps {
  id: number
  /** how long after mounting the live feed opens (tests) */
  liveDelayMs?: number
}

/**
 * /sparring/{id} (docs/product/competition.md): red and blue, the round score rows, and what the viewer may do — a
 * judge's round editor (scores go through the device's offline queue, pending until the server has them), the
 * audience's vote, an admin's tie breaker, finish, reset and choose-the-winner, the winner once finished. Follows
 * the sparring's live topic.
 */
export function SparringPage({ id, liveDelayMs }: SparringPageProps) {
  const valid = Number.isInteger(id) && id > 0
  const dispatch = useAppDispatch()
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: sparring, error, isFetching, refetch } = useSparringByIdQuery(id, { skip: !valid })
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  useLiveTopics(valid ? [`sparring:${id}`] : [], {
    onReady: [{ type: SPARRING_TAG, id }],
    delayMs: liveDelayMs,
    // scores and votes are applied to the cached copy (the latest, even between renders); the rest is re-read
    apply: (envelope) => {
      let applied = false
      dispatch(
        competitionApi.util.updateQueryData('sparringById', id, (draft) => {
          const patched = liveSparring(current(draft), envelope)
          applied = patched !== null
          return patched ?? undefined
        }),
      )
      return applied
    },
  })
  useDocumentTitle(sparring ? `${sideName(sparring.red)} vs ${sideName(sparring.blue)}` : 'Sparring')
  const [vote, { isLoading: voting }] = useVoteSparringMutation()
  const [addExtra] = useAddTieBreakerMutation()
  const [finish] = useFinishSparringMutation()
  const [reset] = useResetSparringMutation()
  const [setWinner] = useSetSparringWinnerMutation()
  const [confirming, setConfirming] = useState<Confirming | null>(null)

  const onSettled = useCallback(
    (results: FlushResult[]) => {
      const answer = [...results].reverse().find((result) => result.outcome.kind === 'sent')?.outcome
      const body = answer?.kind === 'sent' ? (answer.body as Sparring | null) : null
      if (body && typeof body === 'object' && body.sparringId === id) dispatch(competitionApi.util.upsertQueryData('sparringById', id, body))
      else dispatch(competitionApi.util.invalidateTags([{ type: SPARRING_TAG, id }]))
    },
    [dispatch, id],
  )
  const queue = useOfflineQueue({ scope: sparringScope(id), onSettled })
  const meId = signedIn && user ? user.id : null
  const queued = useMemo(() => queuedRounds(queue.pending), [queue.pending])
  const saved = useMemo(() => (sparring ? withQueued(judgeDraft(sparring, meId), queued) : {}), [sparring, meId, queued])
  const savedMarks = useMemo(() => (sparring ? withQueuedMarks(ownMarks(sparring, meId), queuedMarks(queue.pending)) : {}), [sparring, meId, queue.pending])

  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  if (error && !sparring) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!sparring) return <PageLoader label="Loading sparring" />

  const mode = sparringMode(sparring)
  const winner = winnerColor(sparring)
  const { permissions } = sparring
  const adminActions = mode !== 'winner' && mode !== 'choose-winner'
  const tieBreaker = adminActions && offersTieBreaker(sparring)
  // on a tie Finish would only find it: Add tie breaker takes its place
  const canFinish = adminActions && permissions.canFinish && !isTie(sparring)
  // a judge who is not an editor may still clear their own scores while the sparring is open
  const canReset = permissions.canReset || (mode === 'judge' && Object.keys(judgeDraft(sparring, meId)).length > 0)

  const deciding = isDeciding(sparring)
  const submitMarks = (rounds: MarkEntry[]) => void queue.add({ method: 'POST', path: judgePath(id), body: { rounds }, meta: { rounds } })
  const submitScores = (draft: JudgeDraft) => {
    const rounds = judgeEntries(draft, sparring.roundsCount)
    void queue.add({ method: 'POST', path: judgePath(id), body: { rounds }, meta: { rounds } })
  }

  const act = async (doing: Confirming) => {
    try {
      if (doing.kind === 'finish') await finish(id).unwrap()
      if (doing.kind === 'reset') await reset(id).unwrap()
      if (doing.kind === 'extra') {
        // a tie still judging: Finish records it (need-tie-breaker), unless the scores moved meanwhile
        const tied = sparring.status === 'need-tie-breaker' ? sparring : await finish(id).unwrap()
        if (tied.status === 'need-tie-breaker') await addExtra(id).unwrap()
      }
      if (doing.kind === 'winner') await setWinner({ id, winnerId: doing.winnerId }).unwrap()
    } catch {
      /* the failure was shown as a toast */
    }
    setConfirming(null)
  }

  const dialog = confirming ? confirmText(sparring, confirming) : null

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.battleBrackets.getHref(sparring.battleId)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          {sparring.battleTitle ? `${sparring.battleTitle} · Brackets` : 'Brackets'}
        </Link>
        <Typography sx={{ color: 'text.primary' }}>{sparring.level || 'Sparring'}</Typography>
      </Breadcrumbs>

      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 2, overflowWrap: 'anywhere' }}>
        {sideName(sparring.red)} vs {sideName(sparring.blue)}
      </Typography>

      <Stack direction="row" sx={{ gap: { xs: 1, sm: 2 }, alignItems: 'stretch', mb: 3 }}>
        <SideCard side={sparring.red} color="red" winner={winner === 'red'} deciding={deciding} />
        <Typography aria-hidden="true" sx={{ alignSelf: 'center', fontWeight: 900, fontSize: '1.4rem', color: 'text.secondary' }}>
          VS
        </Typography>
        <SideCard side={sparring.blue} color="blue" winner={winner === 'blue'} deciding={deciding} />
      </Stack>

      {showsTieBreakerNotice(sparring) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SPARRING_TEXTS.needTieBreaker}
        </Alert>
      ) : null}

      <Stack spacing={3}>
        {mode === 'winner' ? (
          <Paper variant="outlined" component="section" aria-labelledby="sparring-winner" sx={{ p: 3, textAlign: 'center' }} data-testid="winner-view">
            <Typography id="sparring-winner" variant="overline" component="h2" sx={{ fontWeight: 800 }}>
              {SPARRING_TEXTS.winner}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'center' }}>
              <EmojiEventsIcon sx={{ color: '#f9a825', fontSize: 40 }} aria-hidden="true" />
              <Typography variant="h2" component="p" sx={{ fontSize: '2rem', color: winner ? colorOf(winner) : undefined }}>
                {winner ? sideName(sparring[winner]) : SPARRING_TEXTS.noName}
              </Typography>
            </Stack>
          </Paper>
        ) : null}

        {mode === 'judge' && deciding ? <DecidingEditor key={meId ?? 0} sparring={sparring} saved={savedMarks} pending={queue.pending.length > 0} online={queue.online} onSubmit={submitMarks} /> : null}
        {mode === 'judge' && !deciding ? <JudgeEditor key={meId ?? 0} sparring={sparring} saved={saved} pending={queue.pending.length > 0} online={queue.online} onSubmit={submitScores} /> : null}
        {mode === 'choose-winner' ? <ChooseWinner sparring={sparring} onFinish={(winnerId) => setConfirming({ kind: 'winner', winnerId })} /> : null}
        {mode === 'audience' ? <AudienceVote sparring={sparring} busy={voting} onVote={(color) => void vote({ id, color })} /> : null}
        {mode === 'watch' && sparring.votersCheckedIn && !sparring.myVote && sparring.status !== 'finished' ? (
          <Typography sx={{ color: 'text.secondary' }} data-testid="checked-in-vote">
            {SPARRING_TEXTS.checkedInVote}
          </Typography>
        ) : null}
        {sparring.myVote ? (
          <Typography sx={{ color: 'text.secondary' }} data-testid="my-vote">
            {SPARRING_TEXTS.voted}: {sideName(sparring[sparring.myVote])}
          </Typography>
        ) : null}

        <ScoreRows sparring={sparring} />

        {tieBreaker || canFinish || canReset ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {tieBreaker ? (
              <Button variant="contained" onClick={() => setConfirming({ kind: 'extra' })} sx={{ minHeight: 44 }}>
                {SPARRING_TEXTS.addTieBreaker}
              </Button>
            ) : null}
            {canFinish ? (
              <Button variant="contained" onClick={() => setConfirming({ kind: 'finish' })} sx={{ minHeight: 44 }}>
                {SPARRING_TEXTS.finish}
              </Button>
            ) : null}
            {canReset ? (
              <Button color="error" variant="outlined" onClick={() => setConfirming({ kind: 'reset' })} sx={{ minHeight: 44 }}>
                {SPARRING_TEXTS.reset}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>

      <ConfirmDialog
        open={confirming !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.label ?? ''}
        text={dialog?.text}
        destructive={confirming?.kind === 'reset'}
        onConfirm={() => confirming && void act(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Box>
  )
}
