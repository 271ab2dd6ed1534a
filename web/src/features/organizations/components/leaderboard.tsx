import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import GroupsIcon from '@mui/icons-material/Groups'
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium'
import { useMemo, useState } from 'react'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ErrorState } from '@/components/ui/error-state'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { useLeaderboardInfiniteQuery } from '../api/organizations-api'
import {
  defaultLeaderboardSort,
  hasPoints,
  leaderboardSortFields,
  leaderboardSortParam,
  leaderboardYears,
  rankIcon,
  type LeaderboardSortField,
} from '../rules'
import type { LeaderboardMember, Organization } from '../types'
import { DirectionToggle } from '@/components/ui/direction-toggle'
import type { SortDirection } from '@/lib/lists'
import { userName } from '@/components/ui/role-users'
import { ShowMore } from '@/components/ui/show-more'

export const GOLD = '#c9a227'

function RankBadge({ member }: { member: LeaderboardMember }) {
  const icon = rankIcon(member)
  if (!icon) return null
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {icon === 'gold' ? (
        <WorkspacePremiumIcon sx={{ color: GOLD }} titleAccess="Gold" data-testid="rank-gold" />
      ) : (
        <EmojiEventsIcon sx={{ color: 'text.secondary' }} aria-hidden="true" data-testid="rank-trophy" />
      )}
      <Box component="span" sx={{ fontWeight: 800 }}>
        {member.rank}
      </Box>
    </Stack>
  )
}

export interface LeaderboardView {
  year: number
  sortBy: LeaderboardSortField
  direction: SortDirection
}

/** Who the board lists: an organization's members, so a dancer who battled shows only once a member. */
export const leaderboardEmptyText = (orgName: string) =>
  `The leaderboard lists the members of ${orgName} with the points they earn in its battles. Dancers who competed appear once they are added as members.`

interface LeaderboardProps {
  org: Organization
  today?: Date
  /** the choices, when the page keeps them (they outlive the tab's remounts); else the board keeps its own */
  view?: LeaderboardView
  onView?: (view: LeaderboardView) => void
}

/** The members tab: 'Leaderboard' with a year, Rank or A-Z order and a direction (seed 000 2.12). */
export function Leaderboard({ org, today = new Date(), view: given, onView }: LeaderboardProps) {
  const thisYear = today.getFullYear()
  const years = useMemo(() => leaderboardYears(new Date(thisYear, 0, 1)), [thisYear])
  const [own, setOwn] = useState<LeaderboardView>({ year: thisYear, sortBy: defaultLeaderboardSort(org.rankingDisabled), direction: 'asc' })
  const view = given ?? own
  const { year, sortBy, direction } = view
  const change = (changes: Partial<LeaderboardView>) => {
    const next = { ...view, ...changes }
    setOwn(next)
    onView?.(next)
  }
  const fields = leaderboardSortFields(org.rankingDisabled)
  const field = fields.some((option) => option.key === sortBy) ? sortBy : fields[0].key
  const board = useLeaderboardInfiniteQuery({ id: org.id, sb: leaderboardSortParam(field, direction), y: year })
  const members = (board.data?.pages ?? []).flatMap((page) => page ?? [])

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h3" component="h3">
          Leaderboard
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select size="small" label="Year" value={year} onChange={(event) => change({ year: Number(event.target.value) })} sx={{ minWidth: 130, flex: 1 }}>
            {years.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Sort by" value={field} onChange={(event) => change({ sortBy: event.target.value as LeaderboardSortField })} sx={{ minWidth: 120, flex: 1 }}>
            {fields.map((option) => (
              <MenuItem key={option.key} value={option.key}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <DirectionToggle direction={direction} onChange={(next) => change({ direction: next })} />
        </Stack>
      </Stack>

      {board.isLoading || (board.isFetching && !board.isFetchingNextPage && !members.length) ? (
        <PageLoader label="Loading the leaderboard" />
      ) : board.isError && !members.length ? (
        <ErrorState onRetry={() => void board.refetch()} retrying={board.isFetching} />
      ) : !members.length ? (
        <EmptyState icon={<GroupsIcon fontSize="inherit" />} title="No members yet" text={leaderboardEmptyText(org.name)} />
      ) : (
        <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 3, overflow: 'hidden', bgcolor: 'background.paper', opacity: board.isFetching && !board.isFetchingNextPage ? 0.6 : 1 }}>
          <Table size="small" aria-label={`Leaderboard of ${org.name}`} aria-busy={board.isFetching} sx={{ '& td, & th': { px: { xs: 1.25, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                {/* Seed 000 2.12: the columns are always Rank, Member, Points earned; disabling ranking hides only the rank sort. */}
                <TableCell sx={{ fontWeight: 800, width: 80 }}>Rank</TableCell>
                <TableCell sx={{ fontWeight: 800 }}>Member</TableCell>
                <TableCell align="right" sx={{ fontWeight: 800, whiteSpace: 'nowrap', width: '1%' }}>
                  Points earned
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member) => (
                <TableRow key={member.id} data-testid="leaderboard-row">
                  <TableCell>
                    <RankBadge member={member} />
                  </TableCell>
                  <TableCell>
                    <Link href={paths.profile.getHref(member.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, fontWeight: 700, py: 0.5 }}>
                      <ProfileAvatar aria-hidden="true" image={member.avatar} name={member.dancerName} size={36} />
                      {userName(member)}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {hasPoints(member) ? member.points : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ShowMore list={board} />
    </Box>
  )
}
