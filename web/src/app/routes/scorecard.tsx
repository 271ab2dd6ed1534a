import { useParams } from 'react-router'
import { ScorecardPage } from '@/features/battles/components/scorecard/scorecard-page'

const number = (value: string | undefined) => (/^\d+$/.test(value ?? '') ? Number(value) : NaN)

export default function ScorecardRoute() {
  const { id, competitorId } = useParams()
  return <ScorecardPage key={`${id}-${competitorId}`} battleId={number(id)} competitorId={number(competitorId)} />
}
