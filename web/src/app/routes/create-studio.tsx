import { useParams } from 'react-router'
import { CreateStudioPage } from '@/features/studios'

export default function CreateStudioPageRoute() {
  const { id } = useParams()
  return <CreateStudioPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
