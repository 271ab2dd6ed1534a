import { ComingSoon } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'

export default function StudiosRoute() {
  useDocumentTitle('Studios')
  return <ComingSoon title="Studios" text="Where breakers train: studios with their teachers, students and competitions. This part of Cypher is being built." />
}
