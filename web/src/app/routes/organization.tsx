import { useParams } from 'react-router'
import { OrgEventsTab } from '@/features/events'
import { OrganizationPage } from '@/features/organizations'
import { orgMediaScreens } from '@/app/media-screens'

export default function OrganizationRoute() {
  const { id } = useParams()
  return <OrganizationPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} eventsTab={(org) => <OrgEventsTab org={org} />} media={orgMediaScreens} />
}
