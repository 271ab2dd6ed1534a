import { useParams } from 'react-router'
import { StudioPage } from '@/features/studios'

export default function StudioPageRoute() {
  const { id } = useParams()
  return <StudioPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
