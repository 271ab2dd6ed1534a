import { ComingSoon } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'

export default function MembersRoute() {
  useDocumentTitle('Members')
  return <ComingSoon title="Members" text="Every dancer on Cypher, searchable by name and location. This part of Cypher is being built." />
}
