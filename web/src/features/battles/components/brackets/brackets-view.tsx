import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import LockIcon from '@mui/icons-material/Lock'
import { useMemo, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useBracketsByBattleQuery, useSeedBracketMutation } from '../../api/competition-api'
import {
  allEdited,
  BRACKET_TEXTS,
  competitorsOf,
  disabledCompetitors,
  editedSparrings,
  hasBothSides,
  isDecided,
  isDrawn,
  isOwnSide,
  myCompetitorInBracket,
  SCORECARD_TEXTS,
  seedEntries,
  sideResult,
  slotsFrom,
  twoSpotsError,
  type Competitor,
  type Slots,
} from '../../bracket-rules'
import type { Bracket, BracketSide, BracketSparring, Color } from '../../bracket-types'
import type { Battle } from '../../types'
import { BLUE, RED } from '../sparring/score-rows'

/** How wide a round's column is at least: two names side by side stay readable on a phone. */
const ROUND_MIN_WIDTH = 150

interface ViewContext {
  battle: Battle
  meId: number | null
  editing: boolean
  /** ids of the sparrings with selects */
  edited: Set<number>
  slots: Slots
  competitors: Competitor[]
  disabled: Set<number>
  onSlot: (sparringId: number, color: Color, id: number | null) => void
}

const roundsText = (rounds: number) => `${rounds} ${rounds === 1 ? 'round' : 'rounds'}`

function SideRow({ sparring, side, color, context, big = false }: { sparring: BracketSparring; side: BracketSide | null; color: Color; context: ViewContext; big?: boolean }) {
  const result = sideResult(sparring, side)
  const own = isOwnSide(side, context.battle, context.meId)
  return (
    <Box
      data-testid={`side-${sparring.sparringId}-${color}`}
      data-result={result ?? undefined}
      data-own={own ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        minHeight: big ? 52 : 40,
        px: 1,
        borderLeft: 4,
        borderColor: color === 'red' ? RED : BLUE,
        bgcolor: own ? 'warning.light' : 'transparent',
        color: own ? 'warning.contrastText' : undefined,
        opacity: result === 'loser' ? 0.55 : 1,
      }}
    >
      <Typography
        component="span"
        sx={{
          flex: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
          fontWeight: result === 'winner' || big ? 800 : 500,
          fontSize: big ? '1.15rem' : '0.95rem',
          textDecoration: result === 'loser' ? 'line-through' : undefined,
        }}
      >
        {side ? side.name || 'N/A' : BRACKET_TEXTS.empty}
      </Typography>
      {own ? (
        <Typography component="span" sx={{ fontSize: '0.7rem', fontWeight: 800, textTransform: 'uppercase' }}>
          {context.battle.crewSize === 1 ? 'You' : 'Your crew'}
        </Typography>
      ) : null}
      {result === 'winner' ? <EmojiEventsIcon titleAccess="Winner" data-testid="crown" sx={{ color: '#f9a825' }} fontSize={big ? 'medium' : 'small'} /> : null}
    </Box>
  )
}

function SlotSelect({ sparring, color, context, label }: { sparring: BracketSparring; color: Color; context: ViewContext; label: string }) {
  const value = context.slots[sparring.sparringId]?.[color] ?? null
  return (
    <TextField
      select
      size="small"
      label={`${label} ${color}`}
      value={value === null ? '' : String(value)}
      onChange={(change) => context.onSlot(sparring.sparringId, color, change.target.value ? Number(change.target.value) : null)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ '& select': { minHeight: 28 }, '& .MuiInputBase-root': { minHeight: 44 }, borderLeft: 4, borderColor: color === 'red' ? RED : BLUE }}
      fullWidth
    >
      <option value="">{BRACKET_TEXTS.emptyOption}</option>
      {context.competitors.map((competitor) => (
        <option key={competitor.id} value={competitor.id} disabled={context.disabled.has(competitor.id) && competitor.id !== value}>
          {competitor.name}
        </option>
      ))}
    </TextField>
  )
}

function SparringCard({ sparring, context, label, final = false }: { sparring: BracketSparring; context: ViewContext; label: string; final?: boolean }) {
  if (context.editing && context.edited.has(sparring.sparringId) && !isDecided(sparring)) {
    return (
      <Stack spacing={1} sx={{ p: 1, border: 1, borderColor: 'primary.main', borderRadius: 1, bgcolor: 'background.paper' }} data-testid={`edit-${sparring.sparringId}`}>
        <SlotSelect sparring={sparring} color="red" context={context} label={label} />
        <SlotSelect sparring={sparring} color="blue" context={context} label={label} />
      </Stack>
    )
  }
  const nobody = !sparring.red && !sparring.blue
  const body: ReactNode =
    final && nobody ? (
      <Typography sx={{ fontSize: '2rem', fontWeight: 900, textAlign: 'center', py: 2 }} data-testid="final-vs">
        {BRACKET_TEXTS.vs}
      </Typography>
    ) : (
      <>
        <SideRow sparring={sparring} side={sparring.red ?? null} color="red" context={context} big={final} />
        {final ? (
          <Typography sx={{ textAlign: 'center', fontWeight: 900, color: 'text.secondary', fontSize: '0.85rem' }} aria-hidden="true">
            {BRACKET_TEXTS.vs}
          </Typography>
        ) : null}
        <SideRow sparring={sparring} side={sparring.blue ?? null} color="blue" context={context} big={final} />
      </>
    )
  const locked = context.editing && context.edited.has(sparring.sparringId) && isDecided(sparring)
  const frame = {
    display: 'block',
    border: 1,
    borderColor: final ? 'primary.main' : 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
    overflow: 'hidden',
    textDecoration: 'none',
    color: 'inherit',
    position: 'relative' as const,
  }
  const content = (
    <>
      {body}
      {locked ? <LockIcon titleAccess="Locked: decided" fontSize="small" sx={{ position: 'absolute', right: 2, top: 2, color: 'text.secondary' }} /> : null}
    </>
  )
  if (hasBothSides(sparring) && !context.editing) {
    return (
      <Box
        component={RouterLink}
        to={paths.sparring.getHref(sparring.sparringId)}
        aria-label={`${label}: ${sparring.red?.name || 'N/A'} vs ${sparring.blue?.name || 'N/A'}`}
        data-testid={`sparring-${sparring.sparringId}`}
        sx={{ ...frame, minHeight: 44, '&:hover, &:focus-visible': { borderColor: 'primary.main', boxShadow: 2 } }}
      >
        {content}
      </Box>
    )
  }
  return (
    <Box data-testid={`sparring-${sparring.sparringId}`} sx={frame}>
      {content}
    </Box>
  )
}

/** One half: its rounds as columns, the first at the outside edge (the right half mirrored). */
function Half({ name, rounds, mirrored, context }: { name: string; rounds: BracketSparring[][]; mirrored: boolean; context: ViewContext }) {
  return (
    <Box component="section" aria-label={name} sx={{ minWidth: 0 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1, textAlign: { md: mirrored ? 'right' : 'left' } }}>
        {name}
      </Typography>
      <Box sx={{ overflowX: 'auto', pb: 1 }}>
        <Box
          sx={{
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: `minmax(${ROUND_MIN_WIDTH}px, 1fr)`,
            gap: 1.5,
            direction: mirrored ? 'rtl' : 'ltr',
            minHeight: '100%',
          }}
        >
          {rounds.map((round, index) => (
            <Box
              key={index}
              component="ol"
              aria-label={`${name} round ${index + 1}`}
              sx={{ direction: 'ltr', listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-around', gap: 1.5 }}
            >
              {round.map((sparring, at) => (
                <li key={sparring.sparringId}>
                  <SparringCard sparring={sparring} context={context} label={`${name} round ${index + 1} sparring ${at + 1}`} />
                </li>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  )
}

function BracketGrid({ set, context }: { set: Bracket; context: ViewContext }) {
  const depth = Math.max(set.left.length, set.right.length)
  return (
    <Box
      data-testid="bracket-grid"
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        // a phone stacks left, final, right (each half scrolls sideways); a tablet and up: left | final | right
        gridTemplateColumns: {
          xs: '1fr',
          md: depth ? `minmax(0, ${depth}fr) minmax(180px, 1.2fr) minmax(0, ${depth}fr)` : '1fr',
        },
      }}
    >
      {set.left.length ? <Half name={BRACKET_TEXTS.left} rounds={set.left} mirrored={false} context={context} /> : null}
      {set.final ? (
        <Box component="section" aria-label={BRACKET_TEXTS.final} sx={{ maxWidth: { xs: 360, md: 'none' }, width: '100%', mx: 'auto' }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1, textAlign: 'center' }}>
            {BRACKET_TEXTS.final}
          </Typography>
          <SparringCard sparring={set.final} context={context} label={BRACKET_TEXTS.final} final />
          {set.third ? (
            <Box component="section" aria-label={BRACKET_TEXTS.third} sx={{ mt: 2 }}>
              <Typography variant="h3" sx={{ fontSize: '0.95rem', mb: 1, textAlign: 'center', color: 'text.secondary' }}>
                {BRACKET_TEXTS.third}
              </Typography>
              <SparringCard sparring={set.third} context={context} label={BRACKET_TEXTS.third} />
            </Box>
          ) : null}
        </Box>
      ) : null}
      {set.right.length ? <Half name={BRACKET_TEXTS.right} rounds={set.right} mirrored context={context} /> : null}
    </Box>
  )
}

export interface BracketsViewProps {
  battle: Battle
}

/**
 * The Brackets screen (docs/product/competition.md): the level chips, the left and right halves meeting at the final, and
 * for the event's editors 'Edit brackets' with a select per slot of each half's current round (or the final).
 * Live through the battle page's feed (`battle:<id>` re-reads the bracket, tagged with its battle): a seed or a
 * winner elsewhere shows without a reload, and the tab opens no second stream.
 */
export function BracketsView({ battle }: BracketsViewProps) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const { data: set, error, isFetching, refetch } = useBracketsByBattleQuery(battle.id)
  const [seed, { isLoading: saving }] = useSeedBracketMutation()
  const [editing, setEditing] = useState(false)
  const [slots, setSlots] = useState<Slots>({})
  const [problem, setProblem] = useState<string | null>(null)

  const edited = useMemo(() => (set ? editedSparrings(set) : { left: [], right: [], final: null }), [set])
  const competitors = useMemo(() => competitorsOf(battle), [battle])
  const disabled = useMemo(() => disabledCompetitors(competitors, edited), [competitors, edited])

  if (error && !set) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!set) return <PageLoader label="Loading brackets" />

  const levels = set.levels.length ? set.levels : battle.bracketLevels
  const mine = myCompetitorInBracket(set, battle.crewSize === 1 ? (signedIn && user ? user.id : null) : (battle.myCrewId ?? null))
  const canEdit = battle.canEdit && isDrawn(set) && allEdited(edited).some((sparring) => !isDecided(sparring))

  const startEditing = () => {
    setSlots(slotsFrom(allEdited(edited)))
    setProblem(null)
    setEditing(true)
  }
  const cancel = () => {
    setEditing(false)
    setProblem(null)
  }
  const submit = async () => {
    const entries = seedEntries(edited, slots)
    const refused = twoSpotsError(entries, battle.crewSize)
    setProblem(refused)
    if (refused) return
    try {
      await seed({ battleId: battle.id, entries }).unwrap()
      setEditing(false)
    } catch {
      /* the failure was shown as a toast; the editor stays open */
    }
  }

  const context: ViewContext = {
    battle,
    meId: signedIn && user ? user.id : null,
    editing,
    edited: new Set(allEdited(edited).map((sparring) => sparring.sparringId)),
    slots,
    competitors,
    disabled,
    onSlot: (sparringId, color, id) => {
      setProblem(null)
      setSlots((now) => ({ ...now, [sparringId]: { ...(now[sparringId] ?? { red: null, blue: null }), [color]: id } }))
    },
  }

  return (
    <Box component="section" aria-labelledby={`brackets-${battle.id}`} data-testid="brackets-view">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={`brackets-${battle.id}`} variant="h2" sx={{ fontSize: '1.4rem', mr: 1 }}>
            Brackets
          </Typography>
          <Stack component="ul" direction="row" aria-label="Levels" sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
            {levels.map((level) => (
              <li key={level.name}>
                <Chip label={`${level.name} · ${roundsText(level.rounds)}`} size="small" variant="outlined" />
              </li>
            ))}
          </Stack>
        </Stack>
        {mine !== null ? (
          <Link component={RouterLink} to={paths.scorecard.getHref(battle.id, mine)} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 700 }}>
            {SCORECARD_TEXTS.yours}
          </Link>
        ) : null}
        {canEdit && !editing ? (
          <Button variant="outlined" onClick={startEditing} sx={{ minHeight: 44, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            {BRACKET_TEXTS.edit}
          </Button>
        ) : null}
      </Stack>

      {!isDrawn(set) ? (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 6 }}>{battle.roundRobin ? BRACKET_TEXTS.notDrawnGroups : BRACKET_TEXTS.notDrawn}</Typography>
      ) : (
        <BracketGrid set={set} context={context} />
      )}

      {editing ? (
        <Box sx={{ mt: 2 }}>
          {problem ? (
            <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
              {problem}
            </Alert>
          ) : null}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={cancel} sx={{ minHeight: 44 }}>
              {BRACKET_TEXTS.cancel}
            </Button>
            <Button variant="contained" onClick={() => void submit()} disabled={saving} sx={{ minHeight: 44 }}>
              {BRACKET_TEXTS.submit}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </Box>
  )
}
