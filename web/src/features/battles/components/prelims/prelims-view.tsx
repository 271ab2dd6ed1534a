import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { ConfirmActionDialog } from '@/components/ui/dialogs'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { SearchField } from '@/components/ui/search-field'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import type { FlushResult } from '@/lib/offline-queue'
import { toastShown } from '@/lib/toast'
import { useOfflineQueue } from '@/lib/use-offline-queue'
import { BATTLE_TAG } from '@/lib/api/battles'
import {
  prelimsApi,
  useFinishPrelimsMutation,
  usePrelimsByBattleQuery,
  useReshufflePrelimsMutation,
  useSetPrelimsGoneMutation,
  useUndoBracketsMutation,
} from '../../api/prelims-api'
import {
  anyRoundLacksPoints,
  bracketingReady,
  DEFAULT_SORT,
  draftKey,
  hasScored,
  judgment,
  myPoints,
  pendingPoints,
  pointsOrder,
  PRELIMS_CONFIRM,
  PRELIMS_TEXTS,
  prelimsFinished,
  prelimsPath,
  prelimsRows,
  prelimsScope,
  ROUND_ADVANCE_MS,
  searchRows,
  prelimsError,
  addToBracketHint,
  sortRows,
  viewMode,
  type PrelimsSort,
  type PrelimsViewMode,
} from '../../prelims-rules'
import type { PrelimsRow } from '../../prelims-types'
import type { Battle, BattleUser } from '../../types'
import { GroupsList } from './groups-list'
import { PrelimsRowView } from './prelims-row'
import { SortControl } from './sort-control'

type Confirm = 'randomize' | 'addToBracket' | 'undoBracket' | 'editGroups'

export interface PrelimsViewProps {
  battle: Battle
  me: BattleUser | null
}

/**
 * The Prelims tab (docs/product/competition.md): the groups or the list, the judges' points, and the admins'
 * Randomize, Add to bracket, Undo bracket and Edit groups. The battle page follows `battle:<id>`: a judge's points
 * are applied to the cached prelims from the message, any other change re-reads them (they are cached under the
 * battle's tag). Judges' points go through the device's offline queue: shown as pending at once, sent now or when
 * the connection returns.
 */
export function PrelimsView({ battle, me }: PrelimsViewProps) {
  const battleId = battle.id
  const meId = me?.id ?? null
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const [sort, setSort] = useState<PrelimsSort>(DEFAULT_SORT)
  const [keyword, setKeyword] = useState('')
  const [round, setRound] = useState(1)
  // null until the judge's first read decides it: a judge without a score opens in edit mode by itself
  const [editChoice, setEditChoice] = useState<boolean | null>(null)
  const [drafts, setDrafts] = useState<Map<string, number>>(() => new Map())
  const [confirm, setConfirm] = useState<Confirm | null>(null)
  const checkReady = useRef(false)
  const addButton = useRef<HTMLButtonElement>(null)
  const errorText = useRef<HTMLDivElement>(null)
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const prelims = usePrelimsByBattleQuery({ battleId, sb: pointsOrder(sort) })
  const [reshuffle] = useReshufflePrelimsMutation()
  const [finish] = useFinishPrelimsMutation()
  const [undo] = useUndoBracketsMutation()
  const [setGone] = useSetPrelimsGoneMutation()

  const onSettled = useCallback(
    (results: FlushResult[]) => {
      if (results.some((result) => result.outcome.kind === 'sent')) checkReady.current = true
      dispatch(prelimsApi.util.invalidateTags([{ type: BATTLE_TAG, id: battleId }]))
    },
    [dispatch, battleId],
  )
  const queue = useOfflineQueue({ scope: prelimsScope(battleId), onSettled })

  // a write that left the queue keeps showing its points until a read begun after it has them
  const readBegunAt = prelims.isFetching ? 0 : (prelims.startedTimeStamp ?? 0)
  const waiting = useMemo(() => [...queue.left.filter((entry) => entry.at >= readBegunAt).map((entry) => entry.write), ...queue.pending], [queue.left, queue.pending, readBegunAt])
  const pending = useMemo(() => pendingPoints(waiting), [waiting])
  const pendingRows = useMemo(() => new Set([...pendingPoints(queue.pending).keys()].map((key) => Number(key.split(':')[0]))), [queue.pending])

  const data = prelims.data
  const rows = useMemo(() => prelimsRows(data), [data])
  const crew = Boolean(data?.crews)
  const rounds = Math.max(1, data?.rounds ?? 1)
  const permissions = data?.permissions
  const canJudge = Boolean(permissions?.canJudge && meId !== null)
  const finished = prelimsFinished(data?.status ?? battle.status)

  const shownPoints = useCallback(
    (row: PrelimsRow, inRound: number) => {
      const key = draftKey(row.id, inRound)
      return drafts.get(key) ?? pending.get(key) ?? myPoints(row, meId, inRound)
    },
    [drafts, pending, meId],
  )

  if (editChoice === null && data && canJudge) setEditChoice(!rows.some((row) => hasScored(row, meId)))
  const editing = Boolean(editChoice)

  // after a score update: ready for bracketing (the toast and the button) or the error
  useEffect(() => {
    if (!checkReady.current || !data || prelims.isFetching) return
    checkReady.current = false
    if (bracketingReady(rows)) {
      dispatch(toastShown('bracketingIsReady'))
      addButton.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    } else {
      errorText.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    }
  }, [data, rows, prelims.isFetching, dispatch])

  useEffect(() => () => clearTimeout(advanceTimer.current), [])

  const send = (entries: { row: PrelimsRow; round: number; points: number }[]) => {
    const judgments = entries
      .filter((entry) => entry.points !== (pending.get(draftKey(entry.row.id, entry.round)) ?? myPoints(entry.row, meId, entry.round)))
      .map((entry) => judgment(entry.row, crew, entry.round, entry.points, myPoints(entry.row, meId, entry.round)))
    if (!judgments.length) return
    void queue.add({ method: 'POST', path: prelimsPath(battleId), body: judgments, meta: { battleId } })
  }

  const onPoints = (row: PrelimsRow, points: number) => {
    // crews: while a round lacks points, each change is saved at once and the tab moves on after 10 s
    if (crew && anyRoundLacksPoints(rows, meId, rounds, shownPoints)) {
      send([{ row, round, points }])
      setDrafts((now) => new Map(now).set(draftKey(row.id, round), points))
      clearTimeout(advanceTimer.current)
      advanceTimer.current = setTimeout(() => setRound((now) => (now < rounds ? now + 1 : now)), ROUND_ADVANCE_MS)
      return
    }
    setDrafts((now) => new Map(now).set(draftKey(row.id, round), points))
  }

  const sendDrafts = () => {
    const entries = [...drafts.entries()].flatMap(([key, points]) => {
      const [rowId, inRound] = key.split(':').map(Number)
      const row = rows.find((candidate) => candidate.id === rowId)
      return row ? [{ row, round: inRound, points }] : []
    })
    send(entries)
  }

  // leaving the page (another tab, another route) leaves edit mode too: the points are not lost
  const onLeave = useRef(sendDrafts)
  useEffect(() => {
    onLeave.current = sendDrafts
  })
  useEffect(() => () => onLeave.current(), [])

  const toggleEditing = () => {
    if (editing) {
      sendDrafts()
      setDrafts(new Map())
      clearTimeout(advanceTimer.current)
    }
    setEditChoice(!editing)
  }

  const setView = (mode: PrelimsViewMode) => {
    const next = new URLSearchParams(search)
    next.set('prelimsViewMode', mode)
    setSearch(next, { replace: true })
  }

  if (prelims.isLoading) return <PageLoader label="Loading prelims" />
  if (prelims.error && !data) {
    return isNotFound(prelims.error) ? <EmptyState title={PRELIMS_TEXTS.empty} /> : <ErrorState onRetry={() => void prelims.refetch()} retrying={prelims.isFetching} />
  }
  if (!data) return <EmptyState title={PRELIMS_TEXTS.empty} />

  const groups = data.groups
  const mode = viewMode(search.get('prelimsViewMode'), groups.length)
  const error = prelimsError(permissions?.error, rows)
  const addHint = permissions ? addToBracketHint(permissions, error) : null
  const viewer = { meId, isAdmin: battle.isAdmin || battle.canEdit, isOrganizer: meId !== null && battle.event.organizerId === meId }
  const shown = sortRows(searchRows(rows, keyword), sort)
  const showAdmin = Boolean(permissions?.canFinishPrelims || battle.canEdit)

  const confirmed = async (which: Confirm) => {
    if (which === 'randomize') await reshuffle(battleId).unwrap()
    if (which === 'addToBracket') {
      await finish(battleId).unwrap()
      setView('list')
    }
    if (which === 'undoBracket') await undo(battleId).unwrap()
    if (which === 'editGroups') navigate(paths.battlePrelimsGroups.getHref(battleId))
  }

  return (
    <Box data-testid="prelims-view">
      {groups.length > 1 ? (
        <ToggleButtonGroup exclusive value={mode} onChange={(_event, next: PrelimsViewMode | null) => next && setView(next)} aria-label="Prelims view" sx={{ mb: 2 }}>
          <ToggleButton value="groups" sx={{ minHeight: 44, px: 2 }}>
            Groups
          </ToggleButton>
          <ToggleButton value="list" sx={{ minHeight: 44, px: 2 }}>
            List
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}

      {!queue.online ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {PRELIMS_TEXTS.offline}
        </Alert>
      ) : null}

      {showAdmin ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }} data-testid="prelims-admin">
          {permissions?.canFinishPrelims ? (
            <>
              <Button variant="outlined" disabled={!permissions.canShuffle} onClick={() => setConfirm('randomize')} sx={{ minHeight: 44 }}>
                {PRELIMS_TEXTS.randomize}
              </Button>
              <Button
                ref={addButton}
                variant="contained"
                disabled={permissions.canShuffle || Boolean(permissions.error)}
                aria-describedby={addHint ? 'add-to-bracket-hint' : undefined}
                onClick={() => setConfirm('addToBracket')}
                sx={{ minHeight: 44 }}
              >
                {PRELIMS_TEXTS.addToBracket}
              </Button>
              {addHint ? (
                <Typography id="add-to-bracket-hint" variant="body2" sx={{ color: 'text.secondary' }}>
                  {addHint}
                </Typography>
              ) : null}
            </>
          ) : null}
          {battle.canEdit && finished ? (
            <Button variant="outlined" color="warning" disabled={!permissions?.canUndoBrackets} onClick={() => setConfirm('undoBracket')} sx={{ minHeight: 44 }}>
              {PRELIMS_TEXTS.undoBracket}
            </Button>
          ) : null}
          {battle.canEdit && !finished && groups.length ? (
            <Button variant="text" onClick={() => setConfirm('editGroups')} sx={{ minHeight: 44 }}>
              {PRELIMS_TEXTS.editGroups}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {error ? (
        <Alert ref={errorText} severity="warning" role="alert" sx={{ mb: 2 }} data-testid="prelims-error">
          {error}
        </Alert>
      ) : null}

      {mode === 'groups' ? (
        <GroupsList battleId={battleId} groups={groups} crew={crew} keyword={keyword} onKeyword={setKeyword} />
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' }, mb: 2 }}>
            <SearchField label={PRELIMS_TEXTS.search} value={keyword} onChange={setKeyword} sx={{ flexGrow: 1, maxWidth: { sm: 420 } }} />
            <SortControl sort={sort} onChange={setSort} />
            {canJudge ? (
              <Button variant={editing ? 'contained' : 'outlined'} onClick={toggleEditing} sx={{ minHeight: 44, ml: { sm: 'auto' } }}>
                {editing ? PRELIMS_TEXTS.done : PRELIMS_TEXTS.editPoints}
              </Button>
            ) : null}
          </Stack>
          {crew && rounds > 1 ? (
            <Tabs value={round} onChange={(_event, next: number) => setRound(next)} aria-label="Rounds" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
              {Array.from({ length: rounds }, (_, index) => (
                <Tab key={index} value={index + 1} label={`Round ${index + 1}`} sx={{ minHeight: 44 }} />
              ))}
            </Tabs>
          ) : null}
          {!rows.length ? (
            <EmptyState title={PRELIMS_TEXTS.empty} />
          ) : (
            <Box component="ul" aria-label={crew ? 'Crews' : 'Participants'} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {shown.map((row) => (
                <PrelimsRowView
                  key={row.id}
                  row={row}
                  viewer={viewer}
                  finished={finished}
                  round={round}
                  editing={editing && canJudge}
                  points={shownPoints(row, round)}
                  pending={pendingRows.has(row.id)}
                  onPoints={(points) => onPoints(row, points)}
                  canSetGone={Boolean(permissions?.canSetGone)}
                  onGone={() => void setGone({ battleId, participantId: row.id })}
                />
              ))}
            </Box>
          )}
        </>
      )}

      {confirm ? (
        <ConfirmActionDialog
          subject={confirm}
          title={PRELIMS_CONFIRM[confirm].title}
          text={PRELIMS_CONFIRM[confirm].text}
          confirmLabel={PRELIMS_CONFIRM[confirm].title}
          destructive={confirm === 'undoBracket'}
          action={confirmed}
          onClose={() => setConfirm(null)}
        />
      ) : null}
    </Box>
  )
}
