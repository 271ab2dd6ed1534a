import { describe, expect, it } from 'vitest'
import {
  centsToDollars,
  costSummary,
  deleteQuestion,
  dollarsToCents,
  endBeforeStart,
  eventSortParam,
  eventUpdate,
  firstStep,
  isFree,
  joinLocal,
  mapsSearchUrl,
  nextCarpetName,
  normaliseUpdate,
  publishProblems,
  shareLinks,
  splitLocal,
  TOTAL_STEP,
  WIZARD_STEPS,
} from './rules'
import { placeNotFound, unplacedAddress } from '@/lib/api/places'
import { buildEvent } from '@/testing/builders'

describe('the wizard', () => {
  it('has six steps in the spec order and opens Total for an event with a title, else Info', () => {
    expect(WIZARD_STEPS).toEqual(['Info', 'Date', 'Tiers', 'Display Mode', 'Battles', 'Total'])
    expect(firstStep({ title: 'Jam' })).toBe(TOTAL_STEP)
    expect(firstStep({ title: '' })).toBe(0)
    expect(firstStep({ title: '   ' })).toBe(0)
  })
  it('asks before deleting, by title or "this event"', () => {
    expect(deleteQuestion('Winter Jam')).toBe('Are you sure you want to delete Winter Jam?')
    expect(deleteQuestion('')).toBe('Are you sure you want to delete this event?')
    expect(deleteQuestion(null)).toBe('Are you sure you want to delete this event?')
  })
})

describe('the place', () => {
  const message = 'We could not find this address on the map; check it or pick a place from the list'
  it('is required to publish, and must have been found on the map', () => {
    expect(publishProblems({ locationAddress: ' ' })).toEqual(['Location is required'])
    expect(publishProblems({ locationAddress: '404 Nowhere Lane' }, true)).toEqual([message])
    expect(publishProblems({ locationAddress: 'Brooklyn' })).toEqual([])
  })

  it('is said not found while the field holds the address the answer could not place', () => {
    const unplaced = unplacedAddress(buildEvent({ locationAddress: '404 Nowhere Lane', locationNotFound: true }))
    expect(unplaced).toBe('404 Nowhere Lane')
    expect(placeNotFound(' 404 Nowhere Lane ', unplaced)).toBe(true)
    expect(placeNotFound('404 Nowhere Lan', unplaced)).toBe(false)
    expect(unplacedAddress(buildEvent({ locationAddress: 'Brooklyn' }))).toBeNull()
    expect(placeNotFound('', null)).toBe(false)
  })
})

describe('local date and time', () => {
  it('splits and joins the API\'s wall time, 12:00 by default', () => {
    expect(splitLocal('2026-12-05T18:30')).toEqual({ date: '2026-12-05', time: '18:30' })
    expect(splitLocal('2026-12-05T18:30:00')).toEqual({ date: '2026-12-05', time: '18:30' })
    expect(splitLocal(null)).toEqual({ date: '', time: '12:00' })
    expect(joinLocal('2026-12-05', '')).toBe('2026-12-05T12:00')
    expect(joinLocal('', '18:00')).toBeNull()
  })
  it('tells when the end is before the start, not when either is missing', () => {
    expect(endBeforeStart('2026-12-05T18:00', '2026-12-05T17:59')).toBe(true)
    expect(endBeforeStart('2026-12-05T18:00', '2026-12-05T18:00')).toBe(false)
    expect(endBeforeStart('2026-12-05T18:00', '2026-12-06T09:00')).toBe(false)
    expect(endBeforeStart(null, '2026-12-06T09:00')).toBe(false)
  })
})

describe('money', () => {
  it('turns dollars into cents and back', () => {
    expect(dollarsToCents('15')).toBe(1500)
    expect(dollarsToCents('12.5')).toBe(1250)
    expect(dollarsToCents('0.50')).toBe(50)
    expect(dollarsToCents('')).toBe(0)
    expect(dollarsToCents('-3')).toBeNull()
    expect(dollarsToCents('abc')).toBeNull()
    expect(dollarsToCents('1.999')).toBeNull()
    expect(centsToDollars(1500)).toBe('15')
    expect(centsToDollars(1250)).toBe('12.50')
    expect(centsToDollars(0)).toBe('0')
  })
  it('is free without tiers or when the costs sum to 0', () => {
    expect(isFree([])).toBe(true)
    expect(isFree(null)).toBe(true)
    expect(isFree([{ cost: 0 }, { cost: 0 }])).toBe(true)
    expect(isFree([{ cost: 0 }, { cost: 100 }])).toBe(false)
  })
  it('sums up the cost as Free, $amount or $min - $max', () => {
    expect(costSummary([])).toBe('Free')
    expect(costSummary([{ cost: 2000 }])).toBe('$20')
    expect(costSummary([{ cost: 2000 }, { cost: 2000 }])).toBe('$20')
    expect(costSummary([{ cost: 1000 }, { cost: 0 }, { cost: 2550 }])).toBe('$0 - $25.50')
  })
})

describe('carpets, links and sorting', () => {
  it('names a new carpet Carpet N, never repeating a name', () => {
    expect(nextCarpetName([])).toBe('Carpet 1')
    expect(nextCarpetName([{ name: 'Carpet 1' }])).toBe('Carpet 2')
    expect(nextCarpetName([{ name: 'Main' }, { name: 'Carpet 3' }])).toBe('Carpet 4')
  })
  it('links the address to a maps search and shares to Facebook and Twitter', () => {
    expect(mapsSearchUrl('1 Main St, New York')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20New%20York')
    const links = shareLinks('https://cypher.example/event/4', 'Jam & Battle')
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcypher.example%2Fevent%2F4')
    expect(links.twitter).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Fcypher.example%2Fevent%2F4&text=Jam%20%26%20Battle')
  })
  it('sorts as field-direction', () => {
    expect(eventSortParam('date', 'asc')).toBe('date-asc')
    expect(eventSortParam('title', 'desc')).toBe('title-desc')
  })
})

describe('the saved event', () => {
  it('is the whole event, trimmed, blank optional fields null and blank tiers left out', () => {
    const update = eventUpdate(buildEvent({ title: ' Jam ', dateStart: '2026-12-05T18:30:00', website: ' ', description: '<p> </p>' }))
    update.tiers = [
      { title: ' GA ', cost: 1500, description: ' ' },
      { title: '', cost: 0, description: null },
    ]
    const saved = normaliseUpdate(update)
    expect(saved.title).toBe('Jam')
    expect(saved.dateStart).toBe('2026-12-05T18:30')
    expect(saved.website).toBeNull()
    expect(saved.tiers).toEqual([{ title: 'GA', cost: 1500, description: null }])
    expect(Object.keys(saved).sort()).toEqual(
      ['coordinates', 'dateEnd', 'dateStart', 'description', 'image', 'locationAddress', 'orgId', 'scoreboardBgImage', 'scoreboardLogo', 'tiers', 'title', 'website'].sort(),
    )
  })
})
