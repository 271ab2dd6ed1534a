import { useParams } from 'react-router'
import { SparringPage } from '@/features/battles/components/sparring/sparring-page'

export default function SparringRoute() {
  const { id } = useParams()
  return <SparringPage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
}
