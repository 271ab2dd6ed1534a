import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import ExpandLessIcon from '@mui/icons-material/ExpandLess'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { RoundRobinView } from './brackets/round-robin-view'
import { SmokeView } from './smoke/smoke-view'
import { PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SafeHtml } from '@/components/ui/safe-html'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { imageUrl } from '@/lib/api/images'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useLiveTopics } from '@/lib/live-topics'
import { useNotFound } from '@/lib/not-found'
import { BATTLE_TAG, useBattleByIdQuery } from '@/lib/api/battles'
import { prelimsMessageApplied, usePrelimsByBattleQuery } from '../api/prelims-api'
import { DEFAULT_SORT, pointsOrder, PRELIMS_TEXTS, prelimsFinished } from '../prelims-rules'
import { BATTLE_TEXTS, capLabel, categoryLabel, isCrewBattle, placeTitle, prizeAmount, SHOWN_PLACES } from '../rules'
import type { Battle, BattleUser } from '../types'
import { BracketsView } from './brackets/brackets-view'
import { CrewLayout } from './crew-layout'
import { PrelimsView } from './prelims/prelims-view'
import { SingleLayout } from './single-layout'

export const BATTLE_TABS = ['registration', 'prelims', 'brackets'] as const
export type BattleTab = (typeof BATTLE_TABS)[number]
const TAB_LABELS: Record<BattleTab, string> = { registration: 'Registration', prelims: 'Prelims', brackets: 'Brackets' }

const tabHref = (id: number, tab: BattleTab) =>
  tab === 'prelims' ? paths.battlePrelims.getHref(id) : tab === 'brackets' ? paths.battleBrackets.getHref(id) : paths.battle.getHref(id)

/** Judges, the description, the prize purse and prizes per place, the organization (docs/product/battles-and-registration.md). */
function Details({ battle, createGroups }: { battle: Battle; createGroups: boolean }) {
  const prizes = [...battle.prizes].sort((a, b) => placeIndex(a.title) - placeIndex(b.title))
  const orgImage = battle.orgChip ? imageUrl(battle.orgChip.image, 96, 'org') : null
  return (
    <Stack spacing={2} sx={{ py: 2 }} data-testid="battle-details">
      {battle.judges.length ? (
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Judges
          </Typography>
          <Stack direction="row" component="ul" sx={{ gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }} aria-label="Judges">
            {battle.judges.map((judge) => (
              <Box component="li" key={judge.id}>
                <Link component={RouterLink} to={paths.profile.getHref(judge.id)} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
                  <ProfileAvatar image={judge.avatar} name={judge.dancerName} size={36} />
                  {judge.dancerName}
                </Link>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
      {battle.description ? <SafeHtml html={battle.description} data-testid="battle-description" sx={{ overflowWrap: 'anywhere' }} /> : null}
      {battle.prizesDesc || prizes.length ? (
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Prizes
          </Typography>
          {battle.prizesDesc ? <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{battle.prizesDesc}</Typography> : null}
          {prizes.length ? (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }} aria-label="Prizes per place">
              {prizes.map((prize) => (
                <Box key={prize.title} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ fontWeight: 700 }}>
                    {prize.title}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {prizeAmount(prize.amount)}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
        </Box>
      ) : null}
      {battle.orgChip ? (
        <Link component={RouterLink} to={paths.organization.getHref(battle.orgChip.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 48, alignSelf: 'flex-start' }} data-testid="org-chip">
          {orgImage ? <Box component="img" src={orgImage} alt="" sx={{ width: 32, height: 32, borderRadius: 1, objectFit: 'cover' }} /> : null}
          {battle.orgChip.name || 'Organization'}
        </Link>
      ) : null}
      {createGroups ? (
        <Button component={RouterLink} to={paths.battlePrelimsGroups.getHref(battle.id)} variant="contained" sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
          {PRELIMS_TEXTS.createGroups}
        </Button>
      ) : null}
    </Stack>
  )
}

const placeIndex = (title: string) => {
  const index = SHOWN_PLACES.findIndex((place) => placeTitle(place) === title)
  return index < 0 ? SHOWN_PLACES.length : index
}

function Heading({ battle, createGroups }: { battle: Battle; createGroups: boolean }) {
  const [open, setOpen] = useState(false)
  const cap = capLabel(battle)
  return (
    <Box component="header">
      <Button component={RouterLink} to={paths.event.getHref(battle.eventId)} startIcon={<ArrowBackIcon />} sx={{ minHeight: 48, ml: -1, mb: 1 }}>
        {BATTLE_TEXTS.back}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
            {battle.title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontWeight: 700 }} data-testid="battle-category">
            {categoryLabel(battle.crewSize)}
            {battle.event.title ? ` · ${battle.event.title}` : ''}
          </Typography>
          {cap ? (
            <Typography sx={{ fontWeight: 700, mt: 0.5 }} data-testid="cap-label">
              {cap}
            </Typography>
          ) : null}
        </Box>
        <Button
          onClick={() => setOpen((now) => !now)}
          aria-expanded={open}
          aria-controls="battle-details"
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ minHeight: 48, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {open ? 'Hide details' : 'Show details'}
        </Button>
      </Stack>
      <Collapse in={open} id="battle-details" unmountOnExit>
        <Details battle={battle} createGroups={createGroups} />
      </Collapse>
    </Box>
  )
}

function Layout({ battle, me }: { battle: Battle; me: BattleUser | null }) {
  return isCrewBattle(battle) ? <CrewLayout battle={battle} me={me} /> : <SingleLayout battle={battle} meId={me?.id ?? null} />
}

/** Registration, Prelims and Brackets for bracket battles: each a route of its own (links, by keyboard and touch). */
function BracketTabs({ battle, me, tab }: { battle: Battle; me: BattleUser | null; tab: BattleTab }) {
  return (
    <>
      {/* no scroll buttons on a phone: beside them the first tab showed cut ('gistration'); compact tabs fit 390 px */}
      <Tabs value={tab} aria-label={`${battle.title} sections`} variant="scrollable" scrollButtons="auto" sx={{ borderBottom: 1, borderColor: 'divider', mt: 2 }}>
        {BATTLE_TABS.map((name) => (
          <Tab
            key={name}
            label={TAB_LABELS[name]}
            value={name}
            component={RouterLink}
            to={tabHref(battle.id, name)}
            id={`battle-tab-${name}`}
            aria-controls={`battle-panel-${name}`}
            sx={{ minHeight: 48, minWidth: 0, px: 1.5, whiteSpace: 'nowrap' }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`battle-panel-${tab}`} aria-labelledby={`battle-tab-${tab}`} sx={{ py: 2 }}>
        {tab === 'registration' ? (
          <Layout battle={battle} me={me} />
        ) : tab === 'prelims' ? (
          <PrelimsView battle={battle} me={me} />
        ) : (
          <>
            {/* round-robin groups come before the bracket (docs/product/competition.md) */}
            {battle.roundRobin ? <RoundRobinView battle={battle} /> : null}
            <BracketsView battle={battle} />
          </>
        )}
      </Box>
    </>
  )
}

export interface BattlePageProps {
  id: number
  /** the route's tab: /battle/{id}, /battle/{id}/prelims or /battle/{id}/brackets (bracket battles) */
  tab?: BattleTab
  /** how long after mounting the live feed opens (tests) */
  liveDelayMs?: number
}

/**
 * /battle/{id} (docs/product/battles-and-registration.md): the crew or the single-dancer layout by crew size. The page follows the
 * battle's live topic and re-reads the battle on any change (a registration, a check-in, an accepted invitation); a
 * judge's prelim points it applies to the cached prelims instead.
 */
export function BattlePage({ id, tab = 'registration', liveDelayMs }: BattlePageProps) {
  const valid = Number.isInteger(id) && id > 0
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: battle, error, isFetching, refetch } = useBattleByIdQuery(id, { skip: !valid })
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  useDocumentTitle(battle?.title || 'Battle')
  const dispatch = useAppDispatch()
  // a judge's prelim points are applied to the cached prelims; anything else re-reads the battle (docs/architecture.md)
  useLiveTopics(valid ? [`battle:${id}`] : [], {
    onReady: [{ type: BATTLE_TAG, id }],
    delayMs: liveDelayMs,
    apply: (envelope) => dispatch(prelimsMessageApplied(id, envelope)),
  })

  // the Create groups button: on the Prelims route, when no groups exist and the user can edit
  const onPrelims = tab === 'prelims' && battle?.style === 'bracket'
  const { data: prelims } = usePrelimsByBattleQuery({ battleId: id, sb: pointsOrder(DEFAULT_SORT) }, { skip: !valid || !onPrelims || !battle?.canEdit })
  const createGroups = Boolean(onPrelims && battle?.canEdit && prelims && !prelims.groups.length && !prelimsFinished(prelims.status))
  const missing = !valid || isNotFound(error)
  useNotFound(missing)

  if (missing) return null
  if (error && !battle) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!battle) return <PageLoader label="Loading battle" />

  const me: BattleUser | null = signedIn && user ? { id: user.id, dancerName: user.dancerName, avatar: user.avatar } : null
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Heading battle={battle} createGroups={createGroups} />
      {battle.style === 'bracket' ? (
        <BracketTabs battle={battle} me={me} tab={tab} />
      ) : (
        <Box sx={{ mt: 2 }}>
          {battle.style === 'smoke' ? <SmokeView battle={battle} /> : null}
          <Layout battle={battle} me={me} />
        </Box>
      )}
    </Box>
  )
}
