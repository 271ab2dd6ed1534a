import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import { useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { ModalDialog } from '@/components/ui/dialogs'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { UserPicker } from '@/components/ui/user-picker'
import { paths } from '@/config/paths'
import { toastShown } from '@/lib/toast'
import { useAddRoleMutation, useRemoveRoleMutation } from '../../api/organizations-api'
import { ROLE_TEXTS, roleChanges } from '../../rules'
import type { Organization, OrganizationsUser, Role } from '../../types'
import { RoleUsers, userName } from '@/components/ui/role-users'

const tileSx = {
  width: '100%',
  height: '100%',
  minHeight: 132,
  borderRadius: 3,
  border: '1px solid',
  borderColor: 'divider',
  bgcolor: 'background.paper',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 1,
  p: 1.5,
  textAlign: 'center',
} as const

/**
 * The picker of the 'Edit admin' / 'Edit promoter' tile: picks and removals are staged here and sent on Save
 * (POST or DELETE /orgs/{id}/role each); the organization's lists change with the server's answers only.
 */
function RoleEditor({ org, role, open, onClose }: { org: Organization; role: Role; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch()
  const stored = role === 'admin' ? org.admins : org.promoters
  const [staged, setStaged] = useState<OrganizationsUser[]>(stored)
  const [saving, setSaving] = useState(false)
  const [addRole] = useAddRoleMutation()
  const [removeRole] = useRemoveRoleMutation()
  const texts = ROLE_TEXTS[role]

  const save = async () => {
    const { add, remove } = roleChanges(stored, staged)
    setSaving(true)
    try {
      for (const userId of add) await addRole({ id: org.id, userId, role }).unwrap()
      for (const userId of remove) await removeRole({ id: org.id, userId, role }).unwrap()
      dispatch(toastShown('changesSaved'))
      onClose()
    } catch {
      /* what went through is applied; the refusal (e.g. the last admin) was shown as a toast */
    } finally {
      setSaving(false)
    }
  }

  return (
    <ModalDialog
      open={open}
      title={texts.heading}
      onClose={onClose}
      action={{ label: 'Save', onClick: save, disabled: saving }}
    >
      <Box sx={{ pt: 1, minHeight: 340 }}>
        <UserPicker label={texts.picker} selected={staged} role={role} allowInvite autoFocus onPick={(user) => setStaged((current) => [...current, user])} />
        <RoleUsers
          users={staged}
          label={texts.heading}
          empty={texts.empty}
          onRemove={(user) => setStaged((current) => current.filter((item) => item.id !== user.id))}
          note={(user) => (stored.some((item) => item.id === user.id) ? undefined : 'Added when you save')}
        />
      </Box>
    </ModalDialog>
  )
}

/** 'Admins' or 'Promoters': a tile per user and an 'Edit admin' / 'Edit promoter' tile opening the picker. */
export function RolesSection({ org, role }: { org: Organization; role: Role }) {
  const [editing, setEditing] = useState(false)
  const users = role === 'admin' ? org.admins : org.promoters
  const texts = ROLE_TEXTS[role]
  return (
    <Box>
      <Box component="ul" aria-label={texts.heading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))' }}>
        {users.map((user) => (
          <Box component="li" key={user.id}>
            <Box sx={tileSx}>
              <ProfileAvatar aria-hidden="true" image={user.avatar} name={user.dancerName} size={56} />
              <Link href={paths.profile.getHref(user.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {userName(user)}
              </Link>
            </Box>
          </Box>
        ))}
        <Box component="li">
          <ButtonBase
            onClick={() => setEditing(true)}
            sx={{ ...tileSx, borderStyle: 'dashed', borderColor: 'text.secondary', color: 'text.primary', '&:hover': { bgcolor: 'action.hover' }, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main' } }}
          >
            <EditIcon aria-hidden="true" />
            <Typography sx={{ fontWeight: 800 }}>{texts.tile}</Typography>
          </ButtonBase>
        </Box>
      </Box>
      {!users.length ? (
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>{texts.empty}</Typography>
      ) : null}
      <Stack>
        {/* a fresh editor each time it opens: it starts from the stored list */}
        {editing ? <RoleEditor org={org} role={role} open={editing} onClose={() => setEditing(false)} /> : null}
      </Stack>
    </Box>
  )
}
