import { useMatch, useParams } from 'react-router'
import { BattlePage } from '@/features/battles'
import { paths } from '@/config/paths'

/** /battle/{id}, /battle/{id}/prelims and /battle/{id}/brackets: one page, its tab by the route. */
export default function BattleRoute() {
  const { id } = useParams()
  const prelims = useMatch(paths.battlePrelims.path)
  const brackets = useMatch(paths.battleBrackets.path)
  const tab = prelims ? 'prelims' : brackets ? 'brackets' : 'registration'
  return <BattlePage key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} tab={tab} />
}
