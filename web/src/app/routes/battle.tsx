import { useParams } from 'react-router'
import { BattlePage } from '@/features/battles'

export default function BattleRoute() {
  const { id } = useParams()
  return <BattlePage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
