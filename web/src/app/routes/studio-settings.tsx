import { useParams } from 'react-router'
import { StudioSettingsPage } from '@/features/studios'

export default function StudioSettingsPageRoute() {
  const { id } = useParams()
  return <StudioSettingsPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
