import { ComingSoon } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'

export default function EventsRoute() {
  useDocumentTitle('Events')
  return <ComingSoon title="Events" text="Battles, jams and workshops near you, in a grid, on a map and in a calendar. This part of Cypher is being built." />
}
