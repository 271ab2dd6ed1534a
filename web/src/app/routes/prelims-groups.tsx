import { useParams } from 'react-router'
import { GroupsPage } from '@/features/battles'

export default function PrelimsGroupsRoute() {
  const { id } = useParams()
  return <GroupsPage key={id} battleId={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
