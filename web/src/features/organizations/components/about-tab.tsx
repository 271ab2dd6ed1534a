import { EntityAbout } from '@/components/entity/entity-about'
import type { Organization } from '../types'

/** The description (sanitised again here), 'Organization owners' and 'Date created'. */
export function AboutTab({ org }: { org: Organization }) {
  return (
    <EntityAbout
      name={org.name}
      description={org.description}
      descriptionTestId="org-description"
      noDescription="No description yet."
      ownersLabel="Organization owners"
      owners={org.admins}
      founded={org.founded}
    />
  )
}
