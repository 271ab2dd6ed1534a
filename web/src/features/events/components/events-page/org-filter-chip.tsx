import { useFilterOrganizationQuery } from '../../api/events-api'

/** A chosen organization by its id, a button that removes it: its name once known (a link carries only ids). */
export function OrgFilterChip({ id, onRemove }: { id: number; onRemove: (id: number) => void }) {
  const { data } = useFilterOrganizationQuery(id)
  const name = data?.name ?? `Organization ${id}`
  return (
    <button type="button" className="org-chip" aria-label={`Remove ${name}`} onClick={() => onRemove(id)}>
      {name}
      <span aria-hidden="true" className="org-chip-x">
        ×
      </span>
    </button>
  )
}
