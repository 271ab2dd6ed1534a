import { useParams } from 'react-router'
import { CreateEventEntry, CreateEventProcessing } from '@/features/events'

/** /create-event creates a draft; /create-event/{id} is CreateEventProcessing. */
export default function CreateEventRoute() {
  const rest = useParams()['*'] ?? ''
  if (!rest) return <CreateEventEntry />
  return <CreateEventProcessing key={rest} id={/^\d+$/.test(rest) ? Number(rest) : NaN} />
}
