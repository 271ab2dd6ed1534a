import { useAppDispatch } from '@/app/hooks'
import { toastShown } from '@/lib/toast'
import { orgUpdate, useSaveOrganizationMutation } from '../api/organizations-api'
import type { Organization, OrganizationUpdate } from '../types'

/**
 * An editor's save: the organization's name (every save sends it) plus the changes, then the changesSaved
 * toast; it answers the saved organization. A refusal rejects: the base query showed it as a toast, and a
 * section may show it on the field too.
 */
export function useSaveOrganization(org: Organization) {
  const dispatch = useAppDispatch()
  const [save, { isLoading }] = useSaveOrganizationMutation()
  const saveChanges = async (changes: Partial<OrganizationUpdate>) => {
    const saved = await save({ id: org.id, body: orgUpdate(org, changes) }).unwrap()
    dispatch(toastShown('changesSaved'))
    return saved
  }
  return [saveChanges, isLoading] as const
}
