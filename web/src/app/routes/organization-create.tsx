import { useParams } from 'react-router'
import { CreateOrganizationPage } from '@/features/organizations'

export default function CreateOrganizationRoute() {
  const { id } = useParams()
  return <CreateOrganizationPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
