import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import { useBattleSetWinnersMutation } from '../api/battles-api'
import {
  BATTLE_TEXTS,
  canEnterWinners,
  dancerLabel,
  emptyPicks,
  isCrewBattle,
  nextPlaceText,
  pickedIds,
  pickWinner,
  picksFromWinners,
  placeTitle,
  slotsOf,
  visiblePlacesFor,
  winnerEntries,
  winnersByPlace,
  WINNER_PLACES,
} from '../rules'
import type { Battle } from '../types'
import { SectionTitle } from './list-pieces'

const TROPHY_COLORS: Record<number, string> = { 1: '#d4a017', 2: '#9e9e9e' }

/** The winners once set: each place with its entries and, for crews, the members' avatars. */
function WinnersList({ battle }: { battle: Battle }) {
  return (
    <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Winners">
      {winnersByPlace(battle.winners).map((group) =>
        group.winners.map((winner) => (
          <Paper component="li" key={`${group.place}-${winner.id}`} elevation={0} sx={{ p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}>
            <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <EmojiEventsIcon aria-hidden="true" sx={{ color: TROPHY_COLORS[group.place] ?? '#b87333' }} />
              <Typography sx={{ fontWeight: 800, minWidth: 90 }}>{group.title}</Typography>
              <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {battle.style === 'bracket' && !battle.isHiddenParticipants ? (
                  <Link component={RouterLink} to={paths.scorecard.getHref(battle.id, winner.id)} aria-label={`${winner.name ?? 'Winner'}: scorecard`}>
                    {winner.name}
                  </Link>
                ) : (
                  winner.name
                )}
              </Typography>
              {isCrewBattle(battle) ? (
                <Stack direction="row" sx={{ gap: 0.5 }}>
                  {winner.participants.map((member) => (
                    <ProfileAvatar key={member.id} image={member.avatar} name={member.dancerName} size={28} title={member.dancerName ?? undefined} />
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </Paper>
        )),
      )}
    </Stack>
  )
}

/**
 * The winner editor (docs/product/competition.md): 'Add Results', 1st and 2nd Place first, 'Add top N' doubling to
 * 32, one select per slot of the crews by name (dancers in single battles), an entry picked once; Save needs a
 * winner; Cancel only when winners exist.
 */
function WinnerEditor({ battle, onDone }: { battle: Battle; onDone?: () => void }) {
  const [picks, setPicks] = useState(() => (battle.winners.length ? picksFromWinners(battle.winners) : emptyPicks()))
  const [visible, setVisible] = useState(() => visiblePlacesFor(battle.winners))
  const [save, { isLoading }] = useBattleSetWinnersMutation()
  const crews = isCrewBattle(battle)
  const choices = crews ? battle.crews.map((crew) => ({ id: crew.id, name: crew.name })) : battle.participants.map((participant) => ({ id: participant.id, name: dancerLabel(participant) }))
  const taken = pickedIds(picks)
  const entries = winnerEntries(picks, visible)
  const more = nextPlaceText(visible)

  const submit = async () => {
    try {
      const updated = await save({ battleId: battle.id, winners: entries }).unwrap()
      if (updated.winners?.length) onDone?.()
    } catch {
      /* the failure was shown as a toast */
    }
  }

  return (
    <Paper elevation={0} component="section" aria-labelledby="winner-editor-title" sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', borderRadius: 3, mt: 2 }}>
      <Typography variant="h2" id="winner-editor-title" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {BATTLE_TEXTS.addResults}
      </Typography>
      <Stack spacing={2}>
        {WINNER_PLACES.slice(0, visible).map((place) => (
          <Box key={place} role="group" aria-labelledby={`place-${place}`}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
              <EmojiEventsIcon aria-hidden="true" sx={{ color: TROPHY_COLORS[place] ?? '#b87333' }} />
              <Typography id={`place-${place}`} sx={{ fontWeight: 800 }}>
                Add {placeTitle(place)}
              </Typography>
            </Stack>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: slotsOf(place) > 1 ? '1fr 1fr' : '1fr' } }}>
              {Array.from({ length: slotsOf(place) }, (_, slot) => {
                const value = picks[place][slot]
                return (
                  <TextField
                    key={slot}
                    select
                    size="medium"
                    value={value ?? ''}
                    onChange={(event) => setPicks((now) => pickWinner(now, place, slot, event.target.value ? Number(event.target.value) : null))}
                    slotProps={{
                      select: { native: true },
                      htmlInput: { 'aria-label': slotsOf(place) > 1 ? `${placeTitle(place)} ${slot + 1}` : placeTitle(place) },
                    }}
                  >
                    <option value="">{crews ? 'Choose a crew' : 'Choose a dancer'}</option>
                    {choices.map((choice) => (
                      <option key={choice.id} value={choice.id} disabled={taken.has(choice.id) && choice.id !== value}>
                        {choice.name}
                      </option>
                    ))}
                  </TextField>
                )
              })}
            </Box>
          </Box>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        {more ? (
          <Button variant="text" sx={{ minHeight: 48 }} onClick={() => setVisible((count) => Math.min(count + 1, WINNER_PLACES.length))}>
            {more}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {battle.winners.length ? (
          <Button color="inherit" sx={{ minHeight: 48 }} onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button variant="contained" sx={{ minHeight: 48 }} disabled={!entries.length || isLoading} onClick={() => void submit()}>
          Save
        </Button>
      </Stack>
    </Paper>
  )
}

/** The winners once set, and the editor for those who may enter them. */
export function WinnersSection({ battle }: { battle: Battle }) {
  const [editing, setEditing] = useState(false)
  const editable = canEnterWinners(battle)
  const has = battle.winners.length > 0
  if (!has && !editable) return null
  return (
    <Box sx={{ mt: 3 }}>
      {has ? (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <SectionTitle>Winners</SectionTitle>
            {editable && !editing ? (
              <Button sx={{ minHeight: 48 }} onClick={() => setEditing(true)}>
                Edit results
              </Button>
            ) : null}
          </Stack>
          <WinnersList battle={battle} />
        </>
      ) : null}
      {editable && (!has || editing) ? <WinnerEditor key={has ? 'edit' : 'new'} battle={battle} onDone={() => setEditing(false)} /> : null}
    </Box>
  )
}
