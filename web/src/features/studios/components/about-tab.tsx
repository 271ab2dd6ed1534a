import { EntityAbout } from '@/components/entity/entity-about'
import { STUDIO_TEXTS } from '../rules'
import type { Studio } from '../types'

/** About: the description (sanitised again here), 'Studio owners' and 'Date created'. */
export function AboutTab({ studio }: { studio: Studio }) {
  return (
    <EntityAbout
      name={studio.name}
      description={studio.description}
      descriptionTestId="studio-description"
      noDescription={STUDIO_TEXTS.noInformation}
      ownersLabel={STUDIO_TEXTS.owners}
      owners={studio.admins}
      founded={studio.founded}
    />
  )
}
