import { useParams } from 'react-router'
import { ProfilePage } from '@/features/profile'

export default function ProfileRoute() {
  const { id } = useParams()
  return <ProfilePage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
