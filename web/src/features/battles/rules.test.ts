import { describe, expect, it } from 'vitest'
import { buildCrew, buildParticipant } from '@/testing/battle-builders'
import {
  addMember,
  agreementSigned,
  canEnterWinners,
  capLabel,
  categoryLabel,
  confirmTexts,
  crewSaveDisabled,
  crewSizeText,
  crewsCheckedIn,
  emptyPicks,
  filterCrews,
  isCheckedIn,
  isRealDate,
  needsEmptyCrewConfirm,
  nextPlaceText,
  pickedIds,
  pickWinner,
  picksFromWinners,
  prizeAmount,
  slotsOf,
  unsignedMembers,
  visiblePlacesFor,
  waiverSigned,
  winnerEntries,
  winnersByPlace,
  WINNER_PLACES,
} from './rules'

describe('battle labels', () => {
  it('names the category N vs N, and Unlimited for 10000', () => {
    expect(categoryLabel(1)).toBe('1 vs 1')
    expect(categoryLabel(10)).toBe('10 vs 10')
    expect(categoryLabel(10000)).toBe('Unlimited')
  })

  it('labels the caps, nothing for none', () => {
    expect(capLabel({ participationCapType: 'checkIn', limit: 16 })).toBe('Check-in cap: 16')
    expect(capLabel({ participationCapType: 'registration', limit: 32 })).toBe('Registration cap: 32')
    expect(capLabel({ participationCapType: 'none', limit: 0 })).toBeNull()
  })

  it('writes prize amounts in dollars', () => {
    expect(prizeAmount(300)).toBe('$300')
    expect(prizeAmount(12.5)).toBe('$12.50')
  })

  it('has the seed confirmation texts', () => {
    expect(confirmTexts.unregisterCrew('Floor Lords')).toBe('Are you sure you want to unregister crew Floor Lords?')
    expect(confirmTexts.decline('Ana', 'Floor Lords')).toBe("Are you sure you want to decline Ana from 'Floor Lords'?")
    expect(confirmTexts.uncheck('Ana')).toBe('Are you sure you want to un-check Ana?')
    expect(confirmTexts.unregisterFromCrew('Ana', 'Floor Lords')).toBe("Are you sure you want to unregister Ana from 'Floor Lords'?")
  })
})

describe('dates before 2000', () => {
  it('counts a date on or before the year 2000 as not there', () => {
    expect(isRealDate('2000-12-31T23:00:00Z')).toBe(false)
    expect(isRealDate('1970-01-01T00:00:00Z')).toBe(false)
    expect(isRealDate('2001-01-01T00:00:00Z')).toBe(true)
    expect(isRealDate(null)).toBe(false)
    expect(isRealDate('nonsense')).toBe(false)
  })

  it('signatures dated before 2000 are unsigned, whatever the flag', () => {
    expect(agreementSigned(buildParticipant(1, { agreementSigned: true, agreementSignedAt: '1999-01-01T00:00:00Z' }))).toBe(false)
    expect(agreementSigned(buildParticipant(1, { agreementSigned: true, agreementSignedAt: '2026-01-01T00:00:00Z' }))).toBe(true)
    expect(waiverSigned(buildParticipant(1, { waiverSigned: true, waiverSignedAt: '1990-05-01T00:00:00Z' }))).toBe(false)
    expect(waiverSigned(buildParticipant(1, { waiverSigned: false, waiverSignedAt: null }))).toBe(false)
  })

  it('a check-in counts with its number, or with a real date', () => {
    expect(isCheckedIn(buildParticipant(1, { randId: 3 }))).toBe(true)
    expect(isCheckedIn(buildParticipant(1, { checkedIn: true, checkedInAt: '1999-12-31T00:00:00Z' }))).toBe(false)
    expect(isCheckedIn(buildParticipant(1, { checkedIn: true, checkedInAt: '2026-12-05T18:00:00Z' }))).toBe(true)
    expect(isCheckedIn(buildParticipant(1))).toBe(false)
  })
})

describe('crews', () => {
  it('searches crews by a part of the name, any case', () => {
    const crews = [buildCrew(1, { name: 'Floor Lords' }), buildCrew(2, { name: 'Rock Steady' })]
    expect(filterCrews(crews, ' lord ').map((crew) => crew.id)).toEqual([1])
    expect(filterCrews(crews, '')).toHaveLength(2)
  })

  it('counts crews with a number as checked in', () => {
    expect(crewsCheckedIn([buildCrew(1, { randId: 1 }), buildCrew(2), buildCrew(3, { randId: 2 })])).toBe(2)
  })

  it("hides the '/size' suffix for unlimited crews", () => {
    expect(crewSizeText(buildCrew(1), 3)).toBe('2/3')
    expect(crewSizeText(buildCrew(1), 10000)).toBe('2')
  })

  it('ignores adds beyond the crew size and adds nobody twice; no limit at 10000', () => {
    const two = [{ id: 1 }, { id: 2 }]
    expect(addMember(two, { id: 3 }, 2)).toBe(two)
    expect(addMember(two, { id: 2 }, 3)).toBe(two)
    expect(addMember(two, { id: 3 }, 3).map((member) => member.id)).toEqual([1, 2, 3])
    const many = Array.from({ length: 12 }, (_, id) => ({ id }))
    expect(addMember(many, { id: 99 }, 10000)).toHaveLength(13)
  })

  it('disables save without a name, without members, or with someone unsigned', () => {
    expect(crewSaveDisabled('  ', [{ id: 1 }], [])).toBe(true)
    expect(crewSaveDisabled('Lords', [], [])).toBe(true)
    expect(crewSaveDisabled('Lords', [{ id: 1 }], [1])).toBe(true)
    expect(crewSaveDisabled('Lords', [{ id: 1 }], [])).toBe(false)
  })

  it('asks first for a crew of one or fewer', () => {
    expect(needsEmptyCrewConfirm([])).toBe(true)
    expect(needsEmptyCrewConfirm([{ id: 1 }])).toBe(true)
    expect(needsEmptyCrewConfirm([{ id: 1 }, { id: 2 }])).toBe(false)
  })

  it('lists the members who must sign what the caller can sign for', () => {
    const members = [{ id: 1 }, { id: 2 }, { id: 3 }]
    const needs = {
      hasAgreement: true,
      hasWaiver: true,
      canSignFor: (id: number) => id !== 3,
      agreementDone: (id: number) => id === 1 || id === 2,
      waiverDone: (id: number) => id === 1,
    }
    expect(unsignedMembers(members, needs)).toEqual([2])
    expect(unsignedMembers(members, { ...needs, hasWaiver: false })).toEqual([])
  })
})

describe('winners', () => {
  it('gives each place its slots: 1→1, 2→1, 4→2, 8→4, 16→8, 32→16', () => {
    expect([1, 2, 4, 8, 16, 32].map(slotsOf)).toEqual([1, 1, 2, 4, 8, 16])
  })

  it("doubles 'Add top N' from the last shown place up to 32", () => {
    expect(nextPlaceText(2)).toBe('Add top 4')
    expect(nextPlaceText(3)).toBe('Add top 8')
    expect(nextPlaceText(5)).toBe('Add top 32')
    expect(nextPlaceText(6)).toBeNull()
  })

  it('takes an entry once: a pick elsewhere is refused, the same slot may be re-picked or cleared', () => {
    let picks = pickWinner(emptyPicks(), 1, 0, 11)
    expect(pickWinner(picks, 2, 0, 11)).toBe(picks)
    picks = pickWinner(picks, 4, 1, 12)
    expect([...pickedIds(picks)].sort()).toEqual([11, 12])
    picks = pickWinner(picks, 1, 0, null)
    expect(pickWinner(picks, 2, 0, 11)[2]).toEqual([11])
  })

  it('sends the places shown with their chosen slots', () => {
    let picks = pickWinner(emptyPicks(), 1, 0, 11)
    picks = pickWinner(picks, 2, 0, 12)
    picks = pickWinner(picks, 4, 1, 13)
    expect(winnerEntries(picks, 3)).toEqual([
      { id: 11, place: 1 },
      { id: 12, place: 2 },
      { id: 13, place: 4 },
    ])
    expect(winnerEntries(picks, 2)).toEqual([
      { id: 11, place: 1 },
      { id: 12, place: 2 },
    ])
  })

  it('opens saved winners in their slots, showing down to the deepest place', () => {
    const winners = [
      { place: 1, id: 11, name: 'A', participants: [] },
      { place: 8, id: 14, name: 'D', participants: [] },
      { place: 8, id: 15, name: 'E', participants: [] },
    ]
    const picks = picksFromWinners(winners)
    expect(picks[1]).toEqual([11])
    expect(picks[8]).toEqual([14, 15, null, null])
    expect(visiblePlacesFor(winners)).toBe(4)
    expect(visiblePlacesFor([])).toBe(2)
    expect(winnersByPlace(winners).map((group) => group.title)).toEqual(['1st Place', 'Top 8'])
  })

  it("shows a bracket's 3rd Place between 2nd Place and Top 4 (a battle for third place), never offered by hand", () => {
    const winners = [4, 2, 1, 3].map((place) => ({ place, id: 10 + place, name: `W${place}`, participants: [] }))
    expect(winnersByPlace(winners).map((group) => [group.title, group.winners.map((winner) => winner.name)])).toEqual([
      ['1st Place', ['W1']],
      ['2nd Place', ['W2']],
      ['3rd Place', ['W3']],
      ['Top 4', ['W4']],
    ])
    expect(WINNER_PLACES).not.toContain(3)
  })

  it('lets editors enter classic results once the event is past', () => {
    const past = { canEdit: true, style: 'classic' as const, event: { id: 1, title: '', period: 'past' as const, organizerId: 1 } }
    expect(canEnterWinners(past)).toBe(true)
    expect(canEnterWinners({ ...past, canEdit: false })).toBe(false)
    expect(canEnterWinners({ ...past, style: 'bracket' })).toBe(false)
    expect(canEnterWinners({ ...past, event: { ...past.event, period: 'now' } })).toBe(false)
  })
})
