import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { ErrorState } from '@/components/ui/error-state'
import { EmptyState, PageLoader } from '@/components/ui/feedback'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { SearchField } from '@/components/ui/search-field'
import { isNotFound } from '@/lib/api/base'
import { useNotFound } from '@/lib/not-found'
import { toastShown } from '@/lib/toast'
import { useBattleByIdQuery } from '@/lib/api/battles'
import { useMovePrelimsMemberMutation, usePrelimsByBattleQuery } from '../../api/prelims-api'
import { groupMembers, memberWord, PRELIMS_TEXTS, searchRows } from '../../prelims-rules'
import type { PrelimsGroupMember, PrelimsGroup } from '../../prelims-types'
import { PrelimsFrame } from './prelims-frame'

/** A member's row; for editors, a menu that moves it to another group. */
function MemberRow({ member, others, canEdit, onMove }: { member: PrelimsGroupMember; others: PrelimsGroup[]; canEdit: boolean; onMove: (group: PrelimsGroup) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const name = member.name || ''
  return (
    <Stack component="li" direction="row" data-testid={`member-${member.id}`} sx={{ alignItems: 'center', gap: 1.5, py: 1, borderBottom: '1px solid', borderColor: 'divider', flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 800, minWidth: 36, color: 'text.secondary' }}>{member.randId != null ? `#${member.randId}` : '—'}</Typography>
      <ProfileAvatar image={member.avatar} name={name} size={40} />
      <Typography sx={{ fontWeight: 700, flex: '1 1 140px', overflowWrap: 'anywhere' }}>{name}</Typography>
      {/* points average, pass status and prelim scores are placeholders in group rows (docs/product/competition.md) */}
      <Typography sx={{ color: 'text.secondary', minWidth: 48, textAlign: 'center' }} aria-label="Points average">
        —
      </Typography>
      {canEdit && others.length ? (
        <>
          <IconButton aria-label={`Actions for ${name}`} aria-haspopup="menu" aria-expanded={anchor ? true : undefined} onClick={(event) => setAnchor(event.currentTarget)} sx={{ width: 44, height: 44 }}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {others.map((group) => (
              <MenuItem
                key={group.id}
                sx={{ minHeight: 44 }}
                onClick={() => {
                  setAnchor(null)
                  onMove(group)
                }}
              >
                Move to {group.name}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Stack>
  )
}

/** /battle/{id}/prelims/group/{groupId}, Group info (docs/product/competition.md): the group's members, the move menu. */
export function GroupPage({ battleId, groupId, liveDelayMs }: { battleId: number; groupId: number; liveDelayMs?: number }) {
  const valid = Number.isInteger(battleId) && battleId > 0 && Number.isInteger(groupId) && groupId > 0
  const dispatch = useAppDispatch()
  const battle = useBattleByIdQuery(battleId, { skip: !valid })
  const prelims = usePrelimsByBattleQuery({ battleId, sb: 'value-desc' }, { skip: !valid })
  const [move] = useMovePrelimsMemberMutation()
  const [keyword, setKeyword] = useState('')
  const missing = !valid || isNotFound(battle.error)
  useNotFound(missing)
  if (missing) return null

  const group = prelims.data?.groups.find((candidate) => candidate.id === groupId)
  const crew = Boolean(prelims.data?.crews)
  const content = () => {
    if (prelims.error && !prelims.data) return isNotFound(prelims.error) ? <EmptyState title={PRELIMS_TEXTS.empty} /> : <ErrorState onRetry={() => void prelims.refetch()} retrying={prelims.isFetching} />
    if (!prelims.data) return <PageLoader label="Loading group" />
    if (!group) return <EmptyState title="This group does not exist" />
    const members = groupMembers(group)
    const shown = searchRows(members, keyword)
    const others = prelims.data.groups.filter((candidate) => candidate.id !== group.id)
    const onMove = async (member: PrelimsGroupMember, target: PrelimsGroup) => {
      try {
        await move({ battleId, groupId: target.id, target: member.id }).unwrap()
        dispatch(toastShown('movedParticipant'))
      } catch {
        /* the failure was shown as a toast */
      }
    }
    return (
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mt: 2 }}>
          {group.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 1 }} data-testid="group-count">
          {members.length} {memberWord(crew, members.length)}
        </Typography>
        <SearchField label={PRELIMS_TEXTS.search} value={keyword} onChange={setKeyword} sx={{ width: '100%', maxWidth: { sm: 420 }, mb: 1 }} />
        {shown.length ? (
          <Box component="ul" aria-label={`${group.name} members`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((member) => (
              <MemberRow key={member.id} member={member} others={others} canEdit={Boolean(battle.data?.canEdit)} onMove={(target) => void onMove(member, target)} />
            ))}
          </Box>
        ) : (
          <EmptyState title={PRELIMS_TEXTS.empty} />
        )}
      </Box>
    )
  }
  return (
    <PrelimsFrame battleId={battleId} title={PRELIMS_TEXTS.groupTitle} subtitle={battle.data?.title} liveDelayMs={liveDelayMs}>
      {content()}
    </PrelimsFrame>
  )
}
