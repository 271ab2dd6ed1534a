import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { MemberSection, useMemberSearch } from '@/components/entity/member-section'
import { memberTexts } from '@/components/entity/rules'
import { PageLoader } from '@/components/ui/feedback'
import { RoleUsers } from '@/components/ui/role-users'
import { UserPicker } from '@/components/ui/user-picker'
import { pageItems } from '@/lib/lists'
import { useAddStudioPersonMutation, useRemoveStudioPersonMutation, useStudioPeopleInfiniteQuery } from '../api/studios-api'
import { PEOPLE_SEARCH_MS, PEOPLE_TEXTS } from '../rules'
import type { Studio, StudioPeople, StudioUser } from '../types'

/**
 * A wizard step (4 to 6): the shared user picker (role admin, teacher or student) adds at once; the list
 * below is the server's, so a person shows only once the server took them.
 */
export function PeopleStep({ studio, people, meId }: { studio: Studio; people: StudioPeople; meId?: number }) {
  const texts = PEOPLE_TEXTS[people]
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people })
  const [add] = useAddStudioPersonMutation()
  const [remove] = useRemoveStudioPersonMutation()
  const [busyId, setBusyId] = useState<number | null>(null)
  const users: StudioUser[] = pageItems(list.data?.pages)

  const change = async (userId: number, removing: boolean) => {
    setBusyId(userId)
    try {
      await (removing ? remove : add)({ id: studio.id, people, userId }).unwrap()
    } catch {
      /* reported only (the base query's toast): the list stays as the server has it */
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Stack spacing={2}>
      <UserPicker label={texts.picker} selected={users} role={texts.role} allowInvite onPick={(user) => void change(user.id, false)} />
      <Box>
        <Typography variant="h4" component="h3" sx={{ mt: 1, mb: 0.5, fontSize: '1.1rem' }}>
          {PEOPLE_HEADINGS[people]} ({users.length})
        </Typography>
        {list.isLoading ? (
          <PageLoader label={`Loading ${people}`} />
        ) : (
          <RoleUsers users={users} label={PEOPLE_HEADINGS[people]} empty={texts.empty} busyId={busyId} onRemove={(user) => void change(user.id, true)} note={(user) => (user.id === meId ? 'You' : undefined)} />
        )}
      </Box>
    </Stack>
  )
}

const PEOPLE_HEADINGS: Record<StudioPeople, string> = { admins: 'Admins', teachers: 'Teachers', students: 'Students' }

/**
 * A settings section of people (admins, teachers, students): a search of the current ones, the list (100 a
 * page, infinite) with a remove icon each, and the add modal. Lists change only with the server's answer.
 */
export function PeopleSection({ studio, people }: { studio: Studio; people: StudioPeople }) {
  const texts = PEOPLE_TEXTS[people]
  const search = useMemberSearch(PEOPLE_SEARCH_MS)
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people, keyword: search.searched || undefined })
  const [add, added] = useAddStudioPersonMutation()
  const [remove, removed] = useRemoveStudioPersonMutation()
  const name = studio.name || 'the studio'

  return (
    <MemberSection
      texts={{
        ...memberTexts(texts.noun, people),
        picker: texts.picker,
        addNote: `Will be added to ${name} as ${texts.noun}:`,
        empty: { title: texts.empty },
        removeText: `They will no longer be listed as ${texts.noun === 'admin' ? 'an admin' : `a ${texts.noun}`} of ${name}.`,
      }}
      search={search}
      list={list}
      users={pageItems(list.data?.pages)}
      role={texts.role}
      add={async (userId) => Boolean(await add({ id: studio.id, people, userId }).unwrap())}
      adding={added.isLoading}
      remove={(user) => remove({ id: studio.id, people, userId: user.id }).unwrap()}
      removing={removed.isLoading}
    />
  )
}
