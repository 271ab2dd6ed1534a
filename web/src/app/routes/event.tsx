import { useParams } from 'react-router'
import { EventPage } from '@/features/events'
import { eventMediaPanel } from '@/app/media-screens'

export default function EventRoute() {
  const { id } = useParams()
  return <EventPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} mediaPanel={eventMediaPanel} />
}
