import { MemberSection, useMemberSearch } from '@/components/entity/member-section'
import { memberTexts } from '@/components/entity/rules'
import { pageItems } from '@/lib/lists'
import { useAddMemberMutation, useListMembersInfiniteQuery, useRemoveMemberMutation } from '../../api/organizations-api'
import { SETTINGS_MEMBERS_SEARCH_MS } from '../../rules'
import type { Organization } from '../../types'

/**
 * 'Members (count)': a search of the current members, the list (100 a page, infinite), remove, and 'Add member'
 * (POST /orgs/{id}/members/{userId}, "ok" counts).
 */
export function MembersSection({ org }: { org: Organization }) {
  const search = useMemberSearch(SETTINGS_MEMBERS_SEARCH_MS)
  const list = useListMembersInfiniteQuery({ id: org.id, k: search.searched || undefined })
  const [add, added] = useAddMemberMutation()
  const [remove, removed] = useRemoveMemberMutation()

  return (
    <MemberSection
      texts={{
        ...memberTexts('member', 'members'),
        picker: 'Search users to add',
        addNote: `Will be added to ${org.name}:`,
        empty: { title: 'No members yet', text: 'Add the dancers who belong to the organization: their battle points count on its leaderboard.' },
        removeText: `They will no longer be a member of ${org.name}, and their points leave its leaderboard.`,
      }}
      search={search}
      list={list}
      users={pageItems(list.data?.pages)}
      add={async (userId) => (await add({ id: org.id, userId }).unwrap()) === 'ok'}
      adding={added.isLoading}
      remove={(member) => remove({ id: org.id, userId: member.id }).unwrap()}
      removing={removed.isLoading}
      retries
    />
  )
}
