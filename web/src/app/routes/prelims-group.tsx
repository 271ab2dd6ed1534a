import { useParams } from 'react-router'
import { GroupPage } from '@/features/battles'

const number = (raw: string | undefined) => (/^\d+$/.test(raw ?? '') ? Number(raw) : NaN)

export default function PrelimsGroupRoute() {
  const { id, groupId } = useParams()
  return <GroupPage key={`${id}:${groupId}`} battleId={number(id)} groupId={number(groupId)} />
}
