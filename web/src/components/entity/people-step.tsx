import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { PageLoader } from '@/components/ui/feedback'
import { RoleUsers, type RoleUser } from '@/components/ui/role-users'
import { UserPicker, type PickerRole } from '@/components/ui/user-picker'

interface PeopleStepProps {
  /** the picker's label ('Select admins') and role */
  picker: string
  role: PickerRole
  /** the list's heading, followed by its count, and its name */
  heading: string
  empty: string
  users: RoleUser[]
  /** while the list is read: the loader's label */
  loading?: string
  /** adds (or removes) a user; the list changes only with the server's answer */
  change: (userId: number, remove: boolean) => Promise<unknown>
  /** the user who is creating (tagged 'You') */
  meId?: number
}

/**
 * A creation wizard's step of people (an organization's admins or promoters, a studio's admins, teachers or
 * students): the user picker adds at once; the list below is the server's, so a person shows only once the
 * server took them.
 */
export function PeopleStep({ picker, role, heading, empty, users, loading, change, meId }: PeopleStepProps) {
  const [busyId, setBusyId] = useState<number | null>(null)

  const run = async (userId: number, remove: boolean) => {
    setBusyId(userId)
    try {
      await change(userId, remove)
    } catch {
      /* the failure was shown as a toast: the list stays as the server has it */
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Stack spacing={2}>
      <UserPicker label={picker} selected={users} role={role} allowInvite onPick={(user) => void run(user.id, false)} />
      <Box>
        <Typography variant="h4" component="h3" sx={{ mt: 1, mb: 0.5 }}>
          {heading} ({users.length})
        </Typography>
        {loading ? (
          <PageLoader label={loading} />
        ) : (
          <RoleUsers users={users} label={heading} empty={empty} busyId={busyId} onRemove={(user) => void run(user.id, true)} note={(user) => (user.id === meId ? 'You' : undefined)} />
        )}
      </Box>
    </Stack>
  )
}
