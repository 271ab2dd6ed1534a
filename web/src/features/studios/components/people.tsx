import { MemberSection, useMemberSearch } from '@/components/entity/member-section'
import { PeopleStep } from '@/components/entity/people-step'
import { memberTexts } from '@/components/entity/rules'
import { pageItems } from '@/lib/lists'
import { useAddStudioPersonMutation, useRemoveStudioPersonMutation, useStudioPeopleInfiniteQuery } from '../api/studios-api'
import { PEOPLE_SEARCH_MS, PEOPLE_TEXTS } from '../rules'
import type { Studio, StudioPeople } from '../types'

/** A wizard step (4 to 6): the shared user picker (role admin, teacher or student) adds at once. */
export function PeopleWizardStep({ studio, people, meId }: { studio: Studio; people: StudioPeople; meId?: number }) {
  const texts = PEOPLE_TEXTS[people]
  const list = useStudioPeopleInfiniteQuery({ id: studio.id, people })
  const [add] = useAddStudioPersonMutation()
  const [remove] = useRemoveStudioPersonMutation()
  return (
    <PeopleStep
      picker={texts.picker}
      role={texts.role}
      heading={PEOPLE_HEADINGS[people]}
      empty={texts.empty}
      users={pageItems(list.data?.pages)}
      loading={list.isLoading ? `Loading ${people}` : undefined}
      change={(userId, removing) => (removing ? remove : add)({ id: studio.id, people, userId }).unwrap()}
      meId={meId}
    />
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
