import { describe, expect, it } from 'vitest'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay, jitteredInterval, reconnectDelay } from './backoff'

describe('backoff with full jitter', () => {
  it('grows its ceiling exponentially from the base, up to the cap', () => {
    const top = () => 0.999999
    expect(backoffDelay(0, top)).toBe(BACKOFF_BASE_MS - 1)
    expect(backoffDelay(1, top)).toBe(2 * BACKOFF_BASE_MS - 1)
    expect(backoffDelay(3, top)).toBe(8 * BACKOFF_BASE_MS - 1)
    expect(backoffDelay(20, top)).toBe(BACKOFF_CAP_MS - 1)
    expect(backoffDelay(1000, top)).toBe(BACKOFF_CAP_MS - 1)
  })
  it('spreads the delay over the whole range below the ceiling', () => {
    expect(backoffDelay(3, () => 0)).toBe(0)
    expect(backoffDelay(3, () => 0.5)).toBe(4 * BACKOFF_BASE_MS)
    const delays = new Set(Array.from({ length: 200 }, () => backoffDelay(4)))
    expect(delays.size).toBeGreaterThan(150) // 5,000 phones do not come back together
    for (const delay of delays) expect(delay).toBeLessThan(16 * BACKOFF_BASE_MS)
  })
  it("keeps the server's retry, else backs off", () => {
    expect(reconnectDelay({ failures: 3, serverRetryMs: 2345, random: () => 0.9 })).toBe(2345)
    expect(reconnectDelay({ failures: 2, random: () => 0.5 })).toBe(2 * BACKOFF_BASE_MS)
  })
  it('spreads a periodic retry around its interval', () => {
    expect(jitteredInterval(15_000, () => 0)).toBe(7_500)
    expect(jitteredInterval(15_000, () => 0.5)).toBe(15_000)
    expect(jitteredInterval(15_000, () => 0.999999)).toBe(22_500)
  })
})
