import { useParams } from 'react-router'
import { OrganizationSettingsPage } from '@/features/organizations'

export default function OrganizationSettingsRoute() {
  const { id } = useParams()
  return <OrganizationSettingsPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
