import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useNotFound } from '@/lib/not-found'
import { useBattleByIdQuery } from '@/lib/api/battles'
import { useCreatePrelimsGroupsMutation } from '../../api/prelims-api'
import { PRELIMS_TEXTS } from '../../prelims-rules'
import type { GroupsType } from '../../prelims-types'
import { PrelimsFrame } from './prelims-frame'

/** The amount field: a whole number of at least 1, or null. */
export const groupsAmount = (text: string): number | null => (/^\s*\d+\s*$/.test(text) && Number(text) >= 1 ? Number(text) : null)

/**
 * /battle/{id}/prelims/groups, Creating Groups (docs/product/competition.md): the amount and the way (random or by
 * assigned number). The server deals the checked-in competitors; one group only is no grouping at all: the
 * groups are removed (amount 0, random) and the prelims open in the list view.
 */
export function GroupsPage({ battleId, liveDelayMs }: { battleId: number; liveDelayMs?: number }) {
  const valid = Number.isInteger(battleId) && battleId > 0
  const battle = useBattleByIdQuery(battleId, { skip: !valid })
  const [create, creating] = useCreatePrelimsGroupsMutation()
  const navigate = useNavigate()
  const [amount, setAmount] = useState('2')
  const [type, setType] = useState<GroupsType>('random')
  useNotFound(!valid || isNotFound(battle.error))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const count = groupsAmount(amount)
    if (count === null || !battle.data) return
    try {
      const answer = await create({ battleId, amount: count, type }).unwrap()
      if (answer.groups.length === 1 && battle.data.canEdit) {
        await create({ battleId, amount: 0, type: 'random' }).unwrap()
        navigate(paths.battlePrelims.getHref(battleId, 'list'))
      } else {
        navigate(paths.battlePrelims.getHref(battleId, answer.groups.length > 1 ? 'groups' : 'list'))
      }
    } catch {
      /* the failure was shown as a toast */
    }
  }

  const content = () => {
    if (battle.error && !battle.data) return <ErrorState onRetry={() => void battle.refetch()} retrying={battle.isFetching} />
    if (!battle.data) return <PageLoader label="Loading battle" />
    if (!battle.data.canEdit) return <Alert severity="info">Only the battle's organizers and admins create groups.</Alert>
    const invalid = groupsAmount(amount) === null
    return (
      <Stack component="form" onSubmit={submit} noValidate spacing={3} sx={{ mt: 2, maxWidth: 420 }}>
        <TextField
          label="Amount of groups"
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={invalid}
          helperText={invalid ? 'At least 1 group' : 'Only checked-in competitors are dealt into groups.'}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          sx={{ '& .MuiInputBase-root': { minHeight: 48 } }}
        />
        <FormControl>
          <FormLabel id="groups-type">Type</FormLabel>
          <RadioGroup aria-labelledby="groups-type" value={type} onChange={(event) => setType(event.target.value as GroupsType)}>
            <FormControlLabel value="random" control={<Radio />} label="Random" sx={{ minHeight: 44 }} />
            <FormControlLabel value="number" control={<Radio />} label="By number" sx={{ minHeight: 44 }} />
          </RadioGroup>
        </FormControl>
        <Button type="submit" variant="contained" disabled={invalid || creating.isLoading} sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
          {PRELIMS_TEXTS.createGroups}
        </Button>
      </Stack>
    )
  }

  if (!valid || isNotFound(battle.error)) return null
  return (
    <PrelimsFrame battleId={battleId} title={PRELIMS_TEXTS.groupsTitle} subtitle={battle.data?.title} liveDelayMs={liveDelayMs}>
      {content()}
    </PrelimsFrame>
  )
}
