import { useParams } from 'react-router'
import { ReleaseProfilePage } from '@/features/settings'

export default function ReleaseProfileRoute() {
  const { id } = useParams()
  return <ReleaseProfilePage id={Number(id)} />
}
