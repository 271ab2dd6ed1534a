import { useParams } from 'react-router'
import { CheckinPage } from '@/features/checkin'

export default function CheckinRoute() {
  const { idEvent } = useParams()
  return <CheckinPage key={idEvent} eventId={/^\d+$/.test(idEvent ?? '') ? Number(idEvent) : NaN} />
}
