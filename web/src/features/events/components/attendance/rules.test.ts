import { describe, expect, it } from 'vitest'
import { AttemptKey, eventIsFree, isTransient, methodLabel, throttled, ticketsOnSale, tierPrices, usd, validCardNumber } from './rules'

describe('ticket rules', () => {
  it('shows cents in USD with the cents', () => {
    expect(usd(1758)).toBe('$17.58')
    expect(usd(0)).toBe('$0.00')
    expect(usd(null)).toBe('$0.00')
  })

  it('says an event is free when it has no tiers or their costs sum to 0, or as the server says', () => {
    expect(eventIsFree({ tiers: [] })).toBe(true)
    expect(eventIsFree({ tiers: [{ cost: 0 }] })).toBe(true)
    expect(eventIsFree({ tiers: [{ cost: 0 }, { cost: 500 }] })).toBe(false)
    expect(eventIsFree({ tiers: [{ cost: 500 }], isFree: true })).toBe(true)
  })

  it('sells tickets only for a published event that has not ended', () => {
    expect(ticketsOnSale({ status: 'published', isFinished: false, period: 'future' })).toBe(true)
    expect(ticketsOnSale({ status: 'published', isFinished: false, period: 'now' })).toBe(true)
    expect(ticketsOnSale({ status: 'published', isFinished: true, period: 'past' })).toBe(false)
    expect(ticketsOnSale({ status: 'draft', isFinished: false, period: 'future' })).toBe(false)
  })

  it("reads a tier's per-ticket figures from the server", () => {
    expect(tierPrices({ cost: 1500, ticketCost: 1500, ticketFees: 125, ticketTaxes: 133, ticketTotalSum: 1758 })).toEqual({
      cost: 1500,
      fees: 125,
      taxes: 133,
      total: 1758,
    })
  })

  it('names how a ticket is paid', () => {
    expect(methodLabel({ method: 'card', paid: true })).toBe('Paid by card')
    expect(methodLabel({ method: 'cash', paid: false })).toBe('Pay cash at the door')
    expect(methodLabel({ method: 'cash', paid: true })).toBe('Paid cash at the door')
    expect(methodLabel({ method: 'free', paid: true })).toBe('Free')
  })

  it('takes a card number of 12 to 19 digits, spaces allowed', () => {
    expect(validCardNumber('4242 4242 4242 4242')).toBe(true)
    expect(validCardNumber('4242')).toBe(false)
    expect(validCardNumber('4242-4242-4242-4242')).toBe(false)
  })

  it('keeps one Idempotency-Key per purchase attempt: the same on a retry, a new one after an answer or for another purchase', () => {
    let counter = 0
    const keys = new AttemptKey(() => `key-${++counter}`)
    expect(keys.for('2:card')).toBe('key-1')
    expect(keys.for('2:card')).toBe('key-1')
    keys.settle()
    expect(keys.for('2:card')).toBe('key-2')
    expect(keys.for('2:cash')).toBe('key-3')
  })

  it('lets a throttled call through once per window', () => {
    let now = 1_000
    const allow = throttled(5000, () => now)
    expect(allow()).toBe(true)
    now += 4999
    expect(allow()).toBe(false)
    now += 1
    expect(allow()).toBe(true)
  })

  it('retries the same attempt only when no answer may have reached the server', () => {
    expect(isTransient({ status: 'FETCH_ERROR', message: 'x' })).toBe(true)
    expect(isTransient({ status: 503, message: 'x' })).toBe(true)
    expect(isTransient({ status: 429, message: 'x' })).toBe(true)
    expect(isTransient({ status: 400, message: 'x' })).toBe(false)
    expect(isTransient({ status: 402, message: 'x' })).toBe(false)
  })
})
