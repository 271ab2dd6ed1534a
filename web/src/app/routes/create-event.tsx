import { ComingSoon } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'

export default function CreateeventRoute() {
  useDocumentTitle('Create event')
  return <ComingSoon title="Create event" text="Organizers will create events with tiers, battles and display mode here. This part of Cypher is being built." />
}
