import { useParams } from 'react-router'
import { ScoreboardPage } from '@/features/battles/components/scoreboard/scoreboard-page'

const idOf = (value: string | undefined) => (/^\d+$/.test(value ?? '') ? Number(value) : NaN)

export default function ScoreboardRoute() {
  const { id, carpetId } = useParams()
  return <ScoreboardPage key={`${id}-${carpetId}`} eventId={idOf(id)} carpetId={idOf(carpetId)} />
}
