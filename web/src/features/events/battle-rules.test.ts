import { describe, expect, it } from 'vitest'
import { buildBattle } from '@/testing/battle-builders'
import {
  battleCategory,
  battleForSave,
  battleUpdate,
  bracketLevels,
  chooseCap,
  clampRounds,
  CREW_SIZES,
  hideParticipants,
  nextPrizePlace,
  parseAmount,
  parseLimit,
  prizeAmount,
  registrationCapDisabled,
  startToWall,
  wallToStart,
  type CapState,
} from './battle-rules'
import type { Battle, BattleDraft } from './types'

const cap = (overrides: Partial<CapState> = {}): CapState => ({ hideParticipants: false, participationCapType: 'none', limit: 0, ...overrides })

describe('battle categories', () => {
  it('are 1 vs 1 to 10 vs 10 and Unlimited (10000)', () => {
    expect(CREW_SIZES.map((size) => size.label)).toEqual([...Array.from({ length: 10 }, (_, index) => `${index + 1} vs ${index + 1}`), 'Unlimited'])
    expect(CREW_SIZES.at(-1)?.value).toBe(10000)
    expect(battleCategory(1)).toBe('1 vs 1')
    expect(battleCategory(10)).toBe('10 vs 10')
    expect(battleCategory(10000)).toBe('Unlimited')
  })
})

describe('bracket levels', () => {
  it('2 gives only Final', () => {
    expect(bracketLevels(2)).toEqual([{ name: 'Final', rounds: 1 }])
  })
  it('4 gives Semi-final and Final', () => {
    expect(bracketLevels(4).map((level) => level.name)).toEqual(['Semi-final', 'Final'])
  })
  it('otherwise Top N levels down to 8, Semi-final and Final, each with 1 round', () => {
    expect(bracketLevels(8).map((level) => level.name)).toEqual(['Top 8', 'Semi-final', 'Final'])
    expect(bracketLevels(16).map((level) => level.name)).toEqual(['Top 16', 'Top 8', 'Semi-final', 'Final'])
    expect(bracketLevels(32)).toEqual([
      { name: 'Top 32', rounds: 1 },
      { name: 'Top 16', rounds: 1 },
      { name: 'Top 8', rounds: 1 },
      { name: 'Semi-final', rounds: 1 },
      { name: 'Final', rounds: 1 },
    ])
  })
  it('rounds are 1 to 101', () => {
    expect(clampRounds(0)).toBe(1)
    expect(clampRounds(-3)).toBe(1)
    expect(clampRounds(101)).toBe(101)
    expect(clampRounds(102)).toBe(101)
    expect(clampRounds(Number.NaN)).toBe(1)
  })
})

describe('participation cap', () => {
  it('choosing a cap sets it; choosing the same cap again resets it to none with limit 0', () => {
    expect(chooseCap(cap(), 'registration')).toMatchObject({ participationCapType: 'registration' })
    expect(chooseCap(cap({ participationCapType: 'registration', limit: 32 }), 'registration')).toMatchObject({ participationCapType: 'none', limit: 0 })
    expect(chooseCap(cap({ participationCapType: 'checkIn', limit: 16 }), 'checkIn')).toMatchObject({ participationCapType: 'none', limit: 0 })
  })
  it('switching to the other cap keeps the limit', () => {
    expect(chooseCap(cap({ participationCapType: 'checkIn', limit: 16 }), 'registration')).toMatchObject({ participationCapType: 'registration', limit: 16 })
  })
  it('hiding participants while the registration cap is on resets the cap to none with limit 0', () => {
    expect(hideParticipants(cap({ participationCapType: 'registration', limit: 32 }), true)).toEqual(cap({ hideParticipants: true }))
  })
  it('hiding participants keeps a check-in cap', () => {
    expect(hideParticipants(cap({ participationCapType: 'checkIn', limit: 8 }), true)).toEqual(cap({ hideParticipants: true, participationCapType: 'checkIn', limit: 8 }))
  })
  it('the registration cap is disabled while participants are hidden', () => {
    expect(registrationCapDisabled(cap({ hideParticipants: true }))).toBe(true)
    expect(registrationCapDisabled(cap())).toBe(false)
    expect(chooseCap(cap({ hideParticipants: true }), 'registration')).toEqual(cap({ hideParticipants: true }))
    expect(chooseCap(cap({ hideParticipants: true }), 'checkIn')).toMatchObject({ participationCapType: 'checkIn' })
  })
  it('the limit is a whole number, min 0', () => {
    expect(parseLimit('32')).toBe(32)
    expect(parseLimit('0')).toBe(0)
    expect(parseLimit('-1')).toBeNull()
    expect(parseLimit('1.5')).toBeNull()
    expect(parseLimit('')).toBeNull()
  })
})

describe('prizes', () => {
  it('a value between 0 and 1 becomes 1; never negative', () => {
    expect(prizeAmount(0.5)).toBe(1)
    expect(prizeAmount(0.01)).toBe(1)
    expect(prizeAmount(0)).toBe(0)
    expect(prizeAmount(-5)).toBe(0)
    expect(prizeAmount(1)).toBe(1)
    expect(prizeAmount(250.5)).toBe(250.5)
  })
  it('amounts are dollars with up to 2 decimals', () => {
    expect(parseAmount('100')).toBe(100)
    expect(parseAmount('0.5')).toBe(0.5)
    expect(parseAmount('')).toBe(0)
    expect(parseAmount('-1')).toBeNull()
    expect(parseAmount('1.234')).toBeNull()
    expect(parseAmount('abc')).toBeNull()
  })
  it('places are the known ones, each once', () => {
    expect(nextPrizePlace([])).toBe('1st Place')
    expect(nextPrizePlace([{ title: '1st Place' }, { title: 'Top 4' }])).toBe('2nd Place')
    expect(nextPrizePlace(['1st Place', '2nd Place', 'Top 4', 'Top 8', 'Top 16', 'Top 32'].map((title) => ({ title })))).toBeNull()
  })
})

describe('the battle start', () => {
  it("shows an instant as the venue's wall time", () => {
    expect(startToWall('2026-12-05T17:00:00Z', 'America/New_York')).toBe('2026-12-05T12:00')
    expect(startToWall('2026-07-05T16:00:00+00:00', 'America/New_York')).toBe('2026-07-05T12:00')
    expect(startToWall('2026-12-05T12:00', 'America/New_York')).toBe('2026-12-05T12:00')
    expect(startToWall(null, 'UTC')).toBeNull()
  })
  it("sends the wall time with the venue's offset on that day", () => {
    expect(wallToStart('2026-12-05T12:00', 'America/New_York')).toBe('2026-12-05T12:00:00-05:00')
    expect(wallToStart('2026-07-05T12:00', 'America/New_York')).toBe('2026-07-05T12:00:00-04:00')
    expect(wallToStart('2026-07-05T12:00', 'Asia/Kolkata')).toBe('2026-07-05T12:00:00+05:30')
    expect(wallToStart(null, 'UTC')).toBeNull()
    expect(new Date(wallToStart('2026-12-05T12:00', 'Europe/Paris') as string).toISOString()).toBe('2026-12-05T11:00:00.000Z')
  })
})

describe('saving a battle', () => {
  const draft: BattleDraft = {
    title: '  Top Rock  ',
    crewSize: 3,
    orgId: 0,
    organizationCompetitorsOnly: true,
    description: '<p>Hi<script>alert(1)</script></p>',
    hideParticipants: true,
    votersCheckedIn: true,
    thirdPlace: true,
    roundRobin: false,
    judgingMode: 'threefold',
    participationCapType: 'registration',
    limit: 16,
    style: 'bracket',
    bracketSize: 8,
    bracketLevels: [
      { name: 'Top 8', rounds: 0 },
      { name: 'Semi-final', rounds: 200 },
      { name: 'Final', rounds: 3 },
    ],
    prizesDesc: ' $500 in total ',
    prizes: [
      { title: '1st Place', amount: 0.5 },
      { title: '1st Place', amount: 20 },
      { title: 'Top 64', amount: 5 },
    ],
    startDate: '2026-12-05T12:00',
  }
  it('trims, sanitises and applies the cap, rounds and prize rules', () => {
    expect(battleForSave(draft, 'America/New_York')).toEqual({
      title: 'Top Rock',
      crewSize: 3,
      orgId: 0,
      organizationCompetitorsOnly: false,
      description: '<p>Hi</p>',
      hideParticipants: true,
      votersCheckedIn: true,
      thirdPlace: true,
      roundRobin: false,
      judgingMode: 'threefold',
      participationCapType: 'none',
      limit: 0,
      style: 'bracket',
      bracketSize: 8,
      bracketLevels: [
        { name: 'Top 8', rounds: 1 },
        { name: 'Semi-final', rounds: 101 },
        { name: 'Final', rounds: 3 },
      ],
      prizesDesc: '$500 in total',
      prizes: [{ title: '1st Place', amount: 1 }],
      startDate: '2026-12-05T12:00:00-05:00',
    })
  })
  it("the draft carries the battle's judging mode, the spec's points when an answer has none", () => {
    expect(battleUpdate(buildBattle({ judgingMode: 'five' }), null).judgingMode).toBe('five')
    // a battle read before the judging modes (the server's default fills it since)
    const older = { ...buildBattle(), judgingMode: undefined } as unknown as Battle
    expect(battleUpdate(older, null).judgingMode).toBe('points')
  })
  it('an empty description is sent empty', () => {
    expect(battleForSave({ ...draft, description: '<p></p>' }, null).description).toBe('')
  })
})
